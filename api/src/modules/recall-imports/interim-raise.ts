import { randomUUID } from 'node:crypto';
import { batchKey } from 'shared-api';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { RaiseRecall } from './service';

/**
 * STAND-IN until rc-core's RecallsService.raise is merged (then app.ts passes that and this file goes): records the
 * recall and its batch numbers and marks the matching batches, in one transaction. It does not quarantine, release
 * reservations, flag orders or tell anyone — raise does all of that.
 */
export function interimRaise(db: Database, config: Config): RaiseRecall {
  return (caller, recall, importId) =>
    inTransaction(db, async (trx) => {
      const id = randomUUID();
      const { n } = await sql<{ n: string }>`SELECT nextval('recall_numbers')::text AS n`.execute(trx).then((r) => r.rows[0]!);
      const recallNumber = `RC-${n.padStart(6, '0')}`;
      await trx
        .insertInto('recalls')
        .values({
          id,
          recall_number: recallNumber,
          product_id: recall.productId,
          expiry_up_to: recall.expiryUpTo,
          reason: recall.reason,
          action: recall.action,
          notice_number: recall.source.noticeNumber,
          notice_date: recall.source.noticeDate,
          letter_document_id: recall.source.letterDocumentId,
          note: recall.note,
          raised_by_kind: 'STAFF',
          raised_by_unit_id: caller.unitId,
          raised_by: caller.userId,
          import_id: importId,
          status: 'ACTIVE',
          raised_at: config.now(),
        })
        .execute();
      const keys = new Map(recall.batchNos.map((b) => [batchKey(b), b]));
      if (keys.size > 0) await trx.insertInto('recall_batches').values([...keys].map(([batch_key, batch_no]) => ({ recall_id: id, batch_key, batch_no }))).execute();
      await sql`UPDATE inventory_batches SET recall_id = active_recall_of(product_id, batch_no, expiry_date)
                WHERE product_id = ${recall.productId} AND recall_id IS NULL`.execute(trx);
      return { id, recallNumber };
    });
}
