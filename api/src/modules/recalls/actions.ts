import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { batchKey, RECALL_REASON_LABELS, type AskBuyersResult, type MarkDestroyed, type MarkDestroyedResult, type ReturnToSupplierResult } from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { lockBatches } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { LINKS, unitNotices } from '../notifications/notify';
import type { PurchaseReturnsService } from '../purchases/returns';
import { quarantineOf, recallScope, returnPlan, salesOf, unitBatches, type RecallDetail, type RecallScope } from './trace';

/*
 * The one-click actions of a recall's page (issue 35), each for the caller's unit: return its quarantined units to
 * the suppliers they came from (a debit note per platform bill through purchases/returns.ts, whose recall mode takes
 * them out of quarantine and writes the supplier's credit note, units into the supplier's quarantine), ask its
 * platform buyers to return theirs, and write units off as destroyed against a certificate.
 */

const notNow = (message: string) => new AppError('E0013', 409, message);
/** Plans of a return to supplier tried before a refusal is answered (see returnToSupplier). */
const PLAN_ATTEMPTS = 3;

export class RecallActions {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly detail: RecallDetail,
    private readonly purchaseReturns: PurchaseReturnsService,
  ) {}

  /** The recall as the caller may act on it: 404 unless it reaches the caller, E0013 once lifted. */
  private async activeScope(caller: Caller, recallId: string): Promise<RecallScope> {
    await this.detail(caller, recallId);
    const scope = await recallScope(this.db, recallId);
    if (scope.status !== 'ACTIVE') throw notNow(`Recall ${scope.recallNumber} is lifted: its batches may be sold again`);
    return scope;
  }

  /**
   * A debit note per platform bill for the quarantined units that came on it, at the bill's prices; each note is its
   * own transaction (its bill, batches and counters locked in the documented order), so a second click after a
   * failure returns what is left.
   */
  async returnToSupplier(caller: Caller, recallId: string): Promise<ReturnToSupplierResult> {
    const scope = await this.activeScope(caller, recallId);
    const reason = `Recall ${scope.recallNumber} (${RECALL_REASON_LABELS[scope.reason]}): recalled units returned`;
    const debitNotes: ReturnToSupplierResult['debitNotes'] = [];
    // The plan is read before the notes' transactions: when another click or a destruction took units meanwhile, a
    // note is refused (E0010, checked under its locks) and what is left is planned again.
    for (let attempt = 1; ; attempt += 1) {
      const plan = await returnPlan(this.db, caller.unitId, recallId);
      if (!plan.bills.size) {
        if (debitNotes.length) break;
        throw notNow(
          plan.quarantined
            ? `None of the ${plan.quarantined} quarantined units of ${scope.recallNumber} came on a bill from a supplier on Medico B2B: return them outside the platform or mark them destroyed`
            : `Nothing of ${scope.recallNumber} is in your quarantine`,
        );
      }
      try {
        for (const [billId, bill] of [...plan.bills].sort(([a], [b]) => a.localeCompare(b))) {
          const note = await this.purchaseReturns.create(caller, billId, { lines: bill.lines, reason }, { recallId, recallNumber: scope.recallNumber });
          debitNotes.push({ debitNoteId: note.debitNoteId, noteNumber: note.noteNumber, supplierName: note.supplier.name, units: bill.units, totalPaise: note.totals.totalPaise });
        }
        break;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'E0010') || attempt === PLAN_ATTEMPTS) throw error;
      }
    }
    return { debitNotes, unitsLeft: (await quarantineOf(this.db, caller.unitId, recallId)).quarantined };
  }

  /** Each platform buyer of the caller's recalled batches not yet asked: told its units and documents, and marked asked. */
  async askBuyers(caller: Caller, recallId: string): Promise<AskBuyersResult> {
    const scope = await this.activeScope(caller, recallId);
    const batches = await unitBatches(this.db, scope, caller.unitId);
    const sales = (await salesOf(this.db, caller.unitId, batches.map((b) => b.id))).filter((s) => s.buyer_unit_id && s.quantity > s.returned);
    const byBuyer = new Map<string, { units: number; docs: string[] }>();
    for (const s of sales) {
      const b = byBuyer.get(s.buyer_unit_id!) ?? { units: 0, docs: [] };
      b.units += s.quantity - s.returned;
      b.docs.push(`${s.invoice_number} (${s.quantity - s.returned} of batch ${s.batch_no})`);
      byBuyer.set(s.buyer_unit_id!, b);
    }
    const now = this.config.now();
    const asked = await inTransaction(this.db, async (trx) => {
      const done = await trx
        .selectFrom('recall_parties')
        .select('unit_id')
        .where('recall_id', '=', recallId)
        .where('role', '=', 'BUYER')
        .where('asked_by_unit_id', '=', caller.unitId)
        .where('unit_id', 'in', [...byBuyer.keys(), caller.unitId])
        .forUpdate()
        .execute();
      const buyers = [...byBuyer].filter(([unitId]) => !done.some((d) => d.unit_id === unitId)).sort(([a], [b]) => a.localeCompare(b));
      if (!buyers.length) return 0;
      const seller = await trx.selectFrom('units').select('trade_name').where('id', '=', caller.unitId).executeTakeFirstOrThrow();
      await trx
        .insertInto('recall_parties')
        .values(buyers.map(([unitId, b]) => ({ recall_id: recallId, unit_id: unitId, role: 'BUYER' as const, units: b.units, told_at: now, asked_to_return_at: now, asked_by_unit_id: caller.unitId })))
        .onConflict((oc) => oc.columns(['recall_id', 'unit_id', 'role']).doUpdateSet({ asked_to_return_at: now, asked_by_unit_id: caller.unitId }))
        .execute();
      const notices = buyers.flatMap(([unitId, b]) =>
        unitNotices(
          [unitId],
          {
            type: 'RECALL',
            title: `Return ${b.units} units of ${scope.productName} (${scope.recallNumber})`,
            body: `${seller.trade_name} asks you to return the units of ${scope.productName} it sold you, recalled as ${RECALL_REASON_LABELS[scope.reason].toLowerCase()}: ${b.docs.join(', ')}. Return them from the recall's page: they go back as a debit note.`,
            link: LINKS.recall(recallId),
          },
          { at: now },
        ),
      );
      await trx.insertInto('notifications').values(notices).execute();
      return buyers.length;
    });
    return { buyersAsked: asked };
  }

  /** Quarantined units written off as destroyed, against the caller's certificate (source RECALL_DESTRUCTION). */
  async destroyed(caller: Caller, recallId: string, input: z.output<typeof MarkDestroyed>): Promise<MarkDestroyedResult> {
    const scope = await this.activeScope(caller, recallId);
    const certificate = await this.db
      .selectFrom('recall_documents')
      .select(['id', 'kind'])
      .where('id', '=', input.certificateDocumentId)
      .where('unit_id', '=', caller.unitId)
      .executeTakeFirst();
    if (!certificate || certificate.kind !== 'DESTRUCTION_CERTIFICATE') {
      const message = 'Upload the certificate of destruction first (a PDF or image of kind DESTRUCTION_CERTIFICATE)';
      throw new AppError('E0001', 400, message, { certificateDocumentId: message });
    }
    const now = this.config.now();
    const units = await inTransaction(this.db, async (trx) => {
      const balances = async () =>
        (
          await sql<{ batch_id: string; warehouse_id: string | null; product_id: string | null; product_name: string; batch_no: string; expiry_date: string; mrp_paise: number; units: number }>`
            SELECT m.batch_id, b.warehouse_id, b.product_id, p.name AS product_name, b.batch_no, b.expiry_date, b.mrp_paise, m.units
            FROM (SELECT batch_id, sum(quantity_delta)::int AS units FROM non_saleable_stock_movements
                  WHERE recall_id = ${recallId}::uuid AND unit_id = ${caller.unitId}::uuid AND batch_id IS NOT NULL
                  GROUP BY batch_id HAVING sum(quantity_delta) > 0) m
            JOIN inventory_batches b ON b.id = m.batch_id JOIN products p ON p.id = b.product_id
            ORDER BY m.batch_id`.execute(trx)
        ).rows;
      // The batches' rows serialize every change to their quarantine (returns to supplier lock them too).
      await lockBatches(trx, (await balances()).map((b) => b.batch_id), 'UPDATE');
      const held = await balances();
      const out: { row: (typeof held)[number]; units: number }[] = [];
      if (input.batches) {
        const wanted = new Map<string, { batchNo: string; quantity: number }>();
        for (const b of input.batches) {
          const w = wanted.get(batchKey(b.batchNo)) ?? { batchNo: b.batchNo, quantity: 0 };
          w.quantity += b.quantity;
          wanted.set(batchKey(b.batchNo), w);
        }
        for (const [key, w] of wanted) {
          const rows = held.filter((h) => batchKey(h.batch_no) === key);
          const has = rows.reduce((n, r) => n + r.units, 0);
          if (has < w.quantity) throw notNow(`Only ${has} units of batch ${w.batchNo} are in your quarantine under ${scope.recallNumber}, not ${w.quantity}`);
          let left = w.quantity;
          for (const row of rows) {
            const take = Math.min(left, row.units);
            if (take > 0) out.push({ row, units: take });
            left -= take;
          }
        }
      } else {
        for (const row of held) out.push({ row, units: row.units });
      }
      if (!out.length) throw notNow(`Nothing of ${scope.recallNumber} is in your quarantine`);
      await trx
        .insertInto('non_saleable_stock_movements')
        .values(
          out.map(({ row, units }) => ({
            id: randomUUID(),
            unit_id: caller.unitId,
            warehouse_id: row.warehouse_id,
            product_id: row.product_id,
            batch_id: row.batch_id,
            product_name: row.product_name,
            batch_no: row.batch_no,
            expiry_date: row.expiry_date,
            mrp_paise: row.mrp_paise,
            quantity_delta: -units,
            reason: 'RECALL' as const,
            recall_id: recallId,
            source_type: 'RECALL_DESTRUCTION',
            source_id: certificate.id,
            created_by: caller.userId,
            created_at: now,
          })),
        )
        .execute();
      return out.reduce((n, o) => n + o.units, 0);
    });
    return { unitsDestroyed: units };
  }
}
