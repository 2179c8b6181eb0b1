import { sql } from 'kysely';
import { RECALL_REASON_LABELS, type RecallReason } from 'shared-api';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';

/*
 * Recalled batches and the sale paths (issue 35). A batch under an active recall carries its id in
 * inventory_batches.recall_id (migration 047). Where the system picks batches (search, cart pricing, FEFO at submit
 * and acceptance, best basket, the near-expiry market, the counter's first-expiry pick) the batch is simply left out
 * with `b.recall_id IS NULL`; where a person picked the batch (a counter line or quotation naming it, an offer
 * listed or put in a cart, an accepted order invoiced) the sale is refused with E0025 naming the recall, so the
 * person learns why rather than meeting "out of stock".
 */

/** A recalled batch as the refusal names it. */
export interface RecalledBatch {
  batch_no: string;
  product_name: string;
  recall_number: string;
  reason: RecallReason;
}

/** "Batch B123 of Dolo 650 is recalled (RC-000004, not of standard quality): it may not be sold" */
export function recalledMessage(b: RecalledBatch): string {
  return `Batch ${b.batch_no} of ${b.product_name} is recalled (${b.recall_number}, ${RECALL_REASON_LABELS[b.reason].toLowerCase()}): it may not be sold`;
}

/** E0025 for the batch; `then` says what the person can do instead, after the sentence. */
export function recalledError(b: RecalledBatch, then?: string): AppError {
  return new AppError('E0025', 409, then ? `${recalledMessage(b)}. ${then}` : recalledMessage(b));
}

/**
 * Of these batches (of `unitId` only, when given: a batch id sent by a client), those under a recall, with the recall
 * (by batch number, so a refusal always names the same one).
 */
export async function recalledAmong(db: Database, batchIds: readonly string[], unitId?: string): Promise<RecalledBatch[]> {
  if (!batchIds.length) return [];
  const { rows } = await sql<RecalledBatch>`
    SELECT b.batch_no, p.name AS product_name, r.recall_number, r.reason
    FROM inventory_batches b
    JOIN products p ON p.id = b.product_id
    JOIN recalls r ON r.id = b.recall_id
    WHERE b.id = ANY(${[...new Set(batchIds)]}::uuid[]) ${unitId ? sql`AND b.unit_id = ${unitId}` : sql``}
    ORDER BY b.batch_no, b.id`.execute(db);
  return rows;
}

/** Refuses (E0025) when any of these batches (of `unitId`, when given) is under a recall; `then`: see recalledError. */
export async function refuseRecalled(db: Database, batchIds: readonly string[], options: { unitId?: string; then?: string } = {}): Promise<void> {
  const [first] = await recalledAmong(db, batchIds, options.unitId);
  if (first) throw recalledError(first, options.then);
}
