-- The orders overview (deliveries/read.ts), issue 12.

-- The "received from another unit" part read the receiver's whole index range of 023 and dropped the unit's own
-- offline collects (owner and receiver both the unit) one by one: 2,000 entries passed over on every page and every
-- total of a seller with 2,000 collects (bench/README.md, Deliveries). This index holds only what another unit sent.
CREATE INDEX consignments_received_overview ON consignments (receiver_unit_id, created_at DESC, id DESC) INCLUDE (status, kind, search_text)
  WHERE owner_unit_id <> receiver_unit_id;

-- Each API process keeps a unit's overview totals until the change log (007) says a consignment the unit owns,
-- receives or carries (through one of its users) came, went, or changed in what the totals count. Key: the unit.
-- A position report or a pin changes none of that and is not logged.
CREATE FUNCTION consignment_units(owner uuid, receiver uuid, assignee uuid) RETURNS SETOF uuid LANGUAGE sql STABLE AS $$
  SELECT owner UNION SELECT receiver WHERE receiver IS NOT NULL UNION SELECT unit_id FROM users WHERE id = assignee
$$;

CREATE FUNCTION log_consignment_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO change_log (topic, key) VALUES ('consignment', NULL);
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO change_log (topic, key)
      SELECT DISTINCT 'consignment', u FROM new_rows c, consignment_units(c.owner_unit_id, c.receiver_unit_id, c.assignee_user_id) u;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO change_log (topic, key)
      SELECT DISTINCT 'consignment', u FROM old_rows c, consignment_units(c.owner_unit_id, c.receiver_unit_id, c.assignee_user_id) u;
  ELSE
    INSERT INTO change_log (topic, key)
      SELECT DISTINCT 'consignment', u FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (SELECT consignment_units(o.owner_unit_id, o.receiver_unit_id, o.assignee_user_id)
                 UNION SELECT consignment_units(n.owner_unit_id, n.receiver_unit_id, n.assignee_user_id)) p(u)
      WHERE (o.status, o.kind, o.owner_unit_id, o.receiver_unit_id, o.assignee_user_id, o.created_at, o.search_text)
        IS DISTINCT FROM (n.status, n.kind, n.owner_unit_id, n.receiver_unit_id, n.assignee_user_id, n.created_at, n.search_text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER consignments_log_insert AFTER INSERT ON consignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_consignment_changes();
CREATE TRIGGER consignments_log_update AFTER UPDATE ON consignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_consignment_changes();
CREATE TRIGGER consignments_log_delete AFTER DELETE ON consignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_consignment_changes();
CREATE TRIGGER consignments_log_truncate AFTER TRUNCATE ON consignments
  FOR EACH STATEMENT EXECUTE FUNCTION log_consignment_changes();
