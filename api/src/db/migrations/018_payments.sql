-- UPI payments (issue 15). The unit's UPI accounts are its payout_accounts of kind UPI (one list with /profile): a
-- VPA may name the bank account it pays into, and one UPI account per unit is the default (the VPA on QR codes).
ALTER TABLE payout_accounts DROP CONSTRAINT payout_accounts_check;
ALTER TABLE payout_accounts ADD CONSTRAINT payout_accounts_details CHECK (
  (kind = 'BANK' AND account_number IS NOT NULL AND ifsc IS NOT NULL AND vpa IS NULL)
  OR (kind = 'UPI' AND vpa IS NOT NULL AND (account_number IS NULL) = (ifsc IS NULL))
);
ALTER TABLE payout_accounts ADD COLUMN is_default boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX payout_accounts_one_default ON payout_accounts (unit_id) WHERE is_default;
-- A gateway's event names the payee by VPA: a VPA is one unit's.
CREATE UNIQUE INDEX payout_accounts_vpa ON payout_accounts (lower(vpa)) WHERE kind = 'UPI';
UPDATE payout_accounts p SET is_default = true
WHERE p.kind = 'UPI' AND p.id = (SELECT q.id FROM payout_accounts q WHERE q.unit_id = p.unit_id AND q.kind = 'UPI' ORDER BY q.created_at, q.id LIMIT 1);

-- A payment request: money a payee expects from a payer, with the UPI link (am, tn, tr) its QR encodes.
-- INVOICES / AMOUNT: a seller asks a debtor; MEMO: a paper memo turned payable; PAYOUT: the unit pays someone
-- (payments/upi/create) and the QR is the payee's. `reference` is the tr a gateway echoes back.
CREATE TABLE payment_requests (
  id uuid PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('INVOICES', 'AMOUNT', 'MEMO', 'PAYOUT')),
  -- whose request it is: the payee, or (PAYOUT) the payer
  unit_id uuid NOT NULL REFERENCES units (id),
  payee_unit_id uuid REFERENCES units (id),
  payer_unit_id uuid REFERENCES units (id),
  -- the owner's party head (debtor for a payee, creditor for a PAYOUT), when the other side is in its books
  party_account_id uuid REFERENCES ledger_accounts (id),
  payee_name text NOT NULL,
  payee_vpa text NOT NULL,
  -- PAYOUT: the payee's mobile as given (SPEC.md §3 payee number)
  payee_mobile text,
  payer_name text NOT NULL,
  payer_mobile text,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  note text,
  memo_kind text CHECK (memo_kind IN ('DELIVERY_MEMO', 'CREDIT_MEMO')),
  memo_number text,
  memo_date date,
  image bytea,
  image_mime text,
  status text NOT NULL CHECK (status IN ('OPEN', 'PARTLY_PAID', 'PAID', 'CANCELLED')),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  CHECK ((kind = 'MEMO') = (memo_kind IS NOT NULL AND memo_number IS NOT NULL AND memo_date IS NOT NULL)),
  CHECK ((kind = 'PAYOUT') = (payer_unit_id = unit_id)),
  CHECK (kind = 'PAYOUT' OR payee_unit_id = unit_id)
);
CREATE INDEX payment_requests_unit ON payment_requests (unit_id, created_at DESC);
CREATE INDEX payment_requests_payer ON payment_requests (payer_unit_id, created_at DESC) WHERE payer_unit_id IS NOT NULL;
CREATE UNIQUE INDEX payment_requests_memo ON payment_requests (unit_id, upper(memo_number)) WHERE kind = 'MEMO';

-- The invoices a request asks to be paid, and how much of each.
CREATE TABLE payment_request_invoices (
  request_id uuid NOT NULL REFERENCES payment_requests (id),
  invoice_id uuid NOT NULL REFERENCES sales_invoices (id),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  PRIMARY KEY (request_id, invoice_id)
);
CREATE INDEX payment_request_invoices_invoice ON payment_request_invoices (invoice_id);

