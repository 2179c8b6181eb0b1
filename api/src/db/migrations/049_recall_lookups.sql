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
