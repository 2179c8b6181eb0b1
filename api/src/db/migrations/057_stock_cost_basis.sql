-- What stock that arrives without a cost (a stock file with no Cost column, stock added by hand) is valued at, per unit
-- (issue 39 item 5): its PTS (else its PTR), its PTR, or its PTR less a margin (basis points). Kept with the unit's other
-- books settings; a unit without a row values at PTS, as before.
ALTER TABLE books_settings ADD COLUMN stock_cost_basis text NOT NULL DEFAULT 'PTS'
  CHECK (stock_cost_basis IN ('PTS', 'PTR', 'PTR_LESS_MARGIN'));
ALTER TABLE books_settings ADD COLUMN stock_cost_margin_bp integer NOT NULL DEFAULT 0
  CHECK (stock_cost_margin_bp BETWEEN 0 AND 9000 AND (stock_cost_basis = 'PTR_LESS_MARGIN' OR stock_cost_margin_bp = 0));
