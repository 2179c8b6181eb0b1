-- Cancelling an issued document (issue 34): documents are never edited (ARCHITECTURE.md decisions 8 and 12), so a
-- cancellation is a row of its own, written in the one transaction that reverses the document's voucher, puts back
-- the stock it moved and withdraws the other side's record (the buyer's bill of an invoice, the buyer's debit note of
-- a credit note), each of which gets its own row here (`follows` names the cancellation it came with).
-- Registers, GSTR-1 and GSTR-3B leave out every document that has a row here (modules/cancellations/filter.ts).
CREATE TABLE document_cancellations (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id),
  document_type text NOT NULL CHECK (document_type IN ('SALES_INVOICE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'PURCHASE_BILL')),
  -- Ids are UUIDs, unique across the document tables: a document is cancelled once.
  document_id uuid NOT NULL UNIQUE,
  document_number text NOT NULL,
  -- The e-invoice portal's cancellation reason (CnlRsn: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others).
  reason_code text NOT NULL CHECK (reason_code IN ('1', '2', '3', '4')),
  remark text NOT NULL CHECK (length(remark) BETWEEN 1 AND 100),
  follows uuid REFERENCES document_cancellations (id),
  -- The REVERSAL voucher that undid the document's own; null when it posted none (a bill not received yet, a credit
  -- note of free units only).
  reversal_voucher_id uuid REFERENCES vouchers (id),
  cancelled_by uuid REFERENCES users (id),
  cancelled_at timestamptz NOT NULL
);
CREATE INDEX document_cancellations_unit ON document_cancellations (unit_id, cancelled_at);

-- Append-only, as the documents it cancels (010_ledger.sql).
CREATE TRIGGER document_cancellations_append_only BEFORE UPDATE OR DELETE ON document_cancellations
  FOR EACH ROW EXECUTE FUNCTION append_only();
