-- The dashboard's stock figures (dashboard/repository.ts, warehouseStock) read every batch of the active warehouse:
-- ~1,000 for a stockist, each on its own heap page once the table is shared by many units, so a fresh dashboard spent
-- most of its PostgreSQL time fetching those pages (bench/README.md, Dashboard). This index has the same key as the
-- one it replaces and carries the columns the figures use, so they are read from the index alone (~20 pages).
-- The price: a change of quantity or reserved now updates the index too (before, such an update could stay on its
-- page without touching any index).
CREATE INDEX inventory_batches_warehouse_stock ON inventory_batches (unit_id, warehouse_id)
  INCLUDE (id, product_id, expiry_date, quantity, reserved, ptr_paise, scheme_free);
DROP INDEX inventory_batches_unit;
