-- E-way bills on consignments (issue 34; CGST Rules rule 138). Goods above the threshold for their states may not
-- move without one: Part A describes the goods (from the order's sales invoice, or the document an offline pickup
-- declares), Part B the vehicle; validity runs from the first Part B.

-- 1. An offline pickup's goods, as the unit declares them (CreateOfflinePickup.goods): its own invoice, bill of supply
--    or delivery challan. All null for ONLINE consignments (their goods are the order's invoice) and for offline
--    pickups booked without goods (no value known: no e-way bill can be judged or made).
ALTER TABLE consignments
  ADD COLUMN goods_document_type text CHECK (goods_document_type IN ('INV', 'CHL', 'BIL')),
  ADD COLUMN goods_document_number text,
  ADD COLUMN goods_document_date date,
  ADD COLUMN goods_value_paise bigint CHECK (goods_value_paise >= 0),
  ADD COLUMN goods_hsn text,
  -- The other party's GSTIN when it is registered; null: unregistered ('URP' on the e-way bill).
  ADD COLUMN goods_party_gstin text;
ALTER TABLE consignments ADD CONSTRAINT consignments_goods_whole CHECK (
  (goods_document_type IS NULL) = (goods_document_number IS NULL)
  AND (goods_document_type IS NULL) = (goods_document_date IS NULL)
  AND (goods_document_type IS NULL) = (goods_value_paise IS NULL)
  AND (goods_document_type IS NULL) = (goods_hsn IS NULL)
  AND (goods_document_type IS NOT NULL OR goods_party_gstin IS NULL)
);
ALTER TABLE consignments ADD CONSTRAINT consignments_goods_offline CHECK (kind = 'OFFLINE' OR goods_document_type IS NULL);

-- 2. The e-way bills the portal generated for a consignment, live and cancelled (never deleted: the number is the
--    portal's). `part_a` is Part A as printed (shared-api EwayBill.partA); `request` the generate request as sent
--    (what the vehicle update and an extension read their place and state from, and an audit of what was declared).
CREATE TABLE eway_bills (
  id uuid PRIMARY KEY,
  consignment_id uuid NOT NULL REFERENCES consignments (id),
  -- The unit that generated it (the consignment's owner), whose GSTIN the portal knows it by.
  unit_id uuid NOT NULL REFERENCES units (id),
  ewb_number text NOT NULL UNIQUE CHECK (ewb_number ~ '^\d{12}$'),
  generated_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('ACTIVE', 'CANCELLED')),
  -- Null until Part B gives a vehicle: validity starts then.
  valid_from timestamptz,
  valid_until timestamptz,
  distance_km integer NOT NULL CHECK (distance_km BETWEEN 1 AND 4000),
  part_a jsonb NOT NULL,
  request jsonb NOT NULL,
  vehicle_number text,
  transport_mode text CHECK (transport_mode IN ('ROAD', 'RAIL', 'AIR', 'SHIP')),
  part_b_updated_at timestamptz,
  cancel_reason_code text CHECK (cancel_reason_code IN ('1', '2', '3', '4')),
  cancel_remark text,
  cancelled_at timestamptz,
  extensions integer NOT NULL DEFAULT 0 CHECK (extensions >= 0),
  -- The validity the owner and the delivery boy were warned about (an extension moves valid_until: warned again).
  expiry_warned_for timestamptz,
  created_by uuid REFERENCES users (id),
  CHECK ((vehicle_number IS NULL) = (part_b_updated_at IS NULL) AND (vehicle_number IS NULL) = (transport_mode IS NULL)),
  CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL)),
  CHECK ((valid_from IS NULL) = (valid_until IS NULL))
);

-- At most one live bill per consignment; a new one only after the last is cancelled.
CREATE UNIQUE INDEX eway_bills_one_active ON eway_bills (consignment_id) WHERE status = 'ACTIVE';
-- A consignment's bills, newest first (the detail shows the live one, else the last cancelled).
CREATE INDEX eway_bills_consignment ON eway_bills (consignment_id, generated_at DESC);
-- The expiry warning's scan: live bills with a validity.
CREATE INDEX eway_bills_valid_until ON eway_bills (valid_until) WHERE status = 'ACTIVE' AND valid_until IS NOT NULL;
