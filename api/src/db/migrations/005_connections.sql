-- Customers and connections: the lookups the connections feature makes on top of migration 002's table.

-- A buyer's own connections (its stockists list, "may I see this seller's stock?").
CREATE INDEX connections_buyer ON connections (buyer_unit_id, status);

-- Finding traders near a place: a latitude/longitude bounding box narrows the rows before the exact distance.
CREATE INDEX warehouses_location ON warehouses (latitude, longitude);
CREATE INDEX units_type_activated ON units (customer_type, activated);
