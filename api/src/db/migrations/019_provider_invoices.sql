-- The provider's billing (issue 15, billing/invoices): Medico B2B's monthly GST invoice to each unit for its plan and
-- the deliveries it used, made on demand for every calendar month that has ended, once per unit and month.

-- Medico B2B's own invoice series ('MB/26-27/000123'): one counter per financial year, gap-free because the row is
-- incremented in the invoice's transaction and stays locked until it commits (a rolled-back invoice gives it back).
CREATE TABLE provider_invoice_counters (
  financial_year text PRIMARY KEY CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  last_serial integer NOT NULL CHECK (last_serial > 0)
);

-- One invoice per unit and month, as issued: the recipient, plan, counts and amounts are copied so a later change of
-- the unit's profile, plan or referral credits never alters it. Only the payment columns change, once.
CREATE TABLE provider_invoices (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  -- the month billed, 'YYYY-MM' (IST)
  month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  financial_year text NOT NULL,
  serial integer NOT NULL CHECK (serial > 0),
  invoice_number text NOT NULL UNIQUE CHECK (length(invoice_number) <= 16),
  -- the first day of the next month
  invoice_date date NOT NULL,
  recipient_name text NOT NULL,
  recipient_gstin text,
  recipient_address text NOT NULL,
  -- the unit's GST state code; null when neither its GSTIN nor its address says (then billed inter-state)
  place_of_supply text CHECK (place_of_supply ~ '^[0-9]{2}$'),
  supply_kind text NOT NULL CHECK (supply_kind IN ('INTRA', 'INTER')),
  subscription_plan text NOT NULL,
  plan_paise bigint NOT NULL CHECK (plan_paise >= 0),
  deliveries integer NOT NULL CHECK (deliveries >= 0),
  free_deliveries integer NOT NULL CHECK (free_deliveries >= 0 AND free_deliveries <= deliveries),
  billable_deliveries integer NOT NULL CHECK (billable_deliveries = deliveries - free_deliveries),
  per_delivery_paise bigint NOT NULL CHECK (per_delivery_paise >= 0),
  delivery_paise bigint NOT NULL CHECK (delivery_paise = billable_deliveries * per_delivery_paise),
  taxable_paise bigint NOT NULL CHECK (taxable_paise = plan_paise + delivery_paise),
  gst_rate_bp integer NOT NULL CHECK (gst_rate_bp >= 0),
  cgst_paise bigint NOT NULL CHECK (cgst_paise >= 0),
  sgst_paise bigint NOT NULL CHECK (sgst_paise >= 0),
  igst_paise bigint NOT NULL CHECK (igst_paise >= 0),
  total_paise bigint NOT NULL CHECK (total_paise = taxable_paise + cgst_paise + sgst_paise + igst_paise),
  status text NOT NULL CHECK (status IN ('UNPAID', 'PAID')),
  paid_on date,
  -- the unit's UPI reference; unique here, and the pay route also refuses one the payments table holds
  utr text UNIQUE CHECK (utr ~ '^[0-9]{12}$'),
  -- the payment voucher in the unit's books
  voucher_id uuid,
  paid_by uuid REFERENCES users (id),
  paid_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (unit_id, month),
  UNIQUE (financial_year, serial),
  FOREIGN KEY (voucher_id, unit_id) REFERENCES vouchers (id, unit_id),
  CHECK (cgst_paise = sgst_paise),
  CHECK (supply_kind = 'INTER' OR igst_paise = 0),
  CHECK (supply_kind = 'INTRA' OR cgst_paise = 0),
  -- a zero invoice is issued paid (nothing to pay, no UTR); any other is paid only with its UTR and voucher
  CHECK ((status = 'PAID') = (paid_on IS NOT NULL)),
  CHECK (status = 'UNPAID' OR total_paise = 0 OR (utr IS NOT NULL AND voucher_id IS NOT NULL))
);
-- The list (newest first) and the unpaid total come from this index.
CREATE INDEX provider_invoices_unit ON provider_invoices (unit_id, month DESC) INCLUDE (status, total_paise);
