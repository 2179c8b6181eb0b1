-- The orders overview's total (deliveries/read.ts) counts a seller's consignments on every page. The overview indexes
-- of 023 carry the search text, so counting through them read more pages than the table, and PostgreSQL scanned the
-- table: 2.8 ms of a first page's 3.7 ms for 10,000 consignments (bench/README.md, Deliveries). A narrow index
-- counts them index-only, with or without the status filter.
CREATE INDEX consignments_owner_status ON consignments (owner_unit_id, status);
