-- The orders overview of deliveries (issue 12) over many consignments: a seller with 10,000 gets a page, its total
-- and a search in a few milliseconds (bench/consignments.ts).

-- What the overview's search box matches, lower-cased in one column: the barcode id, the order number, both names
-- and the delivery boy's name. Kept by triggers, so no write path can forget it; matched with LIKE '%…%' (no
-- per-row case folding, no joins to orders or users while scanning).
ALTER TABLE consignments ADD COLUMN search_text text NOT NULL DEFAULT '';

CREATE FUNCTION consignment_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ',
    NEW.barcode_id,
    (SELECT o.order_number FROM orders o WHERE o.id = NEW.order_id),
    NEW.from_name,
    NEW.to_name,
    (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = NEW.assignee_user_id)));
  RETURN NEW;
END $$;

CREATE TRIGGER consignments_search_text BEFORE INSERT OR UPDATE OF barcode_id, order_id, from_name, to_name, assignee_user_id ON consignments
  FOR EACH ROW EXECUTE FUNCTION consignment_search_text();

-- A delivery boy who changes his name is found under the new one (setting the column to itself fires the trigger above).
CREATE FUNCTION consignment_search_text_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE consignments SET assignee_user_id = assignee_user_id WHERE assignee_user_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_consignment_search_text AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION consignment_search_text_of_user();

UPDATE consignments SET assignee_user_id = assignee_user_id;

-- One index per side the caller can stand on, newest first with the id as tie-break (the overview's order), holding
-- what the filters read: a page is the first entries of an index range, a total or a search an index-only scan of
-- the caller's entries, never the wide rows. They replace 021's owner and receiver indexes (same leading columns).
DROP INDEX consignments_owner;
DROP INDEX consignments_receiver;
CREATE INDEX consignments_owner_overview ON consignments (owner_unit_id, created_at DESC, id DESC) INCLUDE (status, kind, search_text);
CREATE INDEX consignments_receiver_overview ON consignments (receiver_unit_id, created_at DESC, id DESC) INCLUDE (status, kind, owner_unit_id, search_text)
  WHERE receiver_unit_id IS NOT NULL;
CREATE INDEX consignments_assignee_overview ON consignments (assignee_user_id, created_at DESC, id DESC) INCLUDE (status, kind, owner_unit_id, receiver_unit_id, search_text)
  WHERE assignee_user_id IS NOT NULL;
