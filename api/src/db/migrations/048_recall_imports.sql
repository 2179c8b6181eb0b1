-- Staff imports of the regulator's list of not-of-standard-quality, spurious and recalled batches (issue 35). The
-- file is read once at preview; what was read (rows with their product candidates, rejected rows) is kept here so
-- the confirm raises exactly what staff saw, with their picks for ambiguous rows. Confirming moves PREVIEW →
-- IMPORTING (one confirm at a time, never twice) → IMPORTED with the result; each recall is its own transaction, so
-- an import stopped half-way stays IMPORTING with the recalls raised so far (recalls.import_id names them).
CREATE TABLE recall_imports (
  id uuid PRIMARY KEY,
  -- the back office's unit and the staff member who uploaded
  unit_id uuid NOT NULL REFERENCES units (id),
  created_by uuid NOT NULL REFERENCES users (id),
  file_name text NOT NULL,
  file_type text NOT NULL CHECK (file_type IN ('XLSX', 'XLS', 'CSV', 'PDF', 'TXT')),
  -- shared-api RecallImport minus what the columns hold: header row, headers, mapping, missing fields, rows, rejected
  preview jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('PREVIEW', 'IMPORTING', 'IMPORTED')),
  created_at timestamptz NOT NULL,
  confirmed_by uuid REFERENCES users (id),
  confirmed_at timestamptz,
  -- shared-api RecallImportResult, once IMPORTED
  result jsonb,
  CHECK ((status = 'PREVIEW') = (confirmed_at IS NULL)),
  CHECK ((status = 'IMPORTED') = (result IS NOT NULL))
);
CREATE INDEX recall_imports_created ON recall_imports (created_at DESC);

ALTER TABLE recalls ADD CONSTRAINT recalls_import_id_fkey FOREIGN KEY (import_id) REFERENCES recall_imports (id);
