-- Issue 32 item 5 (vouchers and documents).

-- A credit note's total makes its invoice's notes add up to the rupee-rounded sum of all their lines
-- (shared-api returns.ts creditNoteTotals), so its round-off evens out the earlier notes' and may reach ±₹0.99.
ALTER TABLE credit_notes DROP CONSTRAINT credit_notes_round_off_paise_check;
ALTER TABLE credit_notes ADD CONSTRAINT credit_notes_round_off_paise_check CHECK (round_off_paise BETWEEN -99 AND 99);
