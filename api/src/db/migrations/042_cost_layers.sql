-- Stock at cost does not rewrite history (issue 32, item 4). Until now an inbound movement without a known cost
-- (uploads, manual additions, goods put back by an order or a return, rows older than 016) and the units a batch
-- holds beyond what its movements explain were valued at the batch's *current* PTS, else PTR: editing a batch's
-- price, or adding one unit at a new price, revalued every earlier layer and moved past balance sheets, closed
-- periods and the profit of earlier sales. From here every cost is fixed when the goods arrive, and the valuation
-- (financials/stock-valuation.ts, outward/repository.ts) never reads a batch's price.

-- 1. Backfill. What the valuation used so far is the only cost on record: the batch's PTS, else PTR, as it is now.
--    This assumes the price of those batches has not been edited since the units came in (an edit before this
--    migration is not recoverable: the old price was overwritten).
UPDATE stock_movements m SET unit_cost_paise = coalesce(b.pts_paise, b.ptr_paise)
FROM inventory_batches b
WHERE b.id = m.batch_id AND m.quantity_delta > 0 AND m.unit_cost_paise IS NULL;

-- 2. An inbound movement written without a cost gets the batch's PTS, else PTR, at the moment it is written (every
--    writer does its batch upsert first, so that is the price the units came in at). The writers that know better
--    pass it (a bill line's cost, the upload's and add stock's own price); this is the rule for the rest (orders
--    cancelled, returns into a batch without layers, hand-made rows) and for code not yet written.
CREATE FUNCTION stock_movement_cost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(b.pts_paise, b.ptr_paise) INTO NEW.unit_cost_paise FROM inventory_batches b WHERE b.id = NEW.batch_id;
  RETURN NEW;
END
$$;
-- WHEN is checked without calling the function: rows that carry a cost (imports, bills) pay nothing.
CREATE TRIGGER stock_movements_cost BEFORE INSERT ON stock_movements
  FOR EACH ROW WHEN (NEW.quantity_delta > 0 AND NEW.unit_cost_paise IS NULL) EXECUTE FUNCTION stock_movement_cost();
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_inbound_cost CHECK (quantity_delta <= 0 OR unit_cost_paise IS NOT NULL);

-- 3. Units a batch holds without a movement (written straight into the table: fixtures, hand-made data) are an
--    OPENING layer at the batch's creation; its cost is fixed then too. Backfilled like (1), under the same
--    assumption.
ALTER TABLE inventory_batches ADD COLUMN opening_cost_paise integer CHECK (opening_cost_paise >= 0);
UPDATE inventory_batches SET opening_cost_paise = coalesce(pts_paise, ptr_paise);
CREATE FUNCTION inventory_batch_opening_cost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.opening_cost_paise := coalesce(NEW.pts_paise, NEW.ptr_paise);
  RETURN NEW;
END
$$;
CREATE TRIGGER inventory_batches_opening_cost BEFORE INSERT ON inventory_batches
  FOR EACH ROW WHEN (NEW.opening_cost_paise IS NULL) EXECUTE FUNCTION inventory_batch_opening_cost();
ALTER TABLE inventory_batches ALTER COLUMN opening_cost_paise SET NOT NULL;
