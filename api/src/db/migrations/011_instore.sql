-- In-store (counter) sales and quotations (issue 13). A counter sale is a row of sales_invoices (order_id null;
-- buyer_unit_id null for a walk-in buyer); what only counter sales have lives beside it in counter_sales, so the
-- invoice itself stays the append-only Rule 46 document.

-- A unit's counter rules: batches expiring within near_expiry_days of today are warned about or refused.
CREATE TABLE counter_settings (
  unit_id uuid PRIMARY KEY REFERENCES units (id) ON DELETE CASCADE,
  near_expiry_days integer NOT NULL DEFAULT 30 CHECK (near_expiry_days BETWEEN 0 AND 365),
  near_expiry_policy text NOT NULL DEFAULT 'WARN' CHECK (near_expiry_policy IN ('WARN', 'REFUSE')),
  updated_at timestamptz NOT NULL
);

CREATE TABLE quotations (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  series text NOT NULL,
  financial_year text NOT NULL,
  serial integer NOT NULL CHECK (serial > 0),
  quotation_number text NOT NULL CHECK (length(quotation_number) <= 16),
  quotation_date date NOT NULL,
  valid_until date NOT NULL,
  buyer_unit_id uuid REFERENCES units (id),
  walk_in_mobile text,
  recipient_name text NOT NULL,
  supplier jsonb NOT NULL,
  recipient jsonb NOT NULL,
  place_of_supply text NOT NULL CHECK (place_of_supply ~ '^[0-9]{2}$'),
  supply_kind text NOT NULL CHECK (supply_kind IN ('INTRA', 'INTER')),
  gross_paise bigint NOT NULL,
  discount_paise bigint NOT NULL,
  taxable_paise bigint NOT NULL,
  cgst_paise bigint NOT NULL,
  sgst_paise bigint NOT NULL,
  igst_paise bigint NOT NULL,
  round_off_paise bigint NOT NULL,
  total_paise bigint NOT NULL,
  amount_in_words text NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  UNIQUE (unit_id, series, financial_year, serial),
  CHECK (valid_until >= quotation_date)
);
CREATE INDEX quotations_unit_date ON quotations (unit_id, quotation_date);

-- Lines as sales_invoice_lines; batch_id is the batch quoted (its expiry and MRP are printed on the quotation).
CREATE TABLE quotation_lines (
  quotation_id uuid NOT NULL REFERENCES quotations (id),
  position smallint NOT NULL,
  product_id uuid NOT NULL REFERENCES products (id),
  batch_id uuid NOT NULL REFERENCES inventory_batches (id),
  product_name text NOT NULL,
  manufacturer text NOT NULL,
  pack text NOT NULL,
  hsn text NOT NULL,
  batch_no text NOT NULL,
  expiry_date date NOT NULL,
  mrp_paise integer NOT NULL,
  rate_paise integer NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  discount_bp integer NOT NULL CHECK (discount_bp BETWEEN 0 AND 10000),
  discount_paise bigint NOT NULL,
  gross_paise bigint NOT NULL,
  taxable_paise bigint NOT NULL,
  gst_rate_bp integer NOT NULL,
  cgst_paise bigint NOT NULL,
  sgst_paise bigint NOT NULL,
  igst_paise bigint NOT NULL,
  total_paise bigint NOT NULL,
  PRIMARY KEY (quotation_id, position)
);

-- The counter side of a counter invoice: how it is paid, the walk-in buyer's mobile, the quotation it came from.
-- receipt_voucher_id is set at issue for cash/UPI, later (once) when a credit sale is settled.
CREATE TABLE counter_sales (
  invoice_id uuid PRIMARY KEY REFERENCES sales_invoices (id),
  unit_id uuid NOT NULL REFERENCES units (id),
  payment_mode text NOT NULL CHECK (payment_mode IN ('CASH', 'UPI', 'CREDIT')),
  settled_by text CHECK (settled_by IN ('CASH', 'UPI')),
  receipt_voucher_id uuid,
  receipt_number text,
  paid_at timestamptz,
  walk_in_mobile text,
  -- a quotation converts once
  quotation_id uuid UNIQUE REFERENCES quotations (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  created_at timestamptz NOT NULL,
  FOREIGN KEY (receipt_voucher_id, unit_id) REFERENCES vouchers (id, unit_id),
  CHECK ((receipt_voucher_id IS NULL) = (settled_by IS NULL) AND (settled_by IS NULL) = (paid_at IS NULL)),
  CHECK (payment_mode = 'CREDIT' OR settled_by = payment_mode)
);
CREATE INDEX counter_sales_unit ON counter_sales (unit_id, created_at);

-- Quotations are issued documents: no edits. (Conversion is recorded on counter_sales.quotation_id.)
CREATE TRIGGER quotations_append_only BEFORE UPDATE OR DELETE ON quotations FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER quotation_lines_append_only BEFORE UPDATE OR DELETE ON quotation_lines FOR EACH ROW EXECUTE FUNCTION append_only();
