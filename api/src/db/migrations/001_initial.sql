-- Walking skeleton: units (businesses), their users and warehouses, sign-in state, notifications, carts, push tokens.
-- Ids are uuids made by the API; money is integer paise; times are timestamptz, calendar days are date.

CREATE TABLE units (
  id uuid PRIMARY KEY,
  unit_code text NOT NULL UNIQUE,
  trade_name text NOT NULL,
  customer_type text NOT NULL CHECK (customer_type IN ('STOCKIST', 'RETAILER', 'HOSPITAL', 'SEASON_BOY', 'MANUFACTURER')),
  activated boolean NOT NULL DEFAULT false,
  subscription_type text,
  subscription_valid_until date,
  trade_header text,
  trade_footer text,
  address_line text,
  city text NOT NULL,
  state text,
  pincode text,
  latitude double precision,
  longitude double precision,
  delivery_market text,
  created_at timestamptz NOT NULL
);

CREATE TABLE warehouses (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  display_name text NOT NULL,
  city text NOT NULL,
  latitude double precision,
  longitude double precision,
  profile_image text,
  created_at timestamptz NOT NULL
);
CREATE INDEX warehouses_unit ON warehouses (unit_id);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('OWNER', 'EMPLOYEE')),
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  mobile text NOT NULL,
  email text,
  active_warehouse_id uuid REFERENCES warehouses (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  deleted_at timestamptz
);
-- A number (or email) belongs to one live user; a deleted employee's number can be registered again.
CREATE UNIQUE INDEX users_mobile_live ON users (mobile) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX users_email_live ON users (lower(email)) WHERE deleted_at IS NULL AND email IS NOT NULL;
CREATE INDEX users_unit ON users (unit_id);

CREATE TABLE otp_codes (
  id uuid PRIMARY KEY,
  mobile text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz,
  dead_at timestamptz,
  ip text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX otp_codes_mobile ON otp_codes (mobile, created_at DESC);
CREATE INDEX otp_codes_ip ON otp_codes (ip, created_at DESC);

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY,
  family_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  device_id text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  -- NULL: for everyone in the unit.
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX notifications_unit ON notifications (unit_id, created_at DESC);

CREATE TABLE carts (
  id uuid PRIMARY KEY,
  buyer_unit_id uuid NOT NULL UNIQUE REFERENCES units (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE cart_entries (
  id uuid PRIMARY KEY,
  cart_id uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  seller_unit_id uuid NOT NULL REFERENCES units (id),
  manufacturer text NOT NULL,
  product_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  free_quantity integer NOT NULL DEFAULT 0 CHECK (free_quantity >= 0),
  ptr_paise integer NOT NULL CHECK (ptr_paise >= 0),
  mrp_paise integer NOT NULL CHECK (mrp_paise >= 0),
  created_at timestamptz NOT NULL
);
CREATE INDEX cart_entries_cart ON cart_entries (cart_id);

CREATE TABLE push_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token text NOT NULL,
  channel text NOT NULL,
  os_type text NOT NULL,
  device_id text NOT NULL,
  model text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, device_id)
);
