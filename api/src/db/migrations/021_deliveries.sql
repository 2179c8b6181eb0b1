-- Deliveries and pickups (issue 12): service areas, delivery staff, consignments with their status history, proof
-- photos and the delivery pin. A consignment is one trip of goods from a pickup point to a drop point; both ends are
-- copied as printed on its label, so a later profile change never alters a consignment on the road.

-- Service areas: a place belongs to a market when its pincode starts with one of the market's prefixes (the first
-- three digits of an Indian pincode are its sorting district). Both ends of a trip must be in one market.
CREATE TABLE delivery_markets (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,
  city text NOT NULL,
  state text NOT NULL,
  pincode_prefixes text[] NOT NULL CHECK (cardinality(pincode_prefixes) > 0)
);

INSERT INTO delivery_markets (id, name, city, state, pincode_prefixes) VALUES
  ('7c1e0a52-6a0e-4f57-9d0a-000000000001', 'Pune', 'Pune', 'Maharashtra', ARRAY['411', '412']),
  ('7c1e0a52-6a0e-4f57-9d0a-000000000002', 'Mumbai Metropolitan Region', 'Mumbai', 'Maharashtra', ARRAY['400', '401', '410', '421']),
  ('7c1e0a52-6a0e-4f57-9d0a-000000000003', 'Nagpur', 'Nagpur', 'Maharashtra', ARRAY['440', '441']),
  ('7c1e0a52-6a0e-4f57-9d0a-000000000004', 'Ahmedabad', 'Ahmedabad', 'Gujarat', ARRAY['380', '382']),
  ('7c1e0a52-6a0e-4f57-9d0a-000000000005', 'Delhi NCR', 'New Delhi', 'Delhi', ARRAY['110', '121', '122', '201']),
  ('7c1e0a52-6a0e-4f57-9d0a-000000000006', 'Jaipur', 'Jaipur', 'Rajasthan', ARRAY['302', '303']),
  ('7c1e0a52-6a0e-4f57-9d0a-000000000007', 'Bengaluru', 'Bengaluru', 'Karnataka', ARRAY['560', '562']),
  ('7c1e0a52-6a0e-4f57-9d0a-000000000008', 'Chennai', 'Chennai', 'Tamil Nadu', ARRAY['600', '601', '603']),
  ('7c1e0a52-6a0e-4f57-9d0a-000000000009', 'Hyderabad', 'Hyderabad', 'Telangana', ARRAY['500', '501']),
  ('7c1e0a52-6a0e-4f57-9d0a-00000000000a', 'Kolkata', 'Kolkata', 'West Bengal', ARRAY['700', '711']);

-- An employee the unit may assign as its delivery boy (SEASON_BOY units connected to it are the others).
ALTER TABLE users ADD COLUMN delivery_staff boolean NOT NULL DEFAULT false;

-- Barcode ids MB<yymm><6 digits>: unique for ever, so a scanned label always finds its consignment.
CREATE SEQUENCE consignment_barcode_seq;

CREATE TABLE consignments (
  id uuid PRIMARY KEY,
  barcode_id text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('ONLINE', 'OFFLINE')),
  -- OFFLINE only: SEND from the owner's warehouse to the party, COLLECT from the party to the owner's warehouse
  direction text CHECK (direction IN ('SEND', 'COLLECT')),
  -- the seller (ONLINE) or the unit that booked it (OFFLINE): assigns, cancels, prints the label
  owner_unit_id uuid NOT NULL REFERENCES units (id),
  -- the unit that gets the pin: the buyer (ONLINE), the owner (OFFLINE COLLECT), nobody on the platform (OFFLINE SEND)
  receiver_unit_id uuid REFERENCES units (id),
  order_id uuid REFERENCES orders (id),
  market_id uuid NOT NULL REFERENCES delivery_markets (id),
  pickup_date date NOT NULL,
  packages integer NOT NULL CHECK (packages > 0),
  weight_grams integer NOT NULL CHECK (weight_grams > 0),
  notes text,
  from_unit_id uuid REFERENCES units (id),
  from_unit_code text,
  from_name text NOT NULL,
  from_mobile text,
  from_address_line text,
  from_landmark text,
  from_city text,
  from_pincode text,
  from_latitude double precision,
  from_longitude double precision,
  to_unit_id uuid REFERENCES units (id),
  to_unit_code text,
  to_name text NOT NULL,
  to_mobile text,
  to_address_line text,
  to_landmark text,
  to_city text,
  to_pincode text,
  to_latitude double precision,
  to_longitude double precision,
  -- straight-line km between the ends when both have coordinates
  distance_km double precision,
  status text NOT NULL CHECK (status IN ('BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'DELIVERED', 'FAILED', 'RETURNED', 'CANCELLED')),
  assignee_user_id uuid REFERENCES users (id),
  vehicle_number text,
  -- times it went IN_TRANSIT
  attempts integer NOT NULL DEFAULT 0,
  -- set when DELIVERED: it used one of the owner's referral free deliveries
  free_delivery boolean NOT NULL DEFAULT false,
  -- the receiver's pin while IN_TRANSIT (short-lived, shown to the receiver, so kept readable), and wrong tries
  pin text,
  pin_expires_at timestamptz,
  pin_tries integer NOT NULL DEFAULT 0,
  last_latitude double precision,
  last_longitude double precision,
  last_position_at timestamptz,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((kind = 'ONLINE') = (order_id IS NOT NULL)),
  CHECK ((kind = 'OFFLINE') = (direction IS NOT NULL)),
  CHECK (status IN ('BOOKED', 'CANCELLED') OR assignee_user_id IS NOT NULL)
);
-- One live consignment per order: a cancelled or returned one may be booked again.
CREATE UNIQUE INDEX consignments_live_order ON consignments (order_id) WHERE status NOT IN ('CANCELLED', 'RETURNED');
CREATE INDEX consignments_owner ON consignments (owner_unit_id, created_at DESC);
CREATE INDEX consignments_receiver ON consignments (receiver_unit_id, created_at DESC) WHERE receiver_unit_id IS NOT NULL;
CREATE INDEX consignments_assignee ON consignments (assignee_user_id, status) WHERE assignee_user_id IS NOT NULL;

-- Every change of status, who made it and why: the tracking timeline.
CREATE TABLE consignment_events (
  id uuid PRIMARY KEY,
  consignment_id uuid NOT NULL REFERENCES consignments (id) ON DELETE CASCADE,
  status text NOT NULL,
  reason text,
  by_user_id uuid REFERENCES users (id),
  by_name text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX consignment_events_consignment ON consignment_events (consignment_id, at);

-- Proof of delivery: photos of the parcel and the receiver's signature, readable by the two parties and the assignee.
CREATE TABLE consignment_images (
  id uuid PRIMARY KEY,
  consignment_id uuid NOT NULL REFERENCES consignments (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('PARCEL', 'SIGNATURE')),
  mime_type text NOT NULL,
  size_bytes integer NOT NULL,
  content bytea NOT NULL,
  uploaded_by uuid REFERENCES users (id),
  uploaded_by_name text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX consignment_images_consignment ON consignment_images (consignment_id, created_at);
