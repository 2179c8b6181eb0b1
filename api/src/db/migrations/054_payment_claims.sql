-- Payment claims (issue 39): a payment the payer records to a platform unit ("I paid", with a UTR) is a claim, not
-- money in the payee's books. It is a payments row in status CLAIMED with nothing posted on either side until the
-- payee confirms it, or a gateway event or a bank statement line of the payee with its UTR and amount matches it
-- (then APPLIED, posted on both sides as the claim named); a payee may reject it with a reason (REJECTED: nothing was
-- ever posted, so nothing is reversed, and its UTR is free again for the real payment).
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('APPLIED', 'UNMATCHED', 'CLAIMED', 'REJECTED'));
-- A rejected claim's UTR is not a payment: the real one may still be recorded under it.
DROP INDEX payments_utr;
CREATE UNIQUE INDEX payments_utr ON payments (utr) WHERE utr IS NOT NULL AND status <> 'REJECTED';
CREATE INDEX payments_claimed ON payments (payee_unit_id, created_at) WHERE status = 'CLAIMED';

-- What the claim names, in the payer's books (its creditor head of the payee) and how it decided.
CREATE TABLE payment_claims (
  payment_id uuid PRIMARY KEY REFERENCES payments (id),
  payer_head_id uuid NOT NULL REFERENCES ledger_accounts (id),
  -- PAYEE: the payee's person confirmed or rejected; GATEWAY / STATEMENT: matched by its UTR and amount
  decided_how text CHECK (decided_how IN ('PAYEE', 'GATEWAY', 'STATEMENT')),
  decided_by uuid REFERENCES users (id),
  decided_at timestamptz,
  reject_reason text,
  CHECK ((decided_how IS NULL) = (decided_at IS NULL))
);

-- The claim's allocation as planned when it was made, posted exactly so on confirmation: each of the payer's
-- documents (a bill, with the payee's invoice it bills) and what it settles; document_id null is on account.
CREATE TABLE payment_claim_lines (
  payment_id uuid NOT NULL REFERENCES payment_claims (payment_id),
  position int NOT NULL,
  target text NOT NULL CHECK (target IN ('PURCHASE_BILL', 'OPENING_BILL', 'ON_ACCOUNT')),
  document_id uuid,
  document_number text,
  invoice_id uuid REFERENCES sales_invoices (id),
  invoice_number text,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  PRIMARY KEY (payment_id, position)
);
CREATE INDEX payment_claim_lines_invoice ON payment_claim_lines (invoice_id) WHERE invoice_id IS NOT NULL;
