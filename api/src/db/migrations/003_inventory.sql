-- Inventory uploads (issue 3): one row per imported file, so re-uploading the same file to the same warehouse
-- is recognised (file hash) and changes nothing; the referral ledger the first inventory credits; and the one
-- view the marketplace reads stock through, which never shows an expired or fully reserved batch.

CREATE TABLE inventory_imports (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  warehouse_id uuid NOT NULL REFERENCES warehouses (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  -- sha256 of the file's bytes
  file_hash text NOT NULL,
  file_type text NOT NULL CHECK (file_type IN ('XLSX', 'XLS', 'PDF', 'TXT')),
  -- REPLACE: the warehouse's stock becomes the file; ADD: the file's quantities are added to it
  mode text NOT NULL CHECK (mode IN ('REPLACE', 'ADD')),
  rows_imported integer NOT NULL,
  rows_rejected integer NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  UNIQUE (warehouse_id, file_hash)
);
CREATE INDEX inventory_imports_unit ON inventory_imports (unit_id, created_at);

-- Referral offer (SPEC.md §1): free deliveries credited to a unit (same table as 004_registration, which
-- creates it IF NOT EXISTS); the 3 deliveries for the first inventory are credited once per unit.
CREATE TABLE IF NOT EXISTS referral_credits (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  deliveries integer NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX referral_credits_first_inventory ON referral_credits (unit_id) WHERE reason = 'FIRST_INVENTORY';

CREATE INDEX stock_movements_unit ON stock_movements (unit_id, created_at);

-- What may be sold: not expired (expiry after today) and something left after reservations. The marketplace
-- reads stock only through this view, so an expired batch can never be offered or ordered.
CREATE VIEW sellable_batches AS
SELECT
  b.id AS batch_id,
  b.unit_id,
  b.warehouse_id,
  b.product_id,
  p.name AS product_name,
  p.manufacturer,
  p.composition,
  p.pack,
  p.hsn,
  b.batch_no,
  b.expiry_date,
  b.mrp_paise,
  b.ptr_paise,
  b.pts_paise,
  b.scheme_buy,
  b.scheme_free,
  b.quantity - b.reserved AS available
FROM inventory_batches b
JOIN products p ON p.id = b.product_id
WHERE b.expiry_date > current_date AND b.quantity - b.reserved > 0;
