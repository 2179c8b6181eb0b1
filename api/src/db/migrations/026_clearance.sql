-- Near-expiry exchange (issue 18): a seller lists one batch it wants to clear at a lower PTR until a cut-off day;
-- buyers buy it as a normal order of that very batch at the offer PTR.

-- An offer runs from created_at until the seller ends it (ended_at) or its cut-off day passes (ends_on < today,
-- decided at read time: nothing has to run at midnight). ends_on is always before the batch's expiry (checked
-- when listing). No cache reads offers (the market and the dashboard query them directly), so no change_log
-- trigger; their stock changes are already logged under 'stock' by inventory_batches' triggers.
CREATE TABLE clearance_offers (
  id uuid PRIMARY KEY,
  seller_unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  batch_id uuid NOT NULL REFERENCES inventory_batches (id) ON DELETE CASCADE,
  offer_ptr_paise integer NOT NULL CHECK (offer_ptr_paise > 0),
  ends_on date NOT NULL,
  -- the seller also offers it to buyers nearby that are not connected to it (within CLEARANCE_NEARBY_KM)
  nearby_buyers boolean NOT NULL DEFAULT false,
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  ended_at timestamptz
);
-- One running offer per batch. An offer whose cut-off passed is closed (ended_at set) before a new one is listed.
CREATE UNIQUE INDEX clearance_offers_running_batch ON clearance_offers (batch_id) WHERE ended_at IS NULL;
CREATE INDEX clearance_offers_seller ON clearance_offers (seller_unit_id, created_at DESC);
CREATE INDEX clearance_offers_market ON clearance_offers (ends_on) WHERE ended_at IS NULL;

-- Cart entries: a minimum expiry date (only batches expiring on or after it) or an offer (that batch only). The same
-- product from the same seller with another date or offer is another entry; NULLs count as one value here.
ALTER TABLE cart_entries ADD COLUMN min_expiry_date date;
ALTER TABLE cart_entries ADD COLUMN clearance_offer_id uuid REFERENCES clearance_offers (id) ON DELETE CASCADE;
DROP INDEX cart_entries_product_seller;
CREATE UNIQUE INDEX cart_entries_product_seller ON cart_entries (
  cart_id, product_id, seller_unit_id,
  COALESCE(min_expiry_date, '-infinity'::date),
  COALESCE(clearance_offer_id, '00000000-0000-0000-0000-000000000000'::uuid)
);

-- Order lines keep both, so acceptance tops up only from batches the buyer asked for (an offer line: never; its
-- reservation is on the offer's batch alone).
ALTER TABLE order_lines ADD COLUMN min_expiry_date date;
ALTER TABLE order_lines ADD COLUMN clearance_offer_id uuid REFERENCES clearance_offers (id);
