-- Raising a recall (issue 35) finds, for one product across the network, the accepted orders whose goods picked came
-- from its batches and the invoices that carried them to buyers; without these it would read every allocation and
-- invoice line ever written (the bench marketplace's order history).
CREATE INDEX order_allocations_batch_accepted ON order_allocations (batch_id) WHERE status = 'ACCEPTED';
CREATE INDEX sales_invoice_lines_recall ON sales_invoice_lines (product_id, recall_batch_key(batch_no));

-- A batch written while a recall of its product is being raised or lifted (a purchase bill received, an upload, a
-- return): its trigger could not see the uncommitted recall, and the raise could not see the uncommitted batch, so
-- it would stay on sale. Writers of batches take a shared lock on their product's bucket (16 of them, so a
-- transaction writing thousands of products holds at most 16 locks); raising and lifting take it exclusively
-- before anything else, so each waits for the other and then sees it.
CREATE FUNCTION recall_lock_bucket(p_product_id uuid) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT abs(hashtext(p_product_id::text) % 16)
$$;

CREATE OR REPLACE FUNCTION mark_recalled_batch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('recall_batches'), recall_lock_bucket(NEW.product_id));
  -- A fresh snapshot (a volatile function's next statement): a recall that committed while this waited is seen.
  NEW.recall_id := active_recall_of(NEW.product_id, NEW.batch_no, NEW.expiry_date);
  RETURN NEW;
END
$$;

-- A unit that receives a batch after its recall (a bill received, an upload, a return) is a holder too: it is told
-- once, as the holders were when the recall was raised (the units stay on hand, blocked; the trace shows them).
-- The link is notify.ts LINKS.recall; the time is the batch's own (the API's clock).
CREATE FUNCTION tell_late_recall_holder() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_time boolean;
  r record;
BEGIN
  INSERT INTO recall_parties (recall_id, unit_id, role, units, told_at)
  VALUES (NEW.recall_id, NEW.unit_id, 'HOLDER', NEW.quantity, NEW.created_at)
  ON CONFLICT (recall_id, unit_id, role) DO UPDATE SET units = recall_parties.units + EXCLUDED.units
  RETURNING (xmax = 0) INTO first_time;
  IF first_time THEN
    SELECT rc.recall_number, p.name, CASE rc.reason WHEN 'NSQ' THEN 'not of standard quality' WHEN 'SPURIOUS' THEN 'spurious'
      WHEN 'MANUFACTURER_RECALL' THEN 'recalled by the manufacturer' ELSE 'voluntary recall' END AS why
    INTO r FROM recalls rc JOIN products p ON p.id = rc.product_id WHERE rc.id = NEW.recall_id;
    INSERT INTO notifications (id, unit_id, user_id, type, title, body, link, created_at)
    VALUES (gen_random_uuid(), NEW.unit_id, NULL, 'RECALL', 'Recall ' || r.recall_number || ': ' || r.name || ' (' || r.why || ')',
      'Batch ' || NEW.batch_no || ' of ' || r.name || ' you just took into stock (' || NEW.quantity || ' units) is under recall '
        || r.recall_number || ': it may not be sold. Keep it apart and see the recall for what to do.',
      '/stocks/recalls/' || NEW.recall_id, NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER inventory_batches_recall_told AFTER INSERT ON inventory_batches
  FOR EACH ROW WHEN (NEW.recall_id IS NOT NULL) EXECUTE FUNCTION tell_late_recall_holder();
