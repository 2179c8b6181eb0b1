-- The books (issue 14), for speed: every voucher line carries its voucher's date, so a head's ledger, its opening
-- balance, the trial balance and the period totals of profit and loss are read from one index of the lines alone
-- (measured in bench/README.md), without visiting a voucher row per line. The date is a fact of the voucher copied
-- once, never a figure: a foreign key to (id, unit_id, voucher_date) keeps it equal to the voucher's, and vouchers
-- are never changed.
ALTER TABLE voucher_lines ADD COLUMN voucher_date date;

-- Lines written before this migration (the append-only trigger is set aside for this one update only).
ALTER TABLE voucher_lines DISABLE TRIGGER voucher_lines_append_only;
UPDATE voucher_lines l SET voucher_date = v.voucher_date FROM vouchers v WHERE v.id = l.voucher_id;
ALTER TABLE voucher_lines ENABLE TRIGGER voucher_lines_append_only;

-- A writer that leaves the date out gets its voucher's (ledger/post.ts always sets it).
CREATE FUNCTION voucher_line_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.voucher_date IS NULL THEN
    NEW.voucher_date := (SELECT voucher_date FROM vouchers WHERE id = NEW.voucher_id);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER voucher_lines_date BEFORE INSERT ON voucher_lines FOR EACH ROW EXECUTE FUNCTION voucher_line_date();

ALTER TABLE voucher_lines ALTER COLUMN voucher_date SET NOT NULL;
CREATE UNIQUE INDEX vouchers_id_unit_date ON vouchers (id, unit_id, voucher_date);
ALTER TABLE voucher_lines ADD CONSTRAINT voucher_lines_voucher_date
  FOREIGN KEY (voucher_id, unit_id, voucher_date) REFERENCES vouchers (id, unit_id, voucher_date);

-- A head's lines by date (ledger pages, opening balances, period totals): index-only.
CREATE INDEX voucher_lines_account_date ON voucher_lines (account_id, voucher_date, voucher_id) INCLUDE (debit_paise, credit_paise);
DROP INDEX voucher_lines_account;
-- A unit's lines by date (trial balance, profit and loss).
CREATE INDEX voucher_lines_unit_date ON voucher_lines (unit_id, voucher_date) INCLUDE (account_id, debit_paise, credit_paise);
