-- E-way bill thresholds (issue 34; ARCHITECTURE.md decision 14): for each state and union territory, by its 2-digit GST
-- state code (the first two digits of a GSTIN; shared-api GST_STATES names them), the consignment value above which a
-- move needs an e-way bill.
--
-- Between states: rule 138(1) of the CGST Rules, 2017 (as substituted by Notification No. 12/2018-Central Tax dated
-- 07.03.2018, in force for inter-State moves from 01.04.2018): a consignment value exceeding ₹50,000. Inside a state:
-- rule 138(14)(d) of that state's SGST Rules lets its Commissioner notify a higher value (or none); the value below is
-- the one that applies to medicines (HSN 3003/3004) moving by road inside the state, and `note` carries the nuances a
-- number can't (intra-city exemptions, lists of goods). NULL intra_state_paise: the state requires none inside it.
--
-- "Value" is rule 138's consignment value: the value under section 15 declared in the invoice, bill of supply or
-- challan, INCLUDING central, state/UT, integrated tax and cess charged, EXCLUDING exempt supplies invoiced with
-- taxable ones (Explanation 2 to rule 138(1)). An e-way bill is needed when it EXCEEDS the threshold (not at it).
-- Medicines have no exemption of their own under rule 138(14) or its Annexure (checked: the Annexure lists LPG,
-- kerosene, jewellery, currency, used personal effects, coral, etc.; no pharmaceutical heading); Madhya Pradesh's
-- intra-district exemption for medicines is a state rule, noted on its row.
--
-- Sources. The state notifications as quoted in the state-wise tables of cleartax.in ("State-wise threshold limits for
-- e-way bills", updated 30.04.2025), taxguru.in ("Synopsis of intra-state e-way bill"), taxmanagementindia.com
-- (GST Ready Reckoner, "State wise E-way bill generation threshold limit"), blog.fleetable.tech (limits as on
-- 31.03.2021) and mybillbook.in (effective dates), and the notification texts where they were found in full
-- (Delhi 03/2018, Maharashtra 15E/2018, West Bengal 13/2018 and 02/2023, Tamil Nadu's notice of 31.05.2018).
-- "(secondary)" marks a notification number or date read only in those tables, not in the notification itself.
-- "(default)" marks a state whose own rule was not confirmed: rule 138(1)'s ₹50,000 is kept, which at worst asks
-- for an e-way bill the state would not (the unit may always generate one; none missing is the costly mistake).
-- effective_from is the day the state's intra-state rule (as recorded) took effect.

CREATE TABLE eway_bill_thresholds (
  state_code text NOT NULL CHECK (state_code ~ '^[0-9]{2}$'),
  effective_from date NOT NULL,
  state_name text NOT NULL,
  -- Paise; NULL: no e-way bill is required for a move that starts and ends inside the state.
  intra_state_paise integer CHECK (intra_state_paise IS NULL OR intra_state_paise > 0),
  inter_state_paise integer NOT NULL CHECK (inter_state_paise > 0),
  note text,
  source text NOT NULL CHECK (length(source) > 0),
  PRIMARY KEY (state_code, effective_from)
);

COMMENT ON TABLE eway_bill_thresholds IS 'E-way bill value thresholds per GST state code (rule 138 CGST Rules and each state''s rule 138(14)(d)); the row in force on a day is the latest effective_from on or before it.';

INSERT INTO eway_bill_thresholds (state_code, effective_from, state_name, intra_state_paise, inter_state_paise, note, source) VALUES
  ('01', '2019-12-01', 'Jammu and Kashmir', NULL, 5000000,
   'No e-way bill for any goods of any value moving inside the Union territory.',
   'J&K Notification No. 64 dated 30.11.2019 (secondary); inter-state: CGST Rules r.138(1)'),
  ('02', '2018-06-01', 'Himachal Pradesh', 5000000, 5000000,
   'E-way bill required for all goods inside the state from 01.06.2018.',
   'HP Notification No. 12-4/78-EXN-TAX-17408 dated 31.05.2018 (secondary); inter-state: CGST Rules r.138(1)'),
  ('03', '2018-10-08', 'Punjab', 10000000, 5000000,
   'Above ₹1,00,000 for all goods inside the state; specified cases exempt.',
   'Punjab No. PA/ETC/2018/175 dated 13.09.2018 (secondary; effective date per mybillbook.in); inter-state: CGST Rules r.138(1)'),
  ('04', '2018-05-25', 'Chandigarh', 5000000, 5000000, NULL,
   'Chandigarh UT: rule 138(1) value (default; no own notification found); inter-state: CGST Rules r.138(1)'),
  ('05', '2018-04-15', 'Uttarakhand', 5000000, 5000000, NULL,
   'Uttarakhand: ₹50,000 per state-wise tables (default; notification not found); inter-state: CGST Rules r.138(1)'),
  ('06', '2018-04-20', 'Haryana', 5000000, 5000000, NULL,
   'Haryana Notification No. 49/ST-2 dated 19.04.2018 (secondary); inter-state: CGST Rules r.138(1)'),
  ('07', '2018-06-16', 'Delhi', 10000000, 5000000,
   'Above ₹1,00,000 for moves starting and ending in Delhi; goods of any value supplied to an unregistered end consumer with a tax invoice are exempt.',
   'Delhi Notification No. 03/2018 (F.3(134)/Policy-GST/2018) dated 15.06.2018, w.e.f. 16.06.2018; inter-state: CGST Rules r.138(1)'),
  ('08', '2022-04-01', 'Rajasthan', 10000000, 5000000,
   'Above ₹1,00,000 inside the state; above ₹2,00,000 for a move inside one city (tobacco products excepted).',
   'Rajasthan Notifications F.17(131-Pt.-II)ACCT/GST/2017/6672 dated 30.03.2021 and /7713 dated 24.02.2022 (secondary); inter-state: CGST Rules r.138(1)'),
  ('09', '2018-04-15', 'Uttar Pradesh', 5000000, 5000000, NULL,
   'Uttar Pradesh: ₹50,000 per state-wise tables (default; notification not found); inter-state: CGST Rules r.138(1)'),
  ('10', '2019-01-21', 'Bihar', 10000000, 5000000,
   'Above ₹1,00,000 inside the state (₹2,00,000 from 20.04.2018 to 20.01.2019).',
   'Bihar Notification S.O. 14 dated 14.01.2019, w.e.f. 21.01.2019 (secondary); inter-state: CGST Rules r.138(1)'),
  ('11', '2018-05-01', 'Sikkim', 5000000, 5000000, NULL,
   'Sikkim: ₹50,000 per state-wise tables (default; notification not found); inter-state: CGST Rules r.138(1)'),
  ('12', '2018-04-25', 'Arunachal Pradesh', 5000000, 5000000, NULL,
   'Arunachal Pradesh Notification No. 14/2018-State Tax dated 23.03.2018 and press release of 23.04.2018 (secondary); inter-state: CGST Rules r.138(1)'),
  ('13', '2018-05-01', 'Nagaland', 5000000, 5000000, NULL,
   'Nagaland: ₹50,000 per state-wise tables (default; notification not found); inter-state: CGST Rules r.138(1)'),
  ('14', '2018-05-30', 'Manipur', 5000000, 5000000, NULL,
   'Manipur: ₹50,000 per state-wise tables (default; notification not found); inter-state: CGST Rules r.138(1)'),
  ('15', '2018-06-01', 'Mizoram', 5000000, 5000000,
   'One table (mybillbook.in) lists ₹10,000 inside the state; not confirmed against a notification, so the rule''s ₹50,000 is kept.',
   'Mizoram: default r.138(1) value (uncertain: own notification not found); inter-state: CGST Rules r.138(1)'),
  ('16', '2018-05-01', 'Tripura', 5000000, 5000000, NULL,
   'Tripura: ₹50,000 per state-wise tables (default; notification not found); inter-state: CGST Rules r.138(1)'),
  ('17', '2018-05-30', 'Meghalaya', 5000000, 5000000, NULL,
   'Meghalaya: ₹50,000 per state-wise tables (default; notification not found); inter-state: CGST Rules r.138(1)'),
  ('18', '2018-05-16', 'Assam', 5000000, 5000000,
   'Intra-state generation was suspended for a while (Notification No. 30/2019-GST dated 16.12.2019).',
   'Assam Notification No. 07/2018-GST dated 07.05.2018 (secondary); inter-state: CGST Rules r.138(1)'),
  ('19', '2018-06-06', 'West Bengal', 10000000, 5000000,
   'Above ₹1,00,000 for moves inside the state not passing through another state.',
   'West Bengal Notification No. 13/2018-C.T./GST dated 06.06.2018, w.e.f. 06.06.2018; inter-state: CGST Rules r.138(1)'),
  ('19', '2023-12-01', 'West Bengal', 5000000, 5000000,
   'Above ₹50,000 inside the state, job work included.',
   'West Bengal Notification No. 02/2023-C.T./GST dated 10.11.2023, w.e.f. 01.12.2023 (supersedes 13/2018 and 14/2018); inter-state: CGST Rules r.138(1)'),
  ('20', '2018-09-01', 'Jharkhand', 10000000, 5000000,
   'Above ₹1,00,000 for all goods except 12 listed goods (₹50,000); medicines were not found among them (list not checked item by item).',
   'Jharkhand notification of September 2018 (secondary; number not found); inter-state: CGST Rules r.138(1)'),
  ('21', '2018-04-01', 'Odisha', 5000000, 5000000, NULL,
   'Odisha: ₹50,000 per state-wise tables (default; notification not found); inter-state: CGST Rules r.138(1)'),
  ('22', '2018-06-19', 'Chhattisgarh', 5000000, 5000000,
   'Inside the state only 15 notified goods need one (above ₹50,000); whether medicines are among them was not checked, so the rule''s ₹50,000 is kept.',
   'Chhattisgarh Notification No. F-10-31/2018/CT/V(46) dated 19.06.2018 (secondary; default kept); inter-state: CGST Rules r.138(1)'),
  ('23', '2022-03-23', 'Madhya Pradesh', 5000000, 5000000,
   'Inside one district: no e-way bill for medicines, surgical goods and specified APIs of any value, nor for most goods up to a ceiling; between districts ₹50,000.',
   'Madhya Pradesh Notification No. FA3-08/2018/1/V(18) dated 23.03.2022 (secondary; sources disagree on the inter-district value: ₹50,000 kept); inter-state: CGST Rules r.138(1)'),
  ('24', '2018-09-19', 'Gujarat', 5000000, 5000000,
   'Inside the state only specified goods need one, and none for a move inside one city; whether medicines are among the specified goods was not checked, so the rule''s ₹50,000 is kept.',
   'Gujarat Notification No. GSL/GST/RULE-138(14)/B.19 dated 19.09.2018 (secondary; default kept); inter-state: CGST Rules r.138(1)'),
  ('26', '2018-04-01', 'Dadra and Nagar Haveli and Daman and Diu', 5000000, 5000000, NULL,
   'DNH and DD: rule 138(1) value (default; no own notification found); inter-state: CGST Rules r.138(1)'),
  ('27', '2018-07-01', 'Maharashtra', 10000000, 5000000,
   'Above ₹1,00,000 for any goods inside the state; hank, yarn, fabric and garments sent up to 50 km for job work exempt.',
   'Maharashtra Notification No. 15E/2018-State Tax dated 29.06.2018, w.e.f. 01.07.2018; inter-state: CGST Rules r.138(1)'),
  ('29', '2018-04-01', 'Karnataka', 5000000, 5000000, NULL,
   'Karnataka: ₹50,000 per state-wise tables (default; notification not found); inter-state: CGST Rules r.138(1)'),
  ('30', '2018-06-01', 'Goa', 5000000, 5000000,
   'Inside the state only 22 listed goods need one; whether medicines are among them was not checked, so the rule''s ₹50,000 is kept.',
   'Goa Notification No. CCT/26-2/2018-19/36 dated 28.05.2018 (secondary; default kept); inter-state: CGST Rules r.138(1)'),
  ('31', '2018-04-01', 'Lakshadweep', 5000000, 5000000, NULL,
   'Lakshadweep: rule 138(1) value (default; no own notification found); inter-state: CGST Rules r.138(1)'),
  ('32', '2018-04-15', 'Kerala', 5000000, 5000000, NULL,
   'Kerala press release dated 10.04.2018 (secondary); inter-state: CGST Rules r.138(1)'),
  ('33', '2018-06-02', 'Tamil Nadu', 10000000, 5000000,
   'Above ₹1,00,000 inside the state; 100 listed goods exempt at any value (medicines not confirmed among them).',
   'Tamil Nadu Commissioner of State Tax notification dated 31.05.2018 (No. 09, secondary), in force from 02.06.2018; inter-state: CGST Rules r.138(1)'),
  ('34', '2018-04-01', 'Puducherry', 5000000, 5000000, NULL,
   'Puducherry: rule 138(1) value (default; no own notification found); inter-state: CGST Rules r.138(1)'),
  ('35', '2018-04-01', 'Andaman and Nicobar Islands', 5000000, 5000000, NULL,
   'A&N Islands: rule 138(1) value (default; no own notification found); inter-state: CGST Rules r.138(1)'),
  ('36', '2018-04-15', 'Telangana', 5000000, 5000000, NULL,
   'Telangana: ₹50,000 per state-wise tables (default; notification not found); inter-state: CGST Rules r.138(1)'),
  ('37', '2018-04-15', 'Andhra Pradesh', 5000000, 5000000, NULL,
   'Andhra Pradesh CCT''s Ref. CCW/GST/74/2015 dated 11.04.2018 (secondary); inter-state: CGST Rules r.138(1)'),
  ('38', '2019-10-31', 'Ladakh', 5000000, 5000000, NULL,
   'Ladakh UT: rule 138(1) value (default; no own notification found); inter-state: CGST Rules r.138(1)'),
  ('97', '2018-04-01', 'Other Territory', 5000000, 5000000, NULL,
   'Other Territory: rule 138(1) value (default); inter-state: CGST Rules r.138(1)');
