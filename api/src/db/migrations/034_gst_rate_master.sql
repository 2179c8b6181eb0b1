-- The GST rate master (issue 32 item 2): a rate for every heading a chemist or distributor trades, before and from
-- 22 Sep 2025, each row citing the notification (and serial number where it was checked) it comes from; and a flag
-- on each product saying whether its HSN has a rate on record, so a batch that could never be invoiced is not offered
-- for sale (search, cart, counter) until its HSN is fixed.
--
-- Sources. Up to 21.09.2025: Notification No. 1/2017-Central Tax (Rate) dated 28.06.2017 (Schedule I: 2.5 % CGST,
-- i.e. 5 % GST; II: 12 %; III: 18 %; IV: 28 %) as amended (41/2017 and 43/2017 dated 14.11.2017 w.e.f. 15.11.2017),
-- and the exemption Notification No. 2/2017-Central Tax (Rate) as amended (19/2018 w.e.f. 27.07.2018). From
-- 22.09.2025 (56th GST Council, 03.09.2025): Notification No. 9/2025-Central Tax (Rate) dated 17.09.2025 (Schedule
-- I: 5 %, II: 18 %, III: 40 %), superseding 1/2017, and No. 10/2025-Central Tax (Rate) dated 17.09.2025 (nil),
-- superseding 2/2017. Rates were read from the CBIC notification texts as published (taxrealtime.in, lawcrux.com,
-- gazettetracker.com), the per-heading schedule extracts at goodsandservicetax.in and busy.in/hsn, and the Council's
-- recommendation tables (msassociates.pro/gst/gst-health.php, taxguru.in). "S. No. ?" marks a serial number not
-- checked against the notification text; "(uncertain)" marks a rate whose sources disagreed or were thin.
--
-- Not expressible by HSN and so not here: the 36 life-saving drugs exempted by name from 22.09.2025 (10/2025, e.g.
-- Daratumumab, Risdiplam; 3 of them were 5 % before) and the Schedule I name-lists of 1/2017 (drugs at 5 % before
-- 22.09.2025). Such a product takes its heading's rate here; the seller records an 8-digit row if it needs one.

-- effective_to: the last day a row is in force (NULL: still in force). A more specific row that ends hands the HSN
-- back to its heading, which "the latest effective_from wins" alone cannot say.
ALTER TABLE hsn_gst_rates ADD COLUMN effective_to date;
ALTER TABLE hsn_gst_rates ADD COLUMN source text;
ALTER TABLE hsn_gst_rates ADD CONSTRAINT hsn_gst_rates_period CHECK (effective_to IS NULL OR effective_to >= effective_from);
-- 40 % (9/2025 Schedule III: aerated and caffeinated drinks) is a rate now.
ALTER TABLE hsn_gst_rates DROP CONSTRAINT hsn_gst_rates_rate_bp_check;
ALTER TABLE hsn_gst_rates ADD CONSTRAINT hsn_gst_rates_rate_bp_check CHECK (rate_bp BETWEEN 0 AND 4000);

-- The one rule, now with effective_to: the most specific code on record (longest prefix) among the rows in force
-- on the day, and of those the one that took effect last.
CREATE OR REPLACE FUNCTION gst_rate_bp(p_hsn text, p_on date) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT g.rate_bp FROM hsn_gst_rates g
  WHERE p_hsn IS NOT NULL AND left(p_hsn, length(g.hsn)) = g.hsn AND g.effective_from <= p_on
    AND (g.effective_to IS NULL OR g.effective_to >= p_on)
  ORDER BY length(g.hsn) DESC, g.effective_from DESC
  LIMIT 1
$$;

