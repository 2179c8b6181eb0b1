-- E-invoices (issue 34): every B2B invoice, credit note and debit note of a unit with e-invoicing on is reported to
-- the Invoice Registration Portal (IRP). The documents stay append-only Rule 46 documents: what the portal answers
-- (IRN, acknowledgement, signed QR) and where the registration stands live here, one row per document.

-- The owner's choice (aggregate turnover above ₹5 crore in any year since 2017-18): off until the owner turns it on.
ALTER TABLE books_settings ADD COLUMN e_invoicing boolean NOT NULL DEFAULT false;

CREATE TABLE e_invoices (
  id uuid PRIMARY KEY,
  -- The unit that issued the document (the seller of the payload: a debit note's issuer is the buyer of the goods).
  unit_id uuid NOT NULL REFERENCES units (id),
  document_type text NOT NULL CHECK (document_type IN ('INV', 'CRN', 'DBN')),
  -- sales_invoices, credit_notes or debit_notes by document_type.
  document_id uuid NOT NULL,
  -- Copied from the document for the queue's list (the document itself never changes).
  document_number text NOT NULL,
  document_date date NOT NULL,
  party_name text NOT NULL,
  party_gstin text NOT NULL,
  total_paise bigint NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'REGISTERED', 'REFUSED', 'CANCELLED')),
  irn text UNIQUE,
  ack_no text,
  ack_date timestamptz,
  signed_qr text,
  signed_invoice text,
  refusal_code text,
  refusal_message text,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_attempt_at timestamptz,
  -- PENDING: when the background loop sends it again (null: not by itself, e.g. REFUSED).
  next_attempt_at timestamptz,
  -- While one sender (the issuing flow, a retry, one API process's loop) has it at the portal: nobody else sends it
  -- until then; a sender that died leaves it to the loop once this has passed.
  sending_until timestamptz,
  cancelled_at timestamptz,
  cancel_reason_code text CHECK (cancel_reason_code IN ('1', '2', '3', '4')),
  cancel_remark text CHECK (length(cancel_remark) <= 100),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (document_type, document_id),
  CHECK (status <> 'REGISTERED' OR (irn IS NOT NULL AND ack_no IS NOT NULL AND ack_date IS NOT NULL)),
  CHECK (status <> 'REFUSED' OR (refusal_code IS NOT NULL AND refusal_message IS NOT NULL))
);

-- The retry loop: due PENDING rows, oldest due first.
CREATE INDEX e_invoices_queue ON e_invoices (status, next_attempt_at);
-- Sales → E-invoices: the unit's rows by state, newest first.
CREATE INDEX e_invoices_list ON e_invoices (unit_id, status, created_at DESC);
