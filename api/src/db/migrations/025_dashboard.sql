-- The dashboard (issue 16): what buyers look for, and the indexes its one-request answer reads.

-- Most-searched products: one counter per product per IST day, fed by the search module in batches (a global
-- search counts for the product it shows first, opening a product's sellers counts for that product). Buyers'
-- identities are not kept: the dashboard shows demand, not who searched.
CREATE TABLE product_search_hits (
  day date NOT NULL,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  hits integer NOT NULL CHECK (hits > 0),
  PRIMARY KEY (day, product_id)
);

-- Orders awaiting a decision, whatever their age: a seller's (or buyer's) pending orders without reading its history.
CREATE INDEX orders_seller_pending ON orders (seller_unit_id) INCLUDE (total_paise) WHERE status = 'PLACED';
CREATE INDEX orders_buyer_pending ON orders (buyer_unit_id) INCLUDE (total_paise) WHERE status = 'PLACED';
