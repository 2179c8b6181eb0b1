-- The books (issue 14): closing a financial year. Once a unit closes a year (April–March, IST) no voucher may be dated
-- in it: ledger/post.ts refuses first with E0012, and this trigger refuses whatever else writes a voucher. Balances
-- carry forward by themselves (ledgers are cumulative; income and expense heads restart each year when read).
CREATE TABLE financial_year_closures (
  unit_id uuid NOT NULL REFERENCES units (id),
  -- '2025-26'
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  closed_at timestamptz NOT NULL,
  closed_by uuid REFERENCES users (id),
  -- income less expense heads of the year when it was closed (ledger only, no stock adjustment)
  net_profit_paise bigint NOT NULL,
  PRIMARY KEY (unit_id, financial_year)
);

-- '2026-03-31' → '2025-26' (shared-api financialYear()).
CREATE FUNCTION financial_year_of(d date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT y::text || '-' || lpad(((y + 1) % 100)::text, 2, '0')
  FROM (SELECT extract(year FROM d)::int - CASE WHEN extract(month FROM d) < 4 THEN 1 ELSE 0 END AS y) s
$$;

-- SQLSTATE MB012 lets the API tell this refusal from other errors.
CREATE FUNCTION voucher_year_must_be_open() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fy text := financial_year_of(NEW.voucher_date);
BEGIN
  IF EXISTS (SELECT 1 FROM financial_year_closures WHERE unit_id = NEW.unit_id AND financial_year = fy) THEN
    RAISE EXCEPTION 'financial year % is closed: no voucher may be dated %', fy, NEW.voucher_date USING ERRCODE = 'MB012';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER vouchers_year_open BEFORE INSERT ON vouchers FOR EACH ROW EXECUTE FUNCTION voucher_year_must_be_open();

-- Closures are never undone.
CREATE TRIGGER financial_year_closures_append_only BEFORE UPDATE OR DELETE ON financial_year_closures FOR EACH ROW EXECUTE FUNCTION append_only();
