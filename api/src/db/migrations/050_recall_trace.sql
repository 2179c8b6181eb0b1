-- Recall trace and network view (issue 35): every query is keyed by the recall's batches, so each needs an index from
-- a batch to what moved it. Without these a trace reads every bill, invoice and credit note line of the network (the
-- bench marketplace's history); with them it reads only the lines of the batches it follows.
CREATE INDEX purchase_bill_lines_batch ON purchase_bill_lines (batch_id) WHERE batch_id IS NOT NULL;
CREATE INDEX sales_invoice_lines_batch ON sales_invoice_lines (batch_id) WHERE batch_id IS NOT NULL;
CREATE INDEX credit_note_lines_batch ON credit_note_lines (batch_id) WHERE batch_id IS NOT NULL;
-- The network view finds a recall's batches everywhere by product and batch number as the recall matches them.
CREATE INDEX inventory_batches_recall_key ON inventory_batches (product_id, recall_batch_key(batch_no));
