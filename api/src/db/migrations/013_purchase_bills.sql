-- Purchase bills (issue 13): the buyer's record of what it bought. A bill from a seller on the platform is written
-- in the same transaction as the seller's sales invoice (lines copied, nothing re-keyed); a manual bill is keyed in
-- for a supplier outside the platform. Either waits as PENDING until the buyer receives it: Receive takes the goods
-- into stock and posts the purchase voucher (input tax is claimed once the goods are in hand, CGST Act s.16(2)(b)).
CREATE TABLE purchase_bills (
  id uuid PRIMARY KEY,
  -- the buyer
  unit_id uuid NOT NULL REFERENCES units (id),
  source text NOT NULL CHECK (source IN ('PLATFORM', 'MANUAL')),
  -- PLATFORM: the seller's invoice (one bill per invoice) and the seller
  sales_invoice_id uuid UNIQUE REFERENCES sales_invoices (id),
  supplier_unit_id uuid REFERENCES units (id),
  -- MANUAL: the buyer's own creditor head for the outside supplier
  creditor_account_id uuid,
  -- shared-api DocumentParty as the bill printed it
  supplier jsonb NOT NULL,
  supplier_name text NOT NULL,
  supplier_gstin text,
  bill_number text NOT NULL,
  bill_date date NOT NULL,
  supply_kind text NOT NULL CHECK (supply_kind IN ('INTRA', 'INTER')),
  item_count integer NOT NULL,
  gross_paise bigint NOT NULL,
  discount_paise bigint NOT NULL,
  taxable_paise bigint NOT NULL,
  cgst_paise bigint NOT NULL,
  sgst_paise bigint NOT NULL,
  igst_paise bigint NOT NULL,
  round_off_paise bigint NOT NULL CHECK (round_off_paise BETWEEN -49 AND 50),
  total_paise bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('PENDING', 'RECEIVED')),
  warehouse_id uuid REFERENCES warehouses (id),
  voucher_id uuid,
  receipt_note text,
  received_by uuid REFERENCES users (id),
  received_at timestamptz,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  FOREIGN KEY (voucher_id, unit_id) REFERENCES vouchers (id, unit_id),
  FOREIGN KEY (creditor_account_id) REFERENCES ledger_accounts (id),
  CHECK ((source = 'PLATFORM') = (sales_invoice_id IS NOT NULL AND supplier_unit_id IS NOT NULL)),
  CHECK ((source = 'MANUAL') = (creditor_account_id IS NOT NULL)),
  CHECK ((status = 'RECEIVED') = (voucher_id IS NOT NULL AND received_at IS NOT NULL AND warehouse_id IS NOT NULL)),
  CHECK (gross_paise - discount_paise = taxable_paise),
  CHECK (taxable_paise + cgst_paise + sgst_paise + igst_paise + round_off_paise = total_paise)
);
CREATE INDEX purchase_bills_unit_date ON purchase_bills (unit_id, bill_date);
-- a supplier's bill number is entered once per buyer
CREATE UNIQUE INDEX purchase_bills_manual_number ON purchase_bills (unit_id, creditor_account_id, upper(bill_number)) WHERE source = 'MANUAL';

-- Lines shaped like sales_invoice_lines, plus what Receive records: units received (short receipt allowed), the
-- buyer's own sale price (PTR for its customers) and the buyer's batch the units went into.
CREATE TABLE purchase_bill_lines (
  bill_id uuid NOT NULL REFERENCES purchase_bills (id),
  position smallint NOT NULL,
  product_id uuid NOT NULL REFERENCES products (id),
  product_name text NOT NULL,
  manufacturer text NOT NULL,
  pack text NOT NULL,
  hsn text NOT NULL,
  batch_no text NOT NULL,
  expiry_date date NOT NULL,
  mrp_paise integer NOT NULL CHECK (mrp_paise >= 0),
  rate_paise integer NOT NULL CHECK (rate_paise >= 0),
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
  -- set by Receive: billed + free units that arrived
  received_quantity integer CHECK (received_quantity >= 0 AND received_quantity <= quantity + free_quantity),
  sale_price_paise integer CHECK (sale_price_paise >= 0),
  batch_id uuid REFERENCES inventory_batches (id),
  PRIMARY KEY (bill_id, position),
  CHECK (quantity + free_quantity > 0),
  CHECK (gross_paise - discount_paise = taxable_paise),
  CHECK (taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise)
);

-- Stock taken in from a purchase bill, and sent back against a debit note.
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_kind_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_kind_check
  CHECK (kind IN ('UPLOAD', 'MANUAL_ADD', 'ADJUSTMENT', 'SALE', 'RETURN', 'ORDER', 'PURCHASE', 'PURCHASE_RETURN'));

