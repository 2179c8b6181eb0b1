-- Accounting core (issue 13): a double-entry ledger per unit that every money document posts to, gap-free document
-- numbers, the GST rate rule, and sales tax invoices. Money is integer paise (bigint), rates basis points.

-- The GST rate of an HSN code on a day: the most specific code on record (longest prefix: '30049099' before
-- '3004'), and of its rates the one that took effect last on or before the day. NULL when none is on record.
-- Orders, invoices and the inventory list all read rates by this one rule.
CREATE FUNCTION gst_rate_bp(p_hsn text, p_on date) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT g.rate_bp FROM hsn_gst_rates g
  WHERE p_hsn IS NOT NULL AND left(p_hsn, length(g.hsn)) = g.hsn AND g.effective_from <= p_on
  ORDER BY length(g.hsn) DESC, g.effective_from DESC
  LIMIT 1
$$;

-- Heads of account, per unit. A default chart (codes as in shared-api SYSTEM_HEADS) is created on a unit's first
-- posting; parties get a head each on first use ('DEBTOR:<unit id>', 'CREDITOR:<unit id>'); custom heads
-- ('CUSTOM:<id>') are added by people. The group (shared-api ACCOUNT_GROUPS) decides where a head shows in the books.
CREATE TABLE ledger_accounts (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  code text NOT NULL,
  name text NOT NULL CHECK (length(trim(name)) > 0),
  group_code text NOT NULL CHECK (group_code IN ('SALES', 'PURCHASES', 'DIRECT_INCOMES', 'INDIRECT_INCOMES', 'DIRECT_EXPENSES',
    'INDIRECT_EXPENSES', 'DUTIES_TAXES', 'SUNDRY_DEBTORS', 'SUNDRY_CREDITORS', 'CASH_IN_HAND', 'BANK_ACCOUNTS', 'STOCK_IN_HAND',
    'CURRENT_ASSETS', 'FIXED_ASSETS', 'CURRENT_LIABILITIES', 'LOANS', 'CAPITAL')),
  -- party heads: the counterparty unit
  party_unit_id uuid REFERENCES units (id),
  system boolean NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (unit_id, code),
  -- lets voucher lines prove their head is their own unit's
  UNIQUE (id, unit_id)
);
CREATE UNIQUE INDEX ledger_accounts_name ON ledger_accounts (unit_id, lower(name));

