-- Registration and verification (issue 5): applications with their identifiers and licence documents, the
-- provider's back-office staff, the referral-offer ledger, sellers' preferences, payout accounts, warehouse addresses.

-- One application per mobile number. A DRAFT is resumable (the step is kept server-side); SUBMITTED creates the unit
-- and its owner (not activated); staff move it to APPROVED (activates the unit) or REJECTED (with a reason).
CREATE TABLE registrations (
  id uuid PRIMARY KEY,
  mobile text NOT NULL,
  -- sha-256 of the bearer token given to the applicant after the OTP check (x-registration-token)
  token_hash text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED')),
  -- the step to show when the applicant comes back (1 person, 2 address, 3 identifiers, 4 documents and terms)
  step integer NOT NULL DEFAULT 1 CHECK (step BETWEEN 1 AND 4),
  customer_type text CHECK (customer_type IN ('STOCKIST', 'RETAILER', 'HOSPITAL', 'SEASON_BOY', 'MANUFACTURER')),
  first_name text,
  last_name text,
  email text,
  pincode text,
  address_line text,
  landmark text,
  city text,
  district text,
  state text,
  latitude double precision,
  longitude double precision,
  trade_name text,
  -- the trade name as the applicant reads it off the GST registration certificate they upload
  certificate_trade_name text,
  gstin text,
  pan text,
  drug_licence_1 text,
  drug_licence_2 text,
  food_licence text,
  aadhaar text,
  date_of_birth date,
  driving_licence text,
  vehicle_number text,
  vehicle_type text,
  terms_accepted_at timestamptz,
  consent_accepted_at timestamptz,
  submitted_at timestamptz,
  unit_id uuid REFERENCES units (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  rejection_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX registrations_open_mobile ON registrations (mobile) WHERE status IN ('DRAFT', 'SUBMITTED');
CREATE INDEX registrations_status ON registrations (status, submitted_at);
CREATE INDEX registrations_unit ON registrations (unit_id);
-- Duplicate checks (E0045, E0058, E0055) look identifiers up among live applications.
CREATE INDEX registrations_gstin ON registrations (gstin) WHERE gstin IS NOT NULL;
CREATE INDEX registrations_pan ON registrations (pan) WHERE pan IS NOT NULL;
CREATE INDEX registrations_food ON registrations (food_licence) WHERE food_licence IS NOT NULL;
CREATE INDEX registrations_dl ON registrations (drug_licence_1) WHERE drug_licence_1 IS NOT NULL;

-- Licence documents, in the database so a backup holds them; readable by the owner's unit and by staff only.
CREATE TABLE registration_documents (
  id uuid PRIMARY KEY,
  registration_id uuid NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('GST_CERTIFICATE', 'DRUG_LICENCE_1', 'DRUG_LICENCE_2', 'FOOD_LICENCE', 'PAN_CARD', 'AADHAAR', 'DRIVING_LICENCE')),
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size_bytes integer NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL,
  -- uploading the same kind again replaces it
  UNIQUE (registration_id, kind)
);

-- The provider's back office: users (of the provider's own unit) who verify applications.
CREATE TABLE staff_members (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);

-- Referral offer (SPEC.md §1): free deliveries credited to a unit; the balance is the sum.
CREATE TABLE IF NOT EXISTS referral_credits (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  deliveries integer NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS referral_credits_unit ON referral_credits (unit_id);

-- Seller preferences (SPEC.md §3).
ALTER TABLE units ADD COLUMN minimum_order_paise integer CHECK (minimum_order_paise >= 0);
ALTER TABLE units ADD COLUMN whatsapp_number text;
ALTER TABLE units ADD COLUMN payment_qr bytea;
ALTER TABLE units ADD COLUMN payment_qr_mime text;

-- Where a unit is paid: a bank account (name, number, IFSC) or a UPI VPA.
CREATE TABLE payout_accounts (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('BANK', 'UPI')),
  account_name text NOT NULL,
  account_number text,
  ifsc text,
  vpa text,
  created_at timestamptz NOT NULL,
  CHECK ((kind = 'BANK' AND account_number IS NOT NULL AND ifsc IS NOT NULL) OR (kind = 'UPI' AND vpa IS NOT NULL))
);
CREATE INDEX payout_accounts_unit ON payout_accounts (unit_id);

ALTER TABLE warehouses ADD COLUMN address_line text;
ALTER TABLE warehouses ADD COLUMN pincode text;
