-- What every written batch went through row by row, once per statement instead (issue 38 item 1): a batch written for
-- a merged product goes to its survivor (052), and one written while its product is under recall is blocked and its
-- unit told (047, 049). The two BEFORE/AFTER row triggers ran PL/pgSQL, a products lookup, an advisory lock and the
-- recall lookup for each of an upload's 100,000 batches, where almost no product is ever merged or recalled: ~1.2 s
-- of the import benchmark's 10–11 s on PGlite. Per statement, only the rows of merged or recalled products are touched.
--
-- Still race-free: the new rows' product buckets are locked shared (the same locks as before, in order) after the
-- rows are written and before the lookup, which is the function's next statement and so has a fresh snapshot. A raise,
-- lift or merge holding a bucket exclusively is waited for and then seen; one that starts after the lock waits for this
-- transaction to commit and then sees the rows. An INSERT … ON CONFLICT DO UPDATE puts only the rows it inserted in
-- new_rows, so its conflict target must already be the survivor: inventory/repository.ts addOrIncreaseBatch (the one
-- upsert of batches) resolves it. An UPDATE of a batch's product still goes to the survivor row by row (052).
CREATE FUNCTION batches_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b record;
  first_time boolean;
  r record;
BEGIN
  IF EXISTS (SELECT 1 FROM products WHERE merged_into IS NOT NULL) THEN
    UPDATE inventory_batches ib SET product_id = m.merged_into
    FROM new_rows n JOIN (SELECT id, merged_into FROM products WHERE merged_into IS NOT NULL) m ON m.id = n.product_id
    WHERE ib.id = n.id;
  END IF;

  PERFORM pg_advisory_xact_lock_shared(hashtext('recall_batches'), bucket)
  FROM (SELECT DISTINCT recall_lock_bucket(coalesce(m.merged_into, n.product_id)) AS bucket
        FROM (SELECT DISTINCT product_id FROM new_rows) n
        LEFT JOIN (SELECT id, merged_into FROM products WHERE merged_into IS NOT NULL) m ON m.id = n.product_id) buckets
  ORDER BY bucket;
  IF NOT EXISTS (SELECT 1 FROM recalls WHERE status = 'ACTIVE') THEN
    RETURN NULL;
  END IF;
  FOR b IN
    UPDATE inventory_batches ib SET recall_id = marked.recall_id
    FROM (SELECT w.id, active_recall_of(w.product_id, w.batch_no, w.expiry_date) AS recall_id
          FROM (SELECT n.id, coalesce(m.merged_into, n.product_id) AS product_id, n.batch_no, n.expiry_date FROM new_rows n
                LEFT JOIN (SELECT id, merged_into FROM products WHERE merged_into IS NOT NULL) m ON m.id = n.product_id) w
          WHERE w.product_id IN (SELECT product_id FROM recalls WHERE status = 'ACTIVE')) marked
    WHERE ib.id = marked.id AND marked.recall_id IS NOT NULL
    RETURNING ib.*
  LOOP
    -- A unit that receives a batch after its recall is a holder too, told once (049).
    INSERT INTO recall_parties (recall_id, unit_id, role, units, told_at)
    VALUES (b.recall_id, b.unit_id, 'HOLDER', b.quantity, b.created_at)
    ON CONFLICT (recall_id, unit_id, role) DO UPDATE SET units = recall_parties.units + EXCLUDED.units
    RETURNING (xmax = 0) INTO first_time;
    IF first_time THEN
      SELECT rc.recall_number, p.name, CASE rc.reason WHEN 'NSQ' THEN 'not of standard quality' WHEN 'SPURIOUS' THEN 'spurious'
        WHEN 'MANUFACTURER_RECALL' THEN 'recalled by the manufacturer' ELSE 'voluntary recall' END AS why
      INTO r FROM recalls rc JOIN products p ON p.id = rc.product_id WHERE rc.id = b.recall_id;
      INSERT INTO notifications (id, unit_id, user_id, type, title, body, link, created_at)
      VALUES (gen_random_uuid(), b.unit_id, NULL, 'RECALL', 'Recall ' || r.recall_number || ': ' || r.name || ' (' || r.why || ')',
        'Batch ' || b.batch_no || ' of ' || r.name || ' you just took into stock (' || b.quantity || ' units) is under recall '
          || r.recall_number || ': it may not be sold. Keep it apart and see the recall for what to do.',
        '/stocks/recalls/' || b.recall_id, b.created_at);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

DROP TRIGGER inventory_batches_recall ON inventory_batches;
DROP TRIGGER inventory_batches_recall_told ON inventory_batches;
DROP TRIGGER inventory_batches_merged_product ON inventory_batches;
DROP FUNCTION mark_recalled_batch();
DROP FUNCTION tell_late_recall_holder();
CREATE TRIGGER inventory_batches_merged_product BEFORE UPDATE OF product_id ON inventory_batches
  FOR EACH ROW EXECUTE FUNCTION batch_of_survivor();
CREATE TRIGGER inventory_batches_written AFTER INSERT ON inventory_batches
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION batches_written();
