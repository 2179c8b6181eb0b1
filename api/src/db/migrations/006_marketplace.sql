-- Marketplace (issue 4): product search, the multi-seller cart, orders with stock reservations, search history.

-- Search: every product's words (name, salt/composition, manufacturer, pack), lower case, letters and digits
-- split apart ("650mg" → "650", "mg"), one row per word. A btree on the word answers "word starts with …" from the
-- index (text_pattern_ops), on PGlite and on any PostgreSQL, without an extension. Kept by a trigger, so products
-- created by an inventory upload are searchable at once.
CREATE TABLE product_words (
  word text NOT NULL,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  -- 0: a word of the product name; 1: of the composition; 2: manufacturer or pack (name hits rank first)
  field smallint NOT NULL,
  PRIMARY KEY (word, product_id, field)
);
CREATE INDEX product_words_prefix ON product_words (word text_pattern_ops);
CREATE INDEX product_words_product ON product_words (product_id);

CREATE FUNCTION product_words_of(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(
    regexp_replace(regexp_replace(regexp_replace(lower(coalesce(t, '')), '([0-9])([a-z])', '\1 \2', 'g'),
      '([a-z])([0-9])', '\1 \2', 'g'), '[^a-z0-9]+', ' ', 'g'),
    ' ') AS w
  WHERE w <> ''
$$;

-- Statement-level with a transition table: one INSERT … SELECT per statement, so a bulk import of 10,000 products
-- costs one pass instead of 10,000 trigger calls.
CREATE FUNCTION product_words_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_words WHERE product_id IN (SELECT id FROM changed_products);
  INSERT INTO product_words (word, product_id, field)
    SELECT w, p.id, 0 FROM changed_products p, product_words_of(p.name) w
    UNION SELECT w, p.id, 1 FROM changed_products p, product_words_of(p.composition) w
    UNION SELECT w, p.id, 2 FROM changed_products p, product_words_of(p.manufacturer || ' ' || p.pack) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER products_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION product_words_refresh();
CREATE TRIGGER products_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION product_words_refresh();

-- Products that exist before this migration.
INSERT INTO product_words (word, product_id, field)
  SELECT w, p.id, 0 FROM products p, product_words_of(p.name) w
  UNION SELECT w, p.id, 1 FROM products p, product_words_of(p.composition) w
  UNION SELECT w, p.id, 2 FROM products p, product_words_of(p.manufacturer || ' ' || p.pack) w
ON CONFLICT DO NOTHING;

-- Sellable stock of a product is found by product, then filtered by expiry and what is left after reservations.
CREATE INDEX inventory_batches_product_unit ON inventory_batches (product_id, unit_id, expiry_date);

CREATE TABLE search_history (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  query text NOT NULL,
  searched_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, query)
);
CREATE INDEX search_history_recent ON search_history (user_id, searched_at DESC);

-- The cart keeps which product each entry is (the names stay as shown when added) and when it was last submitted:
-- a cart that was submitted and not refilled answers a second submit with E0043, a missing cart with E0044.
ALTER TABLE carts ADD COLUMN submitted_at timestamptz;
ALTER TABLE cart_entries ADD COLUMN product_id uuid REFERENCES products (id);
ALTER TABLE cart_entries ADD COLUMN pack text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX cart_entries_product_seller ON cart_entries (cart_id, product_id, seller_unit_id);

CREATE SEQUENCE order_number_seq;

CREATE TABLE orders (
  id uuid PRIMARY KEY,
  -- ORD-YYMM-000123: what people read out on the phone
  order_number text NOT NULL UNIQUE,
  buyer_unit_id uuid NOT NULL REFERENCES units (id),
  seller_unit_id uuid NOT NULL REFERENCES units (id),
  placed_by uuid REFERENCES users (id),
  status text NOT NULL CHECK (status IN ('PLACED', 'ACCEPTED', 'REJECTED')),
  -- the date GST rates were read for
  order_date date NOT NULL,
  item_count integer NOT NULL,
  taxable_paise bigint NOT NULL,
  gst_paise bigint NOT NULL,
  total_paise bigint NOT NULL,
  reject_reason text,
  decided_by uuid REFERENCES users (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX orders_seller ON orders (seller_unit_id, created_at DESC);
CREATE INDEX orders_buyer ON orders (buyer_unit_id, created_at DESC);

CREATE TABLE order_lines (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id),
  product_name text NOT NULL,
  manufacturer text NOT NULL,
  pack text NOT NULL,
  hsn text,
  quantity integer NOT NULL CHECK (quantity > 0),
  free_quantity integer NOT NULL CHECK (free_quantity >= 0),
  ptr_paise integer NOT NULL,
  mrp_paise integer NOT NULL,
  gst_rate_bp integer NOT NULL,
  taxable_paise bigint NOT NULL,
  gst_paise bigint NOT NULL,
  total_paise bigint NOT NULL,
  position integer NOT NULL
);
CREATE INDEX order_lines_order ON order_lines (order_id, position);

-- Which batches an order holds: RESERVED from submit (inventory_batches.reserved counts them), then ACCEPTED
-- (stock moved out, first expiry first) or RELEASED (rejected, or re-allocated at acceptance).
CREATE TABLE order_allocations (
  id uuid PRIMARY KEY,
  order_line_id uuid NOT NULL REFERENCES order_lines (id) ON DELETE CASCADE,
  batch_id uuid NOT NULL REFERENCES inventory_batches (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  status text NOT NULL CHECK (status IN ('RESERVED', 'ACCEPTED', 'RELEASED')),
  created_at timestamptz NOT NULL
);
CREATE INDEX order_allocations_line ON order_allocations (order_line_id);
CREATE INDEX order_allocations_batch ON order_allocations (batch_id) WHERE status = 'RESERVED';
