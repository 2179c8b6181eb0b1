-- One catalogue (issue 36): every seller's items mapped to the same products.
--
-- manufacturer_aliases: reference data (ARCHITECTURE.md decision 14). Files write a company many ways ("MICRO LABS",
-- "Micro Labs Ltd", "GSK", "GlaxoSmithKline Pharmaceuticals Limited", "Zydus Cadila"); the normaliser
-- (catalogue/normalise.ts manufacturerBase) first drops the company-form words (Ltd, Limited, Pvt, Private,
-- Pharmaceuticals, Pharma, Labs, Laboratories, Healthcare, Industries, India, (I), M/s) and punctuation, then looks the
-- rest up here. alias_key is that stripped form; canonical_key the company's own stripped form. Each row cites the
-- company's registered name (as on the Ministry of Corporate Affairs register and the company's annual report) and
-- why the alias is the same company.
CREATE TABLE manufacturer_aliases (
  alias_key text PRIMARY KEY,
  canonical_key text NOT NULL,
  source text NOT NULL
);

INSERT INTO manufacturer_aliases (alias_key, canonical_key, source) VALUES
  ('sun', 'sun', 'Sun Pharmaceutical Industries Limited (registered name)'),
  ('sun pharmaceutical', 'sun', 'Sun Pharmaceutical Industries Limited (registered name)'),
  ('spil', 'sun', 'Sun Pharmaceutical Industries Limited: the company''s own abbreviation'),
  ('ranbaxy', 'sun', 'Ranbaxy Laboratories Limited amalgamated into Sun Pharmaceutical Industries Limited (2015); its brands are Sun''s'),
  ('glaxosmithkline', 'glaxosmithkline', 'GlaxoSmithKline Pharmaceuticals Limited (registered name)'),
  ('glaxo smithkline', 'glaxosmithkline', 'GlaxoSmithKline Pharmaceuticals Limited (registered name)'),
  ('glaxo smith kline', 'glaxosmithkline', 'GlaxoSmithKline Pharmaceuticals Limited (registered name)'),
  ('glaxo', 'glaxosmithkline', 'GlaxoSmithKline Pharmaceuticals Limited, formerly Glaxo India Limited'),
  ('gsk', 'glaxosmithkline', 'GlaxoSmithKline Pharmaceuticals Limited: the company''s own abbreviation'),
  ('abbott', 'abbott', 'Abbott India Limited (registered name); Abbott Healthcare Private Limited is its group company'),
  ('abott', 'abbott', 'Abbott India Limited (registered name): a common misspelling'),
  ('cipla', 'cipla', 'Cipla Limited (registered name)'),
  ('mankind', 'mankind', 'Mankind Pharma Limited (registered name)'),
  ('alkem', 'alkem', 'Alkem Laboratories Limited (registered name)'),
  ('lupin', 'lupin', 'Lupin Limited (registered name)'),
  ('zydus', 'zydus', 'Zydus Lifesciences Limited (registered name), formerly Cadila Healthcare Limited'),
  ('cadila', 'zydus', 'Zydus Lifesciences Limited, formerly Cadila Healthcare Limited (renamed 2022)'),
  ('zydus cadila', 'zydus', 'Zydus Lifesciences Limited, trading as Zydus Cadila until 2022'),
  ('dr reddys', 'dr reddys', 'Dr. Reddy''s Laboratories Limited (registered name)'),
  ('dr reddy', 'dr reddys', 'Dr. Reddy''s Laboratories Limited (registered name)'),
  ('drreddys', 'dr reddys', 'Dr. Reddy''s Laboratories Limited (registered name)'),
  ('reddys', 'dr reddys', 'Dr. Reddy''s Laboratories Limited (registered name)'),
  ('drl', 'dr reddys', 'Dr. Reddy''s Laboratories Limited: the company''s own abbreviation'),
  ('torrent', 'torrent', 'Torrent Pharmaceuticals Limited (registered name)'),
  ('intas', 'intas', 'Intas Pharmaceuticals Limited (registered name)'),
  ('micro', 'micro', 'Micro Labs Limited (registered name)'),
  ('microlabs', 'micro', 'Micro Labs Limited (registered name)'),
  ('usv', 'usv', 'USV Private Limited (registered name)'),
  ('glenmark', 'glenmark', 'Glenmark Pharmaceuticals Limited (registered name)'),
  ('macleods', 'macleods', 'Macleods Pharmaceuticals Limited (registered name)'),
  ('macleod', 'macleods', 'Macleods Pharmaceuticals Limited (registered name)'),
  ('aristo', 'aristo', 'Aristo Pharmaceuticals Private Limited (registered name)'),
  ('emcure', 'emcure', 'Emcure Pharmaceuticals Limited (registered name)'),
  ('alembic', 'alembic', 'Alembic Pharmaceuticals Limited (registered name)'),
  ('ipca', 'ipca', 'Ipca Laboratories Limited (registered name)'),
  ('fdc', 'fdc', 'FDC Limited (registered name)'),
  ('pfizer', 'pfizer', 'Pfizer Limited (registered name)'),
  ('sanofi', 'sanofi', 'Sanofi India Limited (registered name), formerly Aventis Pharma Limited'),
  ('sanofi aventis', 'sanofi', 'Sanofi India Limited (registered name), formerly Aventis Pharma Limited'),
  ('aventis', 'sanofi', 'Sanofi India Limited, formerly Aventis Pharma Limited (renamed 2012)'),
  ('novartis', 'novartis', 'Novartis India Limited (registered name)'),
  ('franco indian', 'franco indian', 'Franco-Indian Pharmaceuticals Private Limited (registered name)'),
  ('franco', 'franco indian', 'Franco-Indian Pharmaceuticals Private Limited (registered name)'),
  ('fip', 'franco indian', 'Franco-Indian Pharmaceuticals Private Limited: the company''s own abbreviation'),
  ('wockhardt', 'wockhardt', 'Wockhardt Limited (registered name)'),
  ('wockhard', 'wockhardt', 'Wockhardt Limited (registered name): a common misspelling'),
  ('eris', 'eris', 'Eris Lifesciences Limited (registered name)'),
  ('ajanta', 'ajanta', 'Ajanta Pharma Limited (registered name)'),
  ('leeford', 'leeford', 'Leeford Healthcare Limited (registered name)'),
  ('indoco', 'indoco', 'Indoco Remedies Limited (registered name)'),
  ('blue cross', 'blue cross', 'Blue Cross Laboratories Private Limited (registered name)'),
  ('unichem', 'unichem', 'Unichem Laboratories Limited (registered name)'),
  ('piramal', 'piramal', 'Piramal Pharma Limited (registered name)'),
  ('biocon', 'biocon', 'Biocon Limited (registered name)'),
  ('himalaya drug', 'himalaya', 'The Himalaya Drug Company Private Limited (registered name)'),
  ('himalaya', 'himalaya', 'The Himalaya Drug Company Private Limited (registered name)'),
  ('johnson johnson', 'johnson johnson', 'Johnson & Johnson Private Limited (registered name)'),
  ('j j', 'johnson johnson', 'Johnson & Johnson Private Limited: the usual abbreviation'),
  ('jnj', 'johnson johnson', 'Johnson & Johnson Private Limited: the usual abbreviation'),
  ('reckitt benckiser', 'reckitt benckiser', 'Reckitt Benckiser (India) Private Limited (registered name)'),
  ('reckitt', 'reckitt benckiser', 'Reckitt Benckiser (India) Private Limited (registered name)'),
  ('bayer', 'bayer', 'Bayer Pharmaceuticals Private Limited (registered name)'),
  ('merck', 'merck', 'Merck Limited (registered name)'),
  ('jb chemicals', 'jb', 'J. B. Chemicals & Pharmaceuticals Limited (registered name)'),
  ('jb', 'jb', 'J. B. Chemicals & Pharmaceuticals Limited (registered name)'),
  ('jbcpl', 'jb', 'J. B. Chemicals & Pharmaceuticals Limited: the company''s own abbreviation'),
  ('zuventus', 'zuventus', 'Zuventus Healthcare Limited (registered name)'),
  ('east india', 'east india', 'East India Pharmaceutical Works Limited (registered name)'),
  ('elder', 'elder', 'Elder Pharmaceuticals Limited (registered name)'),
  ('koye', 'koye', 'Koye Pharmaceuticals Private Limited (registered name)'),
  ('hetero', 'hetero', 'Hetero Healthcare Limited (registered name)'),
  ('natco', 'natco', 'Natco Pharma Limited (registered name)'),
  ('shreya', 'shreya', 'Shreya Life Sciences Private Limited (registered name)'),
  ('systopic', 'systopic', 'Systopic Laboratories Private Limited (registered name)');

