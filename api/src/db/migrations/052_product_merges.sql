-- Duplicates in the product master merged into one (issue 36, catalogue/merge.ts). A merged product stays: the issued
-- documents that name it (invoice, credit-note, debit-note, purchase-bill and quotation lines are append-only) still
-- point at it and print its name. It is never offered again: search leaves it out, its batches, open orders, carts,
-- recalls and the sellers' remembered items move to the survivor, and a batch written for it later lands on the
-- survivor (trigger below).
ALTER TABLE products ADD COLUMN merged_into uuid REFERENCES products (id);
ALTER TABLE products ADD CONSTRAINT products_merged_into_other CHECK (merged_into <> id);
CREATE INDEX products_merged_into ON products (merged_into) WHERE merged_into IS NOT NULL;

-- The names the survivor was known by: search finds the survivor by them (its index reads them with the name,
-- search/repository.ts loadProducts), so a buyer typing the old name finds it. One row per merged product; merging
-- the survivor itself later carries them on to the next survivor.
CREATE TABLE product_aliases (
  id uuid PRIMARY KEY,
  product_id uuid NOT NULL REFERENCES products (id),
  name text NOT NULL,
  pack text NOT NULL,
  manufacturer text NOT NULL,
  merged_from uuid NOT NULL UNIQUE REFERENCES products (id),
  merged_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX product_aliases_product ON product_aliases (product_id);

-- A new or moved alias changes what search matches for its product (the change log's 'product' topic, 007).
CREATE TRIGGER product_aliases_log_insert AFTER INSERT ON product_aliases
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('product', 'product_id');
CREATE TRIGGER product_aliases_log_update AFTER UPDATE ON product_aliases
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION log_changes('product', 'product_id');

-- A batch written for a merged product (an upload whose row still has the old name's key, a purchase bill received
-- whose line names it, a return) goes to the survivor, so the stock is never split again. Chains are kept one step
-- long by the merge (it re-points products merged into a duplicate), so this is one index lookup, and none for a
-- product that was never merged beyond that. Named to run before inventory_batches_recall (047, 049): the recall mark
-- is looked up for the survivor.
CREATE FUNCTION batch_of_survivor() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  survivor uuid;
BEGIN
  SELECT merged_into INTO survivor FROM products WHERE id = NEW.product_id;
  IF survivor IS NOT NULL THEN
    NEW.product_id := survivor;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER inventory_batches_merged_product BEFORE INSERT OR UPDATE OF product_id ON inventory_batches
  FOR EACH ROW EXECUTE FUNCTION batch_of_survivor();
