-- A bank statement is imported once per unit (issue 33): the same file again is refused (E0009) by the SHA-256 of its
-- bytes, written in the import's transaction with its lines. A statement exported again with other bytes (another
-- period that overlaps) is still read: its lines seen before are duplicates (bank_statement_lines_once).
CREATE TABLE bank_statement_imports (
  unit_id uuid NOT NULL REFERENCES units (id),
  content_sha256 text NOT NULL CHECK (content_sha256 ~ '^[0-9a-f]{64}$'),
  file_name text NOT NULL,
  -- the statement's transaction lines read (rows refused for their money or date are not counted)
  line_count integer NOT NULL CHECK (line_count >= 0),
  imported_by uuid REFERENCES users (id),
  imported_at timestamptz NOT NULL,
  PRIMARY KEY (unit_id, content_sha256)
);