-- seller_items: a seller's item master and its remembered mappings. item_key is the file's normalised
-- name|pack|manufacturer (inventory/parsers/rows.ts matchKey); item_code the seller's own code when its files carry
-- one. A row means "this seller's item is that product": the next upload or import of the same code or key maps itself
-- (catalogue/match.ts REMEMBERED). The item master's own figures (MRP, PTR/PTS, scheme, barcode, HSN, GST) are kept
-- as the seller's file gave them.
CREATE TABLE seller_items (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  item_key text NOT NULL,
  item_code text,
  product_id uuid NOT NULL REFERENCES products (id),
  name text NOT NULL,
  pack text NOT NULL DEFAULT '',
  manufacturer text NOT NULL DEFAULT '',
  hsn text,
  gst_bp integer,
  mrp_paise integer CHECK (mrp_paise >= 0),
  ptr_paise integer CHECK (ptr_paise >= 0),
  pts_paise integer CHECK (pts_paise >= 0),
  scheme_buy integer CHECK (scheme_buy > 0),
  scheme_free integer CHECK (scheme_free >= 0),
  barcode text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (unit_id, item_key)
);
CREATE INDEX seller_items_code ON seller_items (unit_id, item_code);
CREATE INDEX seller_items_product ON seller_items (product_id);

-- Candidates of a file's items are fetched by the first three letters of their names (letters only: "Dolo-650" and
-- "DOLO 650" both "dol"), so a 20,000-item file reads only the products that could be its items.
CREATE INDEX products_name_prefix ON products (lower(left(regexp_replace(name, '[^A-Za-z]', '', 'g'), 3)));
