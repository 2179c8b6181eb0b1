-- The orders overview's search (deliveries/read.ts) is a case-insensitive "contains" over consignments.search_text.
-- A term that matches often stops early in the overview indexes' order; one that matches rarely (a scanned barcode
-- id, an order number) read every one of the seller's entries: ~3 ms of PostgreSQL for 10,000 consignments, and
-- search missed the overview's p95 target (bench/README.md). A trigram index finds such rows directly; PostgreSQL
-- picks it or the ordered index by how many rows the words are expected to match.
-- The advisory lock: concurrent first migrations (API tests, one schema per file) would race on CREATE EXTENSION.
SELECT pg_advisory_xact_lock(4242029);
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE INDEX consignments_search_trgm ON consignments USING gin (search_text public.gin_trgm_ops);
