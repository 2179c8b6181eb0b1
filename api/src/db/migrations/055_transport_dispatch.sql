-- Dispatch by transport (issue 39): an accepted order the seller hands to its own transport or a courier/transporter
-- instead of a delivery boy, e.g. an outstation order no delivery market joins. It is a consignment like any other
-- (both sides track it where they track deliveries), carried by TRANSPORT: no delivery boy, no pin, no market needed.
ALTER TABLE consignments ADD COLUMN carrier text NOT NULL DEFAULT 'DELIVERY_BOY' CHECK (carrier IN ('DELIVERY_BOY', 'TRANSPORT'));
ALTER TABLE consignments ADD COLUMN transporter_name text;
-- the transporter's GSTIN or TRANSIN: Part B of an e-way bill names it
ALTER TABLE consignments ADD COLUMN transporter_id text;
-- the LR (lorry receipt) or docket number and its date
ALTER TABLE consignments ADD COLUMN docket_number text;
ALTER TABLE consignments ADD COLUMN docket_date date;
ALTER TABLE consignments ADD COLUMN freight_paise bigint CHECK (freight_paise >= 0);

-- A delivery boy works within one market; a transport needs none (it keeps the shared market when there is one).
ALTER TABLE consignments ALTER COLUMN market_id DROP NOT NULL;
ALTER TABLE consignments ADD CONSTRAINT consignments_carrier_market CHECK (carrier = 'TRANSPORT' OR market_id IS NOT NULL);
-- Transport is for marketplace orders, and always names who carries it under which docket.
ALTER TABLE consignments ADD CONSTRAINT consignments_transport_whole CHECK (
  carrier = 'DELIVERY_BOY' OR (kind = 'ONLINE' AND transporter_name IS NOT NULL AND docket_number IS NOT NULL AND docket_date IS NOT NULL AND assignee_user_id IS NULL)
);
-- Moving goods had a delivery boy (021); a transport's goods move without one.
ALTER TABLE consignments DROP CONSTRAINT consignments_check2;
ALTER TABLE consignments ADD CONSTRAINT consignments_assigned CHECK (status IN ('BOOKED', 'CANCELLED') OR assignee_user_id IS NOT NULL OR carrier = 'TRANSPORT');

-- Proof of delivery from the transporter: a photo (re-encoded like the others) or the PDF it sends.
ALTER TABLE consignment_images DROP CONSTRAINT consignment_images_kind_check;
ALTER TABLE consignment_images ADD CONSTRAINT consignment_images_kind_check CHECK (kind IN ('PARCEL', 'SIGNATURE', 'POD'));
