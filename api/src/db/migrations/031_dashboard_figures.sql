-- The dashboard's figures (dashboard/service.ts and repository.ts), issue 16.

-- The order figures count and sum a unit's orders of the last 24 hours or week by status: ~400 orders a week for a
-- busy stockist, each on its own heap page. These indexes have the same keys as the ones they replace (the order
-- lists use them too) and carry status and total, so the figures are read from the index alone. An order's status
-- change already updated every index (the pending-orders indexes of migration 025 are partial on status).
CREATE INDEX orders_seller_figures ON orders (seller_unit_id, created_at DESC) INCLUDE (status, total_paise);
CREATE INDEX orders_buyer_figures ON orders (buyer_unit_id, created_at DESC) INCLUDE (status, total_paise);
DROP INDEX orders_seller;
DROP INDEX orders_buyer;

-- Each API process keeps a warehouse's stock figures, the largest part of a fresh dashboard, until the change log
-- (007) says one of its batches came, went or changed. Key: the warehouse (both, when a batch moves between two).
CREATE FUNCTION log_warehouse_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO change_log (topic, key) VALUES ('warehouse', NULL);
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO change_log (topic, key) SELECT DISTINCT 'warehouse', warehouse_id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO change_log (topic, key) SELECT DISTINCT 'warehouse', warehouse_id FROM old_rows;
  ELSE
    INSERT INTO change_log (topic, key) SELECT 'warehouse', warehouse_id FROM old_rows UNION SELECT 'warehouse', warehouse_id FROM new_rows;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER inventory_batches_log_warehouse_insert AFTER INSERT ON inventory_batches
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_warehouse_stock();
CREATE TRIGGER inventory_batches_log_warehouse_update AFTER UPDATE ON inventory_batches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_warehouse_stock();
CREATE TRIGGER inventory_batches_log_warehouse_delete AFTER DELETE ON inventory_batches
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_warehouse_stock();
CREATE TRIGGER inventory_batches_log_warehouse_truncate AFTER TRUNCATE ON inventory_batches
  FOR EACH STATEMENT EXECUTE FUNCTION log_warehouse_stock();
