-- A document between two businesses has two sides (ARCHITECTURE.md decision 12, issue 32): a seller's credit note
-- to a platform buyer is recorded in the buyer's books as a debit note against the buyer's bill of that invoice
-- (the purchase return side). One debit note per credit note; a buyer's own debit notes have none.
ALTER TABLE debit_notes ADD COLUMN credit_note_id uuid REFERENCES credit_notes (id);
CREATE UNIQUE INDEX debit_notes_credit_note ON debit_notes (credit_note_id) WHERE credit_note_id IS NOT NULL;
