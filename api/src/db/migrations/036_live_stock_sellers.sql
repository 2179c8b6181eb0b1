-- The live channel (modules/live/hub.ts) told every buyer's open tabs the product ids of any seller's stock change,
-- connected or not (issue 33). A stock row of the change log now names the seller whose batches changed, so each
-- process can tell a buyer only of the sellers whose stock it may see (connections/visibility.ts).
--   unit_id: the unit a change belongs to, where a topic needs it (topic 'stock': the batches' seller); NULL otherwise.
ALTER TABLE change_log ADD COLUMN unit_id uuid;

-- One row per product and seller a statement touched (a seller's import of 100,000 batches still writes one row per
-- product: its batches are all its own).
CREATE FUNCTION log_batch_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_log (topic, key, unit_id) SELECT DISTINCT 'stock', product_id, unit_id FROM changed_rows;
  RETURN NULL;
END
$$;

DROP TRIGGER inventory_batches_log_insert ON inventory_batches;
DROP TRIGGER inventory_batches_log_update ON inventory_batches;
DROP TRIGGER inventory_batches_log_delete ON inventory_batches;
CREATE TRIGGER inventory_batches_log_insert AFTER INSERT ON inventory_batches
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_batch_stock();
CREATE TRIGGER inventory_batches_log_update AFTER UPDATE ON inventory_batches
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_batch_stock();
CREATE TRIGGER inventory_batches_log_delete AFTER DELETE ON inventory_batches
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_batch_stock();