-- One movement of money from a payer to a payee. Either side may be outside the platform (unit null, a name).
-- APPLIED: posted in the books of each platform side (payment_allocations); UNMATCHED: money the payee received
-- that nothing explains yet (a gateway payment without a known tr, a bank statement credit), waiting in the queue.
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  payee_unit_id uuid REFERENCES units (id),
  payer_unit_id uuid REFERENCES units (id),
  payee_name text NOT NULL,
  payer_name text NOT NULL,
  method text NOT NULL CHECK (method IN ('UPI', 'CASH', 'CHEQUE', 'BANK_TRANSFER')),
  utr text CHECK (utr ~ '^\d{12}$'),
  cheque_number text,
  provider text NOT NULL CHECK (provider IN ('MANUAL', 'GATEWAY', 'STATEMENT')),
  provider_payment_id text,
  payer_vpa text,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  paid_on date NOT NULL,
  request_id uuid REFERENCES payment_requests (id),
  status text NOT NULL CHECK (status IN ('APPLIED', 'UNMATCHED')),
  unmatched_reason text CHECK (unmatched_reason IN ('NO_REFERENCE', 'UNKNOWN_REFERENCE', 'AMOUNT_MISMATCH', 'REQUEST_CLOSED', 'STATEMENT')),
  note text,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  CHECK (payee_unit_id IS NOT NULL OR payer_unit_id IS NOT NULL),
  CHECK ((status = 'UNMATCHED') = (unmatched_reason IS NOT NULL)),
  CHECK ((provider = 'GATEWAY') = (provider_payment_id IS NOT NULL))
);
-- A payment is recorded once: a UTR is one payment, a gateway's payment id is one payment.
CREATE UNIQUE INDEX payments_utr ON payments (utr) WHERE utr IS NOT NULL;
CREATE UNIQUE INDEX payments_provider_id ON payments (provider, provider_payment_id) WHERE provider_payment_id IS NOT NULL;
CREATE INDEX payments_payee ON payments (payee_unit_id, paid_on DESC) WHERE payee_unit_id IS NOT NULL;
CREATE INDEX payments_payer ON payments (payer_unit_id, paid_on DESC) WHERE payer_unit_id IS NOT NULL;
CREATE INDEX payments_unmatched ON payments (payee_unit_id, created_at) WHERE status = 'UNMATCHED';
CREATE INDEX payments_request ON payments (request_id) WHERE request_id IS NOT NULL;

-- How a payment sits in one unit's books: each part is one voucher (a receipt for the payee, a payment for the
-- payer) naming the document it settles (the voucher's document), or on account (the payment's own id).
CREATE TABLE payment_allocations (
  payment_id uuid NOT NULL REFERENCES payments (id),
  unit_id uuid NOT NULL REFERENCES units (id),
  position smallint NOT NULL,
  target text NOT NULL CHECK (target IN ('SALES_INVOICE', 'PURCHASE_BILL', 'ON_ACCOUNT')),
  document_id uuid,
  document_number text,
  document_date date,
  due_paise bigint,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  voucher_id uuid NOT NULL,
  voucher_number text NOT NULL,
  PRIMARY KEY (payment_id, unit_id, position),
  FOREIGN KEY (voucher_id, unit_id) REFERENCES vouchers (id, unit_id),
  CHECK ((target = 'ON_ACCOUNT') = (document_id IS NULL))
);
CREATE INDEX payment_allocations_document ON payment_allocations (document_id) WHERE document_id IS NOT NULL;

-- Every gateway event as received: the dedup key and what was done with it (an audit trail of the webhook).
CREATE TABLE gateway_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  provider_payment_id text NOT NULL,
  type text NOT NULL,
  occurred_at timestamptz NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('APPLIED', 'QUEUED', 'DUPLICATE', 'IGNORED')),
  payment_id uuid REFERENCES payments (id),
  body jsonb NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);
CREATE INDEX gateway_events_payment ON gateway_events (provider, provider_payment_id, occurred_at);

-- Lines of imported bank statements; a line already imported (same unit, date, UTR and amount) is not taken twice.
-- A matched line moves the payment's money from UPI Clearing to the bank (a contra voucher).
CREATE TABLE bank_statement_lines (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  file_name text NOT NULL,
  line_date date NOT NULL,
  narration text NOT NULL,
  utr text,
  amount_paise bigint NOT NULL CHECK (amount_paise <> 0),
  outcome text NOT NULL CHECK (outcome IN ('MATCHED', 'QUEUED', 'UNMATCHED', 'SKIPPED')),
  payment_id uuid REFERENCES payments (id),
  contra_voucher_id uuid,
  imported_at timestamptz NOT NULL,
  FOREIGN KEY (contra_voucher_id, unit_id) REFERENCES vouchers (id, unit_id)
);
CREATE UNIQUE INDEX bank_statement_lines_once ON bank_statement_lines (unit_id, line_date, utr, amount_paise) WHERE utr IS NOT NULL;
-- a payment is reconciled once per side
CREATE UNIQUE INDEX bank_statement_lines_payment ON bank_statement_lines (unit_id, payment_id) WHERE payment_id IS NOT NULL;
