-- The shared trade model the inventory, marketplace and customers features build on: one product master for every
-- seller, GST by HSN with the date each rate took effect, batch-wise stock per warehouse with a movement ledger
-- (on-hand always equals the sum of its movements), and trade connections that decide who sees whose stock.

CREATE TABLE hsn_gst_rates (
  hsn text NOT NULL,
  effective_from date NOT NULL,
  -- basis points: 500 = 5 %, so rates stay integers like money
  rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 2800),
  PRIMARY KEY (hsn, effective_from)
);

CREATE TABLE products (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  manufacturer text NOT NULL,
  composition text,
  pack text NOT NULL DEFAULT '',
  hsn text,
  -- normalised "name|pack|manufacturer": how uploaded rows are matched to the master
  match_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

CREATE TABLE inventory_batches (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  warehouse_id uuid NOT NULL REFERENCES warehouses (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id),
  batch_no text NOT NULL,
  expiry_date date NOT NULL,
  mrp_paise integer NOT NULL CHECK (mrp_paise >= 0),
  ptr_paise integer NOT NULL CHECK (ptr_paise >= 0),
  pts_paise integer CHECK (pts_paise >= 0),
  -- on hand; changed only together with a stock_movements row in the same transaction
  quantity integer NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  -- held for submitted orders not yet accepted; available = quantity - reserved
  reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0 AND reserved <= quantity),
  -- trade scheme "buy scheme_buy get scheme_free free", e.g. 10 + 1
  scheme_buy integer CHECK (scheme_buy > 0),
  scheme_free integer CHECK (scheme_free >= 0),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (warehouse_id, product_id, batch_no)
);
CREATE INDEX inventory_batches_product ON inventory_batches (product_id, expiry_date);
CREATE INDEX inventory_batches_unit ON inventory_batches (unit_id, warehouse_id);

CREATE TABLE stock_movements (
  id uuid PRIMARY KEY,
  batch_id uuid NOT NULL REFERENCES inventory_batches (id) ON DELETE CASCADE,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('UPLOAD', 'MANUAL_ADD', 'ADJUSTMENT', 'SALE', 'RETURN', 'ORDER')),
  quantity_delta integer NOT NULL,
  -- what caused it: an import id, an order id, …
  reference text,
  note text,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX stock_movements_batch ON stock_movements (batch_id, created_at);

CREATE TABLE connections (
  id uuid PRIMARY KEY,
  buyer_unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  seller_unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'DECLINED', 'DISCONNECTED')),
  -- SPEC.md §6: access = sees all the seller's inventory and may order online; no access = sees none
  has_access boolean NOT NULL DEFAULT false,
  requested_at timestamptz NOT NULL,
  decided_at timestamptz,
  UNIQUE (buyer_unit_id, seller_unit_id),
  CHECK (buyer_unit_id <> seller_unit_id)
);
CREATE INDEX connections_seller ON connections (seller_unit_id, status);

-- A seller's preference (SPEC.md §3): approve connection requests without asking.
ALTER TABLE units ADD COLUMN auto_approve boolean NOT NULL DEFAULT false;
