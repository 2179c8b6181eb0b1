-- Recalls and "not of standard quality" alerts (issue 35). A recall names one product of the master and its batches
-- (by number, compared as recall_batch_key: case, spaces and punctuation ignored) or every batch expiring up to a
-- day. While it is ACTIVE every matching batch of every unit carries its id in inventory_batches.recall_id, and no
-- sale path offers or takes a batch with one; the units are moved to the non-saleable store (reason RECALL) with a
-- RECALL stock movement. Lifting it moves them back and clears the mark.

-- One spelling of a batch number for matching (shared-api recalls.ts batchKey is the same rule).
CREATE FUNCTION recall_batch_key(batch_no text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT upper(regexp_replace(batch_no, '[^A-Za-z0-9]', '', 'g'))
$$;

-- A regulator's notice or a manufacturer's letter (PDF), or a certificate of destruction: kept whole, read back by
-- whoever may see the recall.
CREATE TABLE recall_documents (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('LETTER', 'DESTRUCTION_CERTIFICATE')),
  unit_id uuid NOT NULL REFERENCES units (id),
  uploaded_by uuid NOT NULL REFERENCES users (id),
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  content bytea NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE SEQUENCE recall_numbers;

CREATE TABLE recalls (
  id uuid PRIMARY KEY,
  -- 'RC-000123': network-wide, from recall_numbers
  recall_number text NOT NULL UNIQUE,
  product_id uuid NOT NULL REFERENCES products (id),
  -- every batch expiring on or before this day (with or besides the batch numbers of recall_batches)
  expiry_up_to date,
  reason text NOT NULL CHECK (reason IN ('NSQ', 'SPURIOUS', 'MANUFACTURER_RECALL', 'VOLUNTARY')),
  action text NOT NULL CHECK (action IN ('QUARANTINE', 'RETURN_TO_SUPPLIER')),
  notice_number text,
  notice_date date,
  letter_document_id uuid REFERENCES recall_documents (id),
  note text,
  -- STAFF (back office, from the regulator's list), MANUFACTURER (its own product), STOCKIST (stock it distributes)
  raised_by_kind text NOT NULL CHECK (raised_by_kind IN ('STAFF', 'MANUFACTURER', 'STOCKIST')),
  raised_by_unit_id uuid NOT NULL REFERENCES units (id),
  raised_by uuid NOT NULL REFERENCES users (id),
  -- the regulator-list import it came from, if any
  import_id uuid,
  status text NOT NULL CHECK (status IN ('ACTIVE', 'LIFTED')),
  raised_at timestamptz NOT NULL,
  lifted_at timestamptz,
  lifted_by uuid REFERENCES users (id),
  lift_reason text,
  CHECK ((status = 'LIFTED') = (lifted_at IS NOT NULL)),
  CHECK (notice_number IS NOT NULL AND notice_date IS NOT NULL OR letter_document_id IS NOT NULL)
);
CREATE INDEX recalls_active_product ON recalls (product_id) WHERE status = 'ACTIVE';
CREATE INDEX recalls_raised ON recalls (raised_at DESC);

-- The batch numbers a recall names, as given and as matched.
CREATE TABLE recall_batches (
  recall_id uuid NOT NULL REFERENCES recalls (id),
  batch_key text NOT NULL CHECK (batch_key <> ''),
  batch_no text NOT NULL,
  PRIMARY KEY (recall_id, batch_key)
);
CREATE INDEX recall_batches_key ON recall_batches (batch_key);

-- The active recall a batch falls under (the earliest raised when several do), or NULL.
CREATE FUNCTION active_recall_of(p_product_id uuid, p_batch_no text, p_expiry date) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT r.id FROM recalls r
  WHERE r.status = 'ACTIVE' AND r.product_id = p_product_id
    AND (p_expiry <= r.expiry_up_to
         OR EXISTS (SELECT 1 FROM recall_batches rb WHERE rb.recall_id = r.id AND rb.batch_key = recall_batch_key(p_batch_no)))
  ORDER BY r.raised_at, r.id
  LIMIT 1
$$;

ALTER TABLE inventory_batches ADD COLUMN recall_id uuid REFERENCES recalls (id);
CREATE INDEX inventory_batches_recalled ON inventory_batches (recall_id) WHERE recall_id IS NOT NULL;

-- A batch that arrives after the recall (a purchase bill received, an upload, a return) is blocked as it is written.
CREATE FUNCTION mark_recalled_batch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.recall_id := active_recall_of(NEW.product_id, NEW.batch_no, NEW.expiry_date);
  RETURN NEW;
END
$$;
CREATE TRIGGER inventory_batches_recall BEFORE INSERT ON inventory_batches FOR EACH ROW EXECUTE FUNCTION mark_recalled_batch();

-- What may be sold (003): also not under an active recall.
CREATE OR REPLACE VIEW sellable_batches AS
SELECT
  b.id AS batch_id,
  b.unit_id,
  b.warehouse_id,
  b.product_id,
  p.name AS product_name,
  p.manufacturer,
  p.composition,
  p.pack,
  p.hsn,
  b.batch_no,
  b.expiry_date,
  b.mrp_paise,
  b.ptr_paise,
  b.pts_paise,
  b.scheme_buy,
  b.scheme_free,
  b.quantity - b.reserved AS available
FROM inventory_batches b
JOIN products p ON p.id = b.product_id
WHERE b.expiry_date > current_date AND b.quantity - b.reserved > 0 AND b.recall_id IS NULL;

-- RECALL: units moved between a batch and the non-saleable store by a recall (out when raised, back when lifted).
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_kind_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_kind_check
  CHECK (kind IN ('UPLOAD', 'MANUAL_ADD', 'ADJUSTMENT', 'SALE', 'RETURN', 'ORDER', 'PURCHASE', 'PURCHASE_RETURN', 'OUTWARD', 'RECALL'));

-- Quarantined units are non-saleable stock with reason RECALL; their source says what moved them: RECALL (raised or
-- lifted: source_id the recall), DEBIT_NOTE (returned to the supplier), CREDIT_NOTE (a buyer's units back),
-- RECALL_DESTRUCTION (destroyed: source_id the certificate). recall_id names the recall on each of them.
ALTER TABLE non_saleable_stock_movements DROP CONSTRAINT non_saleable_stock_movements_reason_check;
ALTER TABLE non_saleable_stock_movements ADD CONSTRAINT non_saleable_stock_movements_reason_check
  CHECK (reason IN ('DAMAGED', 'EXPIRED', 'WRONG_ITEM', 'OTHER', 'RECALL'));
ALTER TABLE non_saleable_stock_movements ADD COLUMN recall_id uuid REFERENCES recalls (id);
ALTER TABLE non_saleable_stock_movements ADD CHECK ((reason = 'RECALL') = (recall_id IS NOT NULL));
CREATE INDEX non_saleable_stock_movements_recall ON non_saleable_stock_movements (recall_id, created_at) WHERE recall_id IS NOT NULL;

-- Everyone a recall told: HOLDER (held a matching batch when it was raised, or received one later) and BUYER (received
-- units of it from a platform seller in the last RECALL_BUYER_MONTHS, by invoice, bill or counter sale to a known
-- party). asked_to_return_at: the holder upstream asked this buyer to send its units back.
CREATE TABLE recall_parties (
  recall_id uuid NOT NULL REFERENCES recalls (id),
  unit_id uuid NOT NULL REFERENCES units (id),
  role text NOT NULL CHECK (role IN ('HOLDER', 'BUYER')),
  -- HOLDER: units it held when told; BUYER: units it received in the window
  units integer NOT NULL CHECK (units >= 0),
  told_at timestamptz NOT NULL,
  asked_to_return_at timestamptz,
  asked_by_unit_id uuid REFERENCES units (id),
  PRIMARY KEY (recall_id, unit_id, role)
);
CREATE INDEX recall_parties_unit ON recall_parties (unit_id, told_at DESC);

-- Orders a recall touched, shown to the seller on the order: RESERVATION_RELEASED (not yet accepted: its units of
-- the batch were released; acceptance fills it from other batches or it is rejected), REPLACE_OR_CANCEL (accepted,
-- not dispatched: the goods picked include recalled units).
CREATE TABLE recall_order_flags (
  recall_id uuid NOT NULL REFERENCES recalls (id),
  order_id uuid NOT NULL REFERENCES orders (id),
  kind text NOT NULL CHECK (kind IN ('RESERVATION_RELEASED', 'REPLACE_OR_CANCEL')),
  batch_no text NOT NULL,
  units integer NOT NULL CHECK (units > 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (recall_id, order_id, kind, batch_no)
);
CREATE INDEX recall_order_flags_order ON recall_order_flags (order_id);
