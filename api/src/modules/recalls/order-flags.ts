import type { RecallOrderFlag } from 'shared-api';
import type { Database } from '../../db/database';

/** The recall flags of one order, for its seller's order page. */
export async function recallFlagsOf(db: Database, orderId: string): Promise<RecallOrderFlag[]> {
  const rows = await db
    .selectFrom('recall_order_flags as f')
    .innerJoin('recalls as r', 'r.id', 'f.recall_id')
    .select(['f.recall_id', 'r.recall_number', 'r.status', 'f.kind', 'f.batch_no', 'f.units'])
    .where('f.order_id', '=', orderId)
    .orderBy('f.created_at')
    .orderBy('f.batch_no')
    .execute();
  return rows.map((f) => ({
    recallId: f.recall_id,
    recallNumber: f.recall_number,
    kind: f.kind,
    batchNo: f.batch_no,
    units: f.units,
    message:
      f.status === 'LIFTED'
        ? `Recall ${f.recall_number} was lifted: batch ${f.batch_no} may be sold again`
        : f.kind === 'RESERVATION_RELEASED'
          ? `Batch ${f.batch_no} is recalled (${f.recall_number}): ${f.units} units reserved for this order were released; accepting fills them from other batches`
          : `Batch ${f.batch_no} is recalled (${f.recall_number}): ${f.units} units picked for this order must not go out; replace them from another batch or cancel the acceptance`,
  }));
}
