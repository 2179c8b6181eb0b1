-- Raising a recall (issue 35) finds, for one product across the network, the accepted orders whose goods picked came
-- from its batches and the invoices that carried them to buyers; without these it would read every allocation and
-- invoice line ever written (the bench marketplace's order history).
CREATE INDEX order_allocations_batch_accepted ON order_allocations (batch_id) WHERE status = 'ACCEPTED';
CREATE INDEX sales_invoice_lines_recall ON sales_invoice_lines (product_id, recall_batch_key(batch_no));
