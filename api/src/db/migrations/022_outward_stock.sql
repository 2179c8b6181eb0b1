-- Outward stock register (issue 12): stock that leaves a warehouse by hand (samples, goods back to a supplier outside
-- a debit note, transfers, damage) is an OUTWARD stock movement; what the movement alone cannot say (why, to whom,
-- on which day, under which challan) is kept beside it in outward_entries. Orders, counter sales and debit notes
-- need no entry: their movements reference their documents.
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_kind_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_kind_check
  CHECK (kind IN ('UPLOAD', 'MANUAL_ADD', 'ADJUSTMENT', 'SALE', 'RETURN', 'ORDER', 'PURCHASE', 'PURCHASE_RETURN', 'OUTWARD'));

CREATE TABLE outward_entries (
  -- the OUTWARD movement this entry explains (one each)
  movement_id uuid PRIMARY KEY REFERENCES stock_movements (id) ON DELETE CASCADE,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('SAMPLE', 'SUPPLIER_RETURN', 'TRANSFER', 'DAMAGED', 'OTHER')),
  party_name text CHECK (length(party_name) <= 120),
  document_number text CHECK (length(document_number) <= 40),
  note text CHECK (length(note) <= 500),
  -- the day the stock left (IST); never after the day it was recorded
  entry_date date NOT NULL
);

-- The register reads a unit's outbound movements of the outward kinds newest first (page and totals of a period).
CREATE INDEX stock_movements_outward ON stock_movements (unit_id, created_at)
  WHERE quantity_delta < 0 AND kind IN ('ORDER', 'SALE', 'PURCHASE_RETURN', 'OUTWARD');