-- Whether any rate is on record for the HSN (any prefix of it, any date). Looked up by key: the HSN's prefixes (HSN
-- codes run to 8 digits; a longer code's own value is looked up too).
CREATE FUNCTION hsn_has_rate(p_hsn text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT p_hsn IS NOT NULL AND EXISTS (
    SELECT 1 FROM hsn_gst_rates g
    WHERE g.hsn IN (left(p_hsn, 2), left(p_hsn, 3), left(p_hsn, 4), left(p_hsn, 5), left(p_hsn, 6), left(p_hsn, 7), left(p_hsn, 8), p_hsn))
$$;

-- Kept on write (a product's HSN set or changed; a rate added or removed), so search and the sellable-batch queries
-- filter on a column instead of calling the rate rule per row.
ALTER TABLE products ADD COLUMN gst_rated boolean NOT NULL DEFAULT false;

CREATE FUNCTION products_gst_rated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.gst_rated := hsn_has_rate(NEW.hsn);
  RETURN NEW;
END
$$;
-- An import's upsert rewrites every product's HSN with the same value: only a real change is looked at.
CREATE TRIGGER products_gst_rated_insert BEFORE INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION products_gst_rated();
CREATE TRIGGER products_gst_rated_update BEFORE UPDATE OF hsn ON products
  FOR EACH ROW WHEN (OLD.hsn IS DISTINCT FROM NEW.hsn) EXECUTE FUNCTION products_gst_rated();

-- Rates change rarely (a migration, a new notification): every product is checked, only those that flip are written
-- (and so logged to change_log: search drops their cached stock).
CREATE FUNCTION hsn_gst_rates_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET gst_rated = NOT gst_rated WHERE gst_rated <> hsn_has_rate(hsn);
  RETURN NULL;
END
$$;
CREATE TRIGGER hsn_gst_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hsn_gst_rates
  FOR EACH STATEMENT EXECUTE FUNCTION hsn_gst_rates_changed();

-- The rows of 014 get their citation (their values stand).
UPDATE hsn_gst_rates SET source = CASE
    WHEN effective_from = '2025-09-22' AND hsn IN ('3003', '3004', '3005', '9018') THEN '9/2025-CT(R) Sch I (S. No. ?)'
    WHEN effective_from = '2025-09-22' AND hsn = '2106' THEN '9/2025-CT(R) Sch I (S. No. ?): food preparations n.e.s.'
    WHEN hsn = '9018' THEN '1/2017-CT(R) Sch II S. No. 218'
    WHEN hsn IN ('3003', '3004', '3005') THEN '1/2017-CT(R) Sch II (S. No. ?)'
    WHEN hsn = '2106' THEN '1/2017-CT(R) Sch III (S. No. ?)'
    WHEN hsn = '3808' THEN '1/2017-CT(R) Sch III (S. No. ?); unchanged by 9/2025-CT(R)'
    WHEN hsn = '3304' AND effective_from = '2017-07-01' THEN '1/2017-CT(R) Sch IV (S. No. ?)'
    WHEN hsn = '3304' THEN '41/2017-CT(R) w.e.f. 15.11.2017: moved to Sch III'
  END
WHERE source IS NULL AND effective_from IN ('2017-07-01', '2017-11-15', '2025-09-22')
  AND hsn IN ('3003', '3004', '3005', '2106', '9018', '3808', '3304');
UPDATE hsn_gst_rates SET effective_to = '2025-09-21'
WHERE effective_from = '2017-07-01' AND hsn IN ('3003', '3004', '3005', '2106', '9018') AND effective_to IS NULL;
UPDATE hsn_gst_rates SET effective_to = '2017-11-14' WHERE hsn = '3304' AND effective_from = '2017-07-01' AND effective_to IS NULL;

INSERT INTO hsn_gst_rates (hsn, effective_from, effective_to, rate_bp, source) VALUES
  -- Chapter 28: medicinal chemicals.
  ('280120', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): iodine'),
  ('280120', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): iodine'),
  ('280440', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): medical grade oxygen'),
  ('280440', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): medical grade oxygen'),
  ('2847', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): medicinal grade hydrogen peroxide'),
  ('2847', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): medicinal grade hydrogen peroxide'),
  -- Chapter 29: vitamins and hormones as bulk chemicals stay at the chapter's 18 % (not in the 56th Council's lists;
  -- put up as medicaments they are 3004).
  ('2936', '2017-07-01', NULL, 1800, '1/2017-CT(R) Sch III (S. No. ?); 9/2025-CT(R) Sch II'),
  ('2937', '2017-07-01', NULL, 1800, '1/2017-CT(R) Sch III (S. No. ?); 9/2025-CT(R) Sch II'),
  -- Chapter 30: pharmaceutical products.
  ('3001', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): glands, heparin'),
  ('3001', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('3002', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): antisera, vaccines, blood fractions (uncertain: some vaccines and diagnostic kits were in Sch I at 5 %)'),
  ('3002', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('3006', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): pharmaceutical goods of Note 4 (sutures, haemostatics, first-aid boxes)'),
  ('3006', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('300660', '2017-07-01', NULL, 0, '2/2017-CT(R) (S. No. ?): contraceptives exempt; 10/2025-CT(R) (uncertain)'),
  -- Chapter 22: drinks a chemist stocks.
  ('2201', '2017-07-01', NULL, 1800, '1/2017-CT(R) Sch III (S. No. ?); 9/2025-CT(R) Sch II: packaged drinking and mineral water'),
  ('220210', '2017-07-01', '2025-09-21', 2800, '1/2017-CT(R) Sch IV (S. No. ?): waters with added sugar or flavour, aerated (plus compensation cess)'),
  ('220210', '2025-09-22', NULL, 4000, '9/2025-CT(R) Sch III (S. No. ?): aerated and sweetened waters'),
  ('2202', '2017-07-01', NULL, 1800, '1/2017-CT(R) Sch III (S. No. ?); 9/2025-CT(R) Sch II: other non-alcoholic beverages (energy and electrolyte drinks)'),
  ('22029910', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): soya milk drinks'),
  ('22029910', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('22029920', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): fruit pulp or juice based drinks'),
  ('22029920', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('22029930', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): beverages containing milk'),
  ('22029930', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  -- Chapter 19, 21: infant food, health drinks, nutraceuticals (2106 is in 014).
  ('1901', '2017-07-01', '2025-09-21', 1800, '1/2017-CT(R) Sch III (S. No. ?): infant food 1901 10, malt extract and food preparations'),
  ('190190', '2017-07-01', '2017-11-14', 2800, '1/2017-CT(R) Sch IV (S. No. ?): malt extract, food preparations n.e.s. (to Sch III by 41/2017-CT(R))'),
  ('1901', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): malt extract, food preparations (uncertain for 1901 20 mixes and doughs)'),
  -- Chapter 33: cosmetics and oral care (3304 is in 014: 18 % stays). Rows marked "from 15.11.2017" start there:
  -- before it part of the heading was at 28 % (Sch IV), which sources did not let us split; no rate is recorded then.
  ('3303', '2017-11-15', NULL, 1800, '1/2017-CT(R) Sch III as amended by 41/2017-CT(R) (S. No. ?); 9/2025-CT(R) Sch II: perfumes (from 15.11.2017)'),
  ('330491', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): talcum and face powder'),
  ('3305', '2017-11-15', NULL, 1800, '1/2017-CT(R) Sch III (S. No. ?); 9/2025-CT(R) Sch II: hair preparations other than below (hair dyes, creams: uncertain; from 15.11.2017)'),
  ('330510', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): shampoo'),
  ('33059011', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): hair oil'),
  ('33059019', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): hair oil'),
  ('3306', '2017-07-01', NULL, 1800, '1/2017-CT(R) Sch III (S. No. ?); 9/2025-CT(R) Sch II: oral hygiene other than below (mouthwash: uncertain)'),
  ('33061010', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): tooth powder'),
  ('330610', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): toothpaste, tooth powder'),
  ('330620', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): dental floss (uncertain)'),
  ('3307', '2017-11-15', NULL, 1800, '1/2017-CT(R) Sch III as amended by 41/2017-CT(R) (S. No. ?); 9/2025-CT(R) Sch II: deodorants, bath preparations (from 15.11.2017)'),
  ('330710', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): shaving cream'),
  -- Chapter 34: soaps and handwash.
  ('3401', '2017-07-01', NULL, 1800, '1/2017-CT(R) Sch III (S. No. ?); 9/2025-CT(R) Sch II: liquid soap, handwash'),
  ('340111', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): toilet soap bars'),
  ('3402', '2017-11-15', NULL, 1800, '1/2017-CT(R) Sch III as amended by 41/2017-CT(R) (S. No. ?); 9/2025-CT(R) Sch II: detergents, surface-active preparations (from 15.11.2017)'),
  -- Chapter 38: diagnostic kits (glucometer strips) and reagents (3808 is in 014: 18 % stays).
  ('3822', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): diagnostic and laboratory reagents'),
  ('3822', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): all diagnostic kits and reagents'),
  -- Chapter 40: rubber articles.
  ('4014', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): hygienic or pharmaceutical articles, teats'),
  ('4014', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): nipples of feeding bottles (uncertain for the rest of 4014)'),
  ('401410', '2017-07-01', NULL, 0, '2/2017-CT(R) (S. No. ?): contraceptives exempt; 10/2025-CT(R) (uncertain)'),
  ('4015', '2017-07-01', NULL, 1800, '1/2017-CT(R) Sch III (S. No. ?); 9/2025-CT(R) Sch II: gloves other than surgical or examination'),
  ('401511', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): surgical gloves'),
  ('401511', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): surgical rubber gloves'),
  ('401519', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): medical examination gloves (uncertain)'),
  ('401519', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): medical examination rubber gloves (uncertain)'),
  -- Chapter 48: toilet paper, tissues, napkins.
  ('4818', '2017-07-01', '2025-09-21', 1800, '1/2017-CT(R) Sch III (S. No. ?)'),
  ('4818', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?) (uncertain: only busy.in/hsn lists 5 % for 4818; not in the Council lists we read)'),
  -- Chapter 90: devices and instruments (9018 is in 014).
  ('9001', '2017-07-01', NULL, 1800, '1/2017-CT(R) Sch III (S. No. ?): optical elements other than lenses below'),
  ('900130', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): contact lenses'),
  ('900130', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('900140', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): spectacle lenses of glass'),
  ('900140', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('900150', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): spectacle lenses of other materials'),
  ('900150', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('9003', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): spectacle frames'),
  ('9003', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('9004', '2017-07-01', NULL, 1800, '1/2017-CT(R) Sch III as amended by 43/2017-CT(R); 9/2025-CT(R) Sch II: sunglasses, goggles'),
  ('900490', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): corrective spectacles'),
  ('900490', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): corrective spectacles (other 9004 90 goods: uncertain)'),
  ('9019', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II S. No. 218: mechano-therapy, oxygen therapy, nebulisers'),
  ('9019', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('9020', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): breathing appliances'),
  ('9020', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('9021', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?) as amended by 43/2017-CT(R): orthopaedic appliances, splints'),
  ('9021', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('9022', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II S. No. 218 (S. No. not checked for 9022)'),
  ('9022', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?)'),
  ('9025', '2017-07-01', NULL, 1800, '1/2017-CT(R) Sch III (S. No. ?); 9/2025-CT(R) Sch II: hydrometers, non-clinical thermometers'),
  ('902511', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): liquid-filled thermometers (18 % before: pocketful.in, NDTV; one report says 12 %)'),
  ('902519', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): digital and other thermometers (uncertain: whether non-medical ones moved too)'),
  -- Chapter 96: toothbrushes, sanitary products.
  ('9603', '2017-07-01', NULL, 1800, '1/2017-CT(R) Sch III (S. No. ?); 9/2025-CT(R) Sch II: brushes'),
  ('960321', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): toothbrushes'),
  ('9619', '2017-07-01', '2025-09-21', 1200, '1/2017-CT(R) Sch II (S. No. ?): napkins for babies, clinical diapers'),
  ('9619', '2025-09-22', NULL, 500, '9/2025-CT(R) Sch I (S. No. ?): napkins for babies, clinical diapers'),
  ('96190010', '2017-07-01', '2018-07-26', 1200, '1/2017-CT(R) Sch II (S. No. ?): sanitary towels and tampons'),
  ('96190010', '2018-07-27', NULL, 0, '2/2017-CT(R) as amended by 19/2018-CT(R): sanitary towels exempt; 10/2025-CT(R)')
ON CONFLICT (hsn, effective_from) DO NOTHING;

-- Products already in the master get their flag (the trigger above sees only later writes).
UPDATE products SET gst_rated = hsn_has_rate(hsn) WHERE gst_rated <> hsn_has_rate(hsn);
