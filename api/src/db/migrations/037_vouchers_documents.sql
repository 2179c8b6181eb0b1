-- Issue 32 item 5 (vouchers and documents).

-- A credit note's total makes its invoice's notes add up to the rupee-rounded sum of all their lines
-- (shared-api returns.ts creditNoteTotals), so its round-off evens out the earlier notes' and may reach ±₹0.99.
ALTER TABLE credit_notes DROP CONSTRAINT credit_notes_round_off_paise_check;
ALTER TABLE credit_notes ADD CONSTRAINT credit_notes_round_off_paise_check CHECK (round_off_paise BETWEEN -99 AND 99);

-- The unit's rules for dating its entries (ledger/dates.ts): forward dating (a journal or payment dated after
-- today, up to the end of the open financial year) is off unless the owner allows it.
CREATE TABLE books_settings (
  unit_id uuid PRIMARY KEY REFERENCES units (id) ON DELETE CASCADE,
  allow_forward_dating boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL
);

-- Bill-wise lines: one receipt or payment is one voucher with one number, whose party lines each name the document
-- they settle (ledger/outstanding.ts settles that document first; a line without one falls back to the voucher's
-- document, as every line did before). Vouchers written before stay as they were, several sharing a number: the
-- books are append-only, and those vouchers settle the same documents for the same amounts.
ALTER TABLE voucher_lines ADD COLUMN document_id uuid, ADD COLUMN document_number text;
CREATE INDEX voucher_lines_document ON voucher_lines (document_id) WHERE document_id IS NOT NULL;
