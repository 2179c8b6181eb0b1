-- GST by HSN is reference data every deployment needs (an invoice cannot be priced without it), not demo data.
-- Medicines and medical goods moved from 12 % to 5 % on 22 Sep 2025; disinfectants (3808) and beauty
-- preparations such as face washes (3304) stayed at 18 % (3304 was 28 % until 15 Nov 2017).
-- A rate announced later is a new row with its effective_from; rows are never updated.
INSERT INTO hsn_gst_rates (hsn, effective_from, rate_bp) VALUES
  ('3004', '2017-07-01', 1200), ('3004', '2025-09-22', 500),
  ('3003', '2017-07-01', 1200), ('3003', '2025-09-22', 500),
  ('3005', '2017-07-01', 1200), ('3005', '2025-09-22', 500),
  ('2106', '2017-07-01', 1800), ('2106', '2025-09-22', 500),
  ('9018', '2017-07-01', 1200), ('9018', '2025-09-22', 500),
  ('3808', '2017-07-01', 1800),
  ('3304', '2017-07-01', 2800), ('3304', '2017-11-15', 1800)
ON CONFLICT DO NOTHING;
