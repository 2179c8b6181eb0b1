-- Sales returns (issue 13): credit notes (CGST Act section 34) raised by the seller against one issued sales
-- invoice, and the non-saleable ("expired/damaged") store the returned goods may go to instead of saleable stock.
-- Credit notes are issued documents: append-only like the invoices; a mistake is corrected by another document.

CREATE TABLE credit_notes (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  series text NOT NULL,
  financial_year text NOT NULL,
  serial integer NOT NULL CHECK (serial > 0),
  credit_note_number text NOT NULL CHECK (length(credit_note_number) <= 16 AND credit_note_number ~ '^[A-Za-z0-9/-]+$'),
  credit_note_date date NOT NULL,
  invoice_id uuid NOT NULL REFERENCES sales_invoices (id),
  -- copied from the invoice: who may read it, and the parties as printed
  buyer_unit_id uuid REFERENCES units (id),
  recipient_name text NOT NULL,
  recipient_gstin text,
  supplier jsonb NOT NULL,
  recipient jsonb NOT NULL,
  place_of_supply text NOT NULL CHECK (place_of_supply ~ '^[0-9]{2}$'),
  supply_kind text NOT NULL CHECK (supply_kind IN ('INTRA', 'INTER')),
  item_count integer NOT NULL,
  gross_paise bigint NOT NULL,
  discount_paise bigint NOT NULL,
  taxable_paise bigint NOT NULL,
  cgst_paise bigint NOT NULL,
  sgst_paise bigint NOT NULL,
  igst_paise bigint NOT NULL,
  round_off_paise bigint NOT NULL CHECK (round_off_paise BETWEEN -49 AND 50),
  total_paise bigint NOT NULL CHECK (total_paise % 100 = 0),
  amount_in_words text NOT NULL,
  note text,
  -- null only when nothing is credited (free units alone): a voucher of zeros cannot be posted
  voucher_id uuid,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  UNIQUE (unit_id, series, financial_year, serial),
  UNIQUE (unit_id, credit_note_number),
  FOREIGN KEY (voucher_id, unit_id) REFERENCES vouchers (id, unit_id),
  CHECK (gross_paise - discount_paise = taxable_paise),
  CHECK (taxable_paise + cgst_paise + sgst_paise + igst_paise + round_off_paise = total_paise),
  CHECK (cgst_paise = sgst_paise),
  CHECK ((voucher_id IS NULL) = (taxable_paise = 0))
);
CREATE INDEX credit_notes_unit_date ON credit_notes (unit_id, credit_note_date, serial);
CREATE INDEX credit_notes_invoice ON credit_notes (invoice_id);
CREATE INDEX credit_notes_buyer ON credit_notes (buyer_unit_id, credit_note_date);

-- Lines shaped like sales_invoice_lines; rate_paise is the credited rate (PTR, or PTR × credit_percent_bp).
CREATE TABLE credit_note_lines (
  credit_note_id uuid NOT NULL REFERENCES credit_notes (id),
  position smallint NOT NULL,
  invoice_id uuid NOT NULL,
  invoice_position smallint NOT NULL,
  product_id uuid REFERENCES products (id),
  batch_id uuid REFERENCES inventory_batches (id),
  product_name text NOT NULL,
  manufacturer text NOT NULL,
  pack text NOT NULL,
  hsn text NOT NULL,
  batch_no text NOT NULL,
  expiry_date date NOT NULL,
  mrp_paise integer NOT NULL CHECK (mrp_paise >= 0),
  rate_paise integer NOT NULL CHECK (rate_paise >= 0),
  invoice_rate_paise integer NOT NULL CHECK (invoice_rate_paise >= 0),
  credit_percent_bp integer NOT NULL CHECK (credit_percent_bp BETWEEN 1 AND 10000),
  quantity integer NOT NULL CHECK (quantity >= 0),
  free_quantity integer NOT NULL CHECK (free_quantity >= 0),
  discount_bp integer NOT NULL CHECK (discount_bp BETWEEN 0 AND 10000),
  discount_paise bigint NOT NULL,
  gross_paise bigint NOT NULL,
  taxable_paise bigint NOT NULL,
  gst_rate_bp integer NOT NULL,
  cgst_paise bigint NOT NULL,
  sgst_paise bigint NOT NULL,
  igst_paise bigint NOT NULL,
  total_paise bigint NOT NULL,
  reason text NOT NULL CHECK (reason IN ('DAMAGED', 'EXPIRED', 'WRONG_ITEM', 'OTHER')),
  destination text NOT NULL CHECK (destination IN ('SALEABLE', 'NON_SALEABLE')),
  PRIMARY KEY (credit_note_id, position),
  FOREIGN KEY (invoice_id, invoice_position) REFERENCES sales_invoice_lines (invoice_id, position),
  CHECK (quantity + free_quantity > 0),
  CHECK (gross_paise - discount_paise = taxable_paise),
  CHECK (taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise)
);
-- "already returned" of an invoice line
CREATE INDEX credit_note_lines_invoice ON credit_note_lines (invoice_id, invoice_position);

-- The non-saleable store: goods taken back that may not be sold (expired, damaged), per warehouse and batch.
-- A separate table from inventory_batches, so neither sellable_batches nor any stock count can ever include them;
-- every change is a row here (its balance is the sum), which explains the store as stock_movements explain stock.
CREATE TABLE non_saleable_stock_movements (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  -- the warehouse of the batch the goods were sold from (null for a counter sale without a batch of ours)
  warehouse_id uuid REFERENCES warehouses (id),
  product_id uuid REFERENCES products (id),
  batch_id uuid REFERENCES inventory_batches (id),
  product_name text NOT NULL,
  batch_no text NOT NULL,
  expiry_date date NOT NULL,
  mrp_paise integer NOT NULL,
  quantity_delta integer NOT NULL CHECK (quantity_delta <> 0),
  reason text NOT NULL CHECK (reason IN ('DAMAGED', 'EXPIRED', 'WRONG_ITEM', 'OTHER')),
  -- what caused it: 'CREDIT_NOTE' + the credit note's id (later: destruction, return to the manufacturer)
  source_type text NOT NULL CHECK (source_type ~ '^[A-Z][A-Z_]*$'),
  source_id uuid,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX non_saleable_stock_movements_unit ON non_saleable_stock_movements (unit_id, created_at);
CREATE INDEX non_saleable_stock_movements_source ON non_saleable_stock_movements (source_id);

CREATE VIEW non_saleable_stock AS
SELECT unit_id, warehouse_id, product_id, product_name, batch_no, expiry_date, mrp_paise, sum(quantity_delta)::integer AS quantity
FROM non_saleable_stock_movements
GROUP BY unit_id, warehouse_id, product_id, product_name, batch_no, expiry_date, mrp_paise
HAVING sum(quantity_delta) <> 0;

CREATE TRIGGER credit_notes_append_only BEFORE UPDATE OR DELETE ON credit_notes FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER credit_note_lines_append_only BEFORE UPDATE OR DELETE ON credit_note_lines FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER non_saleable_stock_movements_append_only BEFORE UPDATE OR DELETE ON non_saleable_stock_movements FOR EACH ROW EXECUTE FUNCTION append_only();