-- One voucher per money document (invoice, credit or debit note, receipt, payment, journal), written in the
-- document's transaction by ledger/post.ts. Never changed: a mistake is undone by a REVERSAL voucher (reverses_id).
CREATE TABLE vouchers (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  kind text NOT NULL CHECK (kind IN ('SALES', 'PURCHASE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'RECEIPT', 'PAYMENT', 'JOURNAL', 'CONTRA', 'REVERSAL')),
  voucher_date date NOT NULL,
  -- what it posts: 'SALES_INVOICE' + the invoice's id and number, …
  document_type text NOT NULL CHECK (document_type ~ '^[A-Z][A-Z_]*$'),
  document_id uuid,
  document_number text,
  narration text NOT NULL DEFAULT '',
  reverses_id uuid UNIQUE,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  UNIQUE (id, unit_id),
  FOREIGN KEY (reverses_id, unit_id) REFERENCES vouchers (id, unit_id),
  CHECK ((kind = 'REVERSAL') = (reverses_id IS NOT NULL))
);
CREATE INDEX vouchers_unit_date ON vouchers (unit_id, voucher_date);
CREATE INDEX vouchers_document ON vouchers (document_id);

CREATE TABLE voucher_lines (
  voucher_id uuid NOT NULL,
  position smallint NOT NULL,
  unit_id uuid NOT NULL,
  account_id uuid NOT NULL,
  -- exactly one side is non-zero
  debit_paise bigint NOT NULL CHECK (debit_paise >= 0),
  credit_paise bigint NOT NULL CHECK (credit_paise >= 0),
  PRIMARY KEY (voucher_id, position),
  FOREIGN KEY (voucher_id, unit_id) REFERENCES vouchers (id, unit_id),
  FOREIGN KEY (account_id, unit_id) REFERENCES ledger_accounts (id, unit_id),
  CHECK ((debit_paise = 0) <> (credit_paise = 0))
);
CREATE INDEX voucher_lines_account ON voucher_lines (account_id);

-- Debits equal credits, checked when the transaction commits (the lines are written after their voucher), for
-- every voucher written or added to: an unbalanced or empty voucher cannot be committed, whoever writes it.
CREATE FUNCTION voucher_must_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  debits bigint;
  credits bigint;
  lines integer;
BEGIN
  SELECT coalesce(sum(debit_paise), 0), coalesce(sum(credit_paise), 0), count(*) INTO debits, credits, lines
    FROM voucher_lines WHERE voucher_id = v;
  IF lines < 2 OR debits <> credits THEN
    RAISE EXCEPTION 'voucher % does not balance: % lines, debits % paise, credits % paise', v, lines, debits, credits
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER vouchers_balance AFTER INSERT ON vouchers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION voucher_must_balance('id');
CREATE CONSTRAINT TRIGGER voucher_lines_balance AFTER INSERT ON voucher_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION voucher_must_balance('voucher_id');

-- Books and issued documents are append-only (a reversal or a credit note corrects them).
CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never changed or deleted: reverse or credit them instead', TG_TABLE_NAME USING ERRCODE = 'object_not_in_prerequisite_state';
END
$$;
CREATE TRIGGER vouchers_append_only BEFORE UPDATE OR DELETE ON vouchers FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER voucher_lines_append_only BEFORE UPDATE OR DELETE ON voucher_lines FOR EACH ROW EXECUTE FUNCTION append_only();

-- Gap-free numbers: one counter per unit, series (INV, CN, DN, QTN, …) and financial year. The row is updated in
-- the document's own transaction and stays locked until it commits, so numbers are consecutive and a rolled-back
-- document gives its number back.
CREATE TABLE document_counters (
  unit_id uuid NOT NULL REFERENCES units (id),
  series text NOT NULL CHECK (series ~ '^[A-Z]{2,3}$'),
  -- '2026-27': April to March
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  last_serial integer NOT NULL CHECK (last_serial > 0),
  PRIMARY KEY (unit_id, series, financial_year)
);

-- Tax invoices (Rule 46 of the CGST Rules). Both parties are copied as printed (supplier, recipient: shared-api
-- DocumentParty), so a later profile change never alters an issued invoice; the filterable bits are columns too.
CREATE TABLE sales_invoices (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  series text NOT NULL,
  financial_year text NOT NULL,
  serial integer NOT NULL CHECK (serial > 0),
  invoice_number text NOT NULL CHECK (length(invoice_number) <= 16 AND invoice_number ~ '^[A-Za-z0-9/-]+$'),
  invoice_date date NOT NULL,
  -- a marketplace order (one invoice per order); null for counter sales
  order_id uuid UNIQUE REFERENCES orders (id),
  -- the buyer when it is a unit on the platform
  buyer_unit_id uuid REFERENCES units (id),
  recipient_name text NOT NULL,
  recipient_gstin text,
  supplier jsonb NOT NULL,
  recipient jsonb NOT NULL,
  place_of_supply text NOT NULL CHECK (place_of_supply ~ '^[0-9]{2}$'),
  supply_kind text NOT NULL CHECK (supply_kind IN ('INTRA', 'INTER')),
  reverse_charge boolean NOT NULL DEFAULT false,
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
  voucher_id uuid NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  UNIQUE (unit_id, series, financial_year, serial),
  UNIQUE (unit_id, invoice_number),
  FOREIGN KEY (voucher_id, unit_id) REFERENCES vouchers (id, unit_id),
  CHECK (gross_paise - discount_paise = taxable_paise),
  CHECK (taxable_paise + cgst_paise + sgst_paise + igst_paise + round_off_paise = total_paise),
  CHECK (cgst_paise = sgst_paise)
);
-- Lists and registers by period: pages by (date, serial) and the period's totals come from the index alone.
CREATE INDEX sales_invoices_unit_date ON sales_invoices (unit_id, invoice_date, serial)
  INCLUDE (id, buyer_unit_id, taxable_paise, cgst_paise, sgst_paise, igst_paise, round_off_paise, total_paise);
CREATE INDEX sales_invoices_buyer ON sales_invoices (buyer_unit_id, invoice_date);

-- One line per batch, with what a purchase bill or a credit note needs (product, batch, expiry, MRP, rate, taxes).
CREATE TABLE sales_invoice_lines (
  invoice_id uuid NOT NULL REFERENCES sales_invoices (id),
  position smallint NOT NULL,
  product_id uuid REFERENCES products (id),
  -- the seller's batch the units left from
  batch_id uuid REFERENCES inventory_batches (id),
  order_line_id uuid REFERENCES order_lines (id),
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
  PRIMARY KEY (invoice_id, position),
  CHECK (quantity + free_quantity > 0),
  CHECK (gross_paise - discount_paise = taxable_paise),
  CHECK (taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise)
);

CREATE TRIGGER sales_invoices_append_only BEFORE UPDATE OR DELETE ON sales_invoices FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER sales_invoice_lines_append_only BEFORE UPDATE OR DELETE ON sales_invoice_lines FOR EACH ROW EXECUTE FUNCTION append_only();
