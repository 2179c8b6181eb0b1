-- Search moves to an in-memory index in the API (modules/search): product words are split there, so the
-- product_words table and its trigger go (they also cost every inventory import a pass over its new products).
DROP TRIGGER products_words_insert ON products;
DROP TRIGGER products_words_update ON products;
DROP FUNCTION product_words_refresh();
DROP TABLE product_words;
DROP FUNCTION product_words_of(text);

-- What changed, and in which transaction, for the caches each API process keeps (db/change-feed.ts): every process
-- reads the rows of transactions that ended since it last looked (by transaction id against its snapshot's xmin, so
-- a long transaction that commits late is never skipped) and drops what it cached of those keys. Written by
-- triggers, so no code path (imports, orders, logouts, a psql session) can forget it.
--   topic 'product': a product's text (key: product id); 'stock': a product's batches (key: product id);
--   'session': a refresh-token family (key: family id); 'user' and 'unit' (key: their id);
--   'connection': a buyer's connections (key: buyer unit id). key NULL: the whole topic (TRUNCATE).
CREATE TABLE change_log (
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  topic text NOT NULL,
  key uuid,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX change_log_xid ON change_log (xid);
CREATE INDEX change_log_changed_at ON change_log (changed_at);

-- Statement-level with transition tables: an import of 100,000 batches writes one row per product it touched.
-- TG_ARGV: the topic, then the column holding the key.
CREATE FUNCTION log_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO change_log (topic, key) VALUES (TG_ARGV[0], NULL);
  ELSE
    EXECUTE format('INSERT INTO change_log (topic, key) SELECT DISTINCT %L, %I FROM changed_rows', TG_ARGV[0], TG_ARGV[1]);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER products_log_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('product', 'id');
CREATE TRIGGER products_log_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('product', 'id');
CREATE TRIGGER products_log_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION log_changes('product');

CREATE TRIGGER inventory_batches_log_insert AFTER INSERT ON inventory_batches
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('stock', 'product_id');
CREATE TRIGGER inventory_batches_log_update AFTER UPDATE ON inventory_batches
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('stock', 'product_id');
CREATE TRIGGER inventory_batches_log_delete AFTER DELETE ON inventory_batches
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('stock', 'product_id');
CREATE TRIGGER inventory_batches_log_truncate AFTER TRUNCATE ON inventory_batches
  FOR EACH STATEMENT EXECUTE FUNCTION log_changes('stock');

-- A new token, user or unit cannot end a session, so inserts are not logged.
CREATE TRIGGER refresh_tokens_log_update AFTER UPDATE ON refresh_tokens
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('session', 'family_id');
CREATE TRIGGER refresh_tokens_log_delete AFTER DELETE ON refresh_tokens
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('session', 'family_id');
CREATE TRIGGER refresh_tokens_log_truncate AFTER TRUNCATE ON refresh_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION log_changes('session');
CREATE TRIGGER users_log_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('user', 'id');
CREATE TRIGGER users_log_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('user', 'id');
CREATE TRIGGER users_log_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION log_changes('user');
CREATE TRIGGER units_log_update AFTER UPDATE ON units
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('unit', 'id');
CREATE TRIGGER units_log_delete AFTER DELETE ON units
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('unit', 'id');
CREATE TRIGGER units_log_truncate AFTER TRUNCATE ON units
  FOR EACH STATEMENT EXECUTE FUNCTION log_changes('unit');

CREATE TRIGGER connections_log_insert AFTER INSERT ON connections
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('connection', 'buyer_unit_id');
CREATE TRIGGER connections_log_update AFTER UPDATE ON connections
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('connection', 'buyer_unit_id');
CREATE TRIGGER connections_log_delete AFTER DELETE ON connections
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('connection', 'buyer_unit_id');
CREATE TRIGGER connections_log_truncate AFTER TRUNCATE ON connections
  FOR EACH STATEMENT EXECUTE FUNCTION log_changes('connection');
