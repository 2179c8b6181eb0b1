-- Credit terms (issue 39 item 4): what a seller allows each buyer, set by the seller on its customer. One row per
-- seller-buyer pair, written by the seller only; a pair without a row takes its terms from the seller's move-in
-- parties file (book_parties.credit_days / credit_limit_paise of the party linked to the buyer), else none.
CREATE TABLE credit_terms (
  seller_unit_id uuid NOT NULL REFERENCES units (id),
  buyer_unit_id uuid NOT NULL REFERENCES units (id),
  -- days from the invoice date to its due date; null or 0: due on receipt
  credit_days integer CHECK (credit_days BETWEEN 0 AND 365),
  -- the most the buyer may owe the seller (invoiced and still open + orders not yet invoiced); null: no limit
  credit_limit_paise bigint CHECK (credit_limit_paise >= 0),
  -- refuse a new order (E0052) while the buyer has an overdue invoice or the order would take it over its limit
  block_new_orders boolean NOT NULL DEFAULT false,
  updated_by uuid REFERENCES users (id),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (seller_unit_id, buyer_unit_id),
  CHECK (seller_unit_id <> buyer_unit_id)
);

-- An invoice carries the buyer's credit days at issue and its due date (invoice date + those days). Added columns,
-- so the append-only trigger is untouched; invoices issued before this have neither and are due on their date.
ALTER TABLE sales_invoices ADD COLUMN credit_days integer, ADD COLUMN due_date date;