-- Purchase returns: debit notes the buyer issues against a received bill's lines ('DN' series). The goods leave the
-- buyer's batch (a PURCHASE_RETURN movement) and the creditor is debited, in one transaction. Issued: never changed.
CREATE TABLE debit_notes (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  bill_id uuid NOT NULL REFERENCES purchase_bills (id),
  series text NOT NULL,
  financial_year text NOT NULL,
  serial integer NOT NULL CHECK (serial > 0),
  note_number text NOT NULL CHECK (length(note_number) <= 16),
  note_date date NOT NULL,
  -- shared-api DocumentParty: the buyer issuing it, and the supplier it is sent to
  issuer jsonb NOT NULL,
  supplier jsonb NOT NULL,
  supplier_name text NOT NULL,
  supply_kind text NOT NULL CHECK (supply_kind IN ('INTRA', 'INTER')),
  reason text NOT NULL,
  item_count integer NOT NULL,
  gross_paise bigint NOT NULL,
  discount_paise bigint NOT NULL,
  taxable_paise bigint NOT NULL,
  cgst_paise bigint NOT NULL,
  sgst_paise bigint NOT NULL,
  igst_paise bigint NOT NULL,
  round_off_paise bigint NOT NULL CHECK (round_off_paise BETWEEN -49 AND 50),
  total_paise bigint NOT NULL,
  amount_in_words text NOT NULL,
  voucher_id uuid NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  UNIQUE (unit_id, series, financial_year, serial),
  UNIQUE (unit_id, note_number),
  FOREIGN KEY (voucher_id, unit_id) REFERENCES vouchers (id, unit_id),
  CHECK (gross_paise - discount_paise = taxable_paise),
  CHECK (taxable_paise + cgst_paise + sgst_paise + igst_paise + round_off_paise = total_paise)
);
CREATE INDEX debit_notes_unit_date ON debit_notes (unit_id, note_date);
CREATE INDEX debit_notes_bill ON debit_notes (bill_id);

CREATE TABLE debit_note_lines (
  debit_note_id uuid NOT NULL REFERENCES debit_notes (id),
  position smallint NOT NULL,
  -- the bill line returned against, and the buyer's batch the units left
  bill_position smallint NOT NULL,
  batch_id uuid REFERENCES inventory_batches (id),
  product_id uuid NOT NULL REFERENCES products (id),
  product_name text NOT NULL,
  manufacturer text NOT NULL,
  pack text NOT NULL,
  hsn text NOT NULL,
  batch_no text NOT NULL,
  expiry_date date NOT NULL,
  mrp_paise integer NOT NULL CHECK (mrp_paise >= 0),
  rate_paise integer NOT NULL CHECK (rate_paise >= 0),
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
  PRIMARY KEY (debit_note_id, position),
  CHECK (quantity + free_quantity > 0),
  CHECK (gross_paise - discount_paise = taxable_paise),
  CHECK (taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise)
);

CREATE TRIGGER debit_notes_append_only BEFORE UPDATE OR DELETE ON debit_notes FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER debit_note_lines_append_only BEFORE UPDATE OR DELETE ON debit_note_lines FOR EACH ROW EXECUTE FUNCTION append_only();

-- Purchase orders to suppliers outside the platform ('PO' series): what the buyer asks for, printed and sent.
-- Nothing is booked (no voucher); the supplier's bill, when it comes, is entered as a manual bill.
CREATE TABLE supplier_orders (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  series text NOT NULL,
  financial_year text NOT NULL,
  serial integer NOT NULL CHECK (serial > 0),
  order_number text NOT NULL CHECK (length(order_number) <= 16),
  order_date date NOT NULL,
  supplier_name text NOT NULL,
  supplier_gstin text,
  supplier_phone text,
  notes text,
  item_count integer NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  UNIQUE (unit_id, series, financial_year, serial),
  UNIQUE (unit_id, order_number)
);
CREATE INDEX supplier_orders_unit_date ON supplier_orders (unit_id, order_date);

CREATE TABLE supplier_order_lines (
  order_id uuid NOT NULL REFERENCES supplier_orders (id),
  position smallint NOT NULL,
  product_id uuid NOT NULL REFERENCES products (id),
  product_name text NOT NULL,
  manufacturer text NOT NULL,
  pack text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  free_quantity integer NOT NULL CHECK (free_quantity >= 0),
  -- the rate the buyer expects (optional)
  rate_paise integer CHECK (rate_paise >= 0),
  PRIMARY KEY (order_id, position)
);

CREATE TRIGGER supplier_orders_append_only BEFORE UPDATE OR DELETE ON supplier_orders FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER supplier_order_lines_append_only BEFORE UPDATE OR DELETE ON supplier_order_lines FOR EACH ROW EXECUTE FUNCTION append_only();
