-- Issue 11: whether an import counted the file's free quantities (a "Free" column of plain numbers) as stock. The
-- unit's latest import gives the next upload's default, so the choice is remembered per unit; earlier imports
-- counted them.
ALTER TABLE inventory_imports ADD COLUMN count_free boolean NOT NULL DEFAULT true;
