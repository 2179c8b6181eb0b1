import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type InsertObject, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  EINVOICE_STATUSES,
  IRN_CANCEL_REASONS,
  IRN_CANCEL_WINDOW_HOURS,
  type ComplianceSettings,
  type DocumentParty,
  type EInvoiceDocumentType,
  type EInvoiceList,
  type EInvoiceListQuery,
  type EInvoiceRetryResult,
  type EInvoiceState,
  type EInvoiceStatus,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { DB, EInvoicesTable } from '../../db/types';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { IrpUnavailable, type IrpClient, type IrnResult } from './irp';
import { buildEInvoicePayload, payloadErrors } from './payload';
import { PeriodicJob, untilDone } from '../../db/periodic';
import type { NumberedWrite } from '../ledger/numbering';

/*
 * The e-invoice lifecycle (issue 34). A document that must be reported (the unit has e-invoicing on, the recipient
 * has a GSTIN) gets its e_invoices row as PENDING in the document's own transaction (enqueueEInvoice): its number is
 * never wasted and nothing is lost if the portal is down or the process dies. Right after the commit the issuing
 * flow asks for it to be registered (registerSoon: outside any transaction, no locks held during the network call);
 * what the portal answers is stored:
 *   - REGISTERED: IRN, Ack No and date, signed invoice and QR;
 *   - REFUSED (invalid data): the portal's code and reason, not retried by itself (the owner retries after fixing);
 *     a duplicate IRN (2150) carrying the registered one (a registration that timed out after the portal recorded
 *     it) is stored as REGISTERED;
 *   - IrpUnavailable: stays PENDING, tried again after 1, 2, 4 … minutes (capped at 60, ±20% jitter).
 * Whoever sends a row first claims it (sending_until set a lease ahead, in a short transaction with FOR UPDATE
 * SKIP LOCKED), so the background loop of several API processes, the issuing flow and a retry never send one row at
 * the same time; if a process dies mid-send the lease runs out and the loop sends it again (a duplicate then comes
 * back as 2150 with the registered IRN).
 */

/** How long a claimed row is left to its sender before the loop may send it again. */
const LEASE_MS = 2 * 60_000;
/** Rows claimed per transaction by the loop (and by retry-all). */
const BATCH = 20;
const MAX_BACKOFF_MINUTES = 60;

type Row = Selectable<EInvoicesTable>;
type Executor = Kysely<DB> | Transaction<DB>;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Minutes before the next try after `attempts` failed tries: 1, 2, 4 … 60, with ±20% jitter (random in [0, 1)). */
export function backoffMs(attempts: number, random: number = Math.random()): number {
  const minutes = Math.min(MAX_BACKOFF_MINUTES, 2 ** Math.max(0, attempts - 1));
  return Math.round(minutes * 60_000 * (0.8 + 0.4 * random));
}

export function toEInvoiceState(r: Row): EInvoiceState {
  const ackDate = r.ack_date === null ? null : new Date(r.ack_date);
  const reason = r.cancel_reason_code;
  return {
    id: r.id,
    documentType: r.document_type,
    documentId: r.document_id,
    documentNumber: r.document_number,
    documentDate: r.document_date,
    partyName: r.party_name,
    totalPaise: Number(r.total_paise),
    status: r.status,
    irn: r.irn,
    ackNo: r.ack_no,
    ackDate: ackDate?.toISOString() ?? null,
    signedQr: r.signed_qr,
    refusal: r.status === 'REFUSED' && r.refusal_code !== null ? { code: r.refusal_code, message: r.refusal_message ?? '' } : null,
    attempts: r.attempts,
    lastAttemptAt: iso(r.last_attempt_at),
    nextAttemptAt: r.status === 'PENDING' ? iso(r.next_attempt_at) : null,
    cancellableUntil: r.status === 'REGISTERED' && ackDate ? new Date(ackDate.getTime() + IRN_CANCEL_WINDOW_HOURS * 3_600_000).toISOString() : null,
    cancelledAt: iso(r.cancelled_at),
    cancelReason: reason ? { code: reason, label: IRN_CANCEL_REASONS[reason], remark: r.cancel_remark ?? '' } : null,
  };
}

/** The e-invoice state of a document (null: not reported, e.g. e-invoicing off or a buyer without a GSTIN). */
export async function eInvoiceOf(db: Executor, type: EInvoiceDocumentType, documentId: string): Promise<EInvoiceState | null> {
  const row = await db.selectFrom('e_invoices').selectAll().where('document_type', '=', type).where('document_id', '=', documentId).executeTakeFirst();
  return row ? toEInvoiceState(row) : null;
}

/** Whether the unit reports its B2B documents to the IRP (books_settings.e_invoicing, off unless the owner turned it on). */
export async function eInvoicingOn(db: Executor, unitId: string): Promise<boolean> {
  const row = await db.selectFrom('books_settings').select('e_invoicing').where('unit_id', '=', unitId).executeTakeFirst();
  return row?.e_invoicing ?? false;
}

/** A document to report, as its issuing flow knows it. */
export interface ReportedDocument {
  unitId: string;
  type: EInvoiceDocumentType;
  documentId: string;
  /** NUMBER_TO_TAKE when the row is written by takeNumberWith with the document */
  number: string;
  date: string;
  party: DocumentParty;
  totalPaise: number;
}

/**
 * The document's e_invoices row as PENDING when it must be reported (the issuer has e-invoicing on, the recipient a
 * GSTIN: B2B only), claimed for the issuing flow's own attempt right after the commit; null when it is not reported.
 * For a flow that writes it in the statement that writes the document (ledger/numbering.ts takeNumberWith).
 */
export async function eInvoiceRow(db: Executor, doc: ReportedDocument, at: Date): Promise<{ id: string; write: NumberedWrite } | null> {
  if (!doc.party.gstin || !(await eInvoicingOn(db, doc.unitId))) return null;
  const id = randomUUID();
  const row = {
    id,
    unit_id: doc.unitId,
    document_type: doc.type,
    document_id: doc.documentId,
    document_number: doc.number,
    document_date: doc.date,
    party_name: doc.party.name,
    party_gstin: doc.party.gstin,
    total_paise: doc.totalPaise,
    status: 'PENDING' as const,
    // Claimed for the issuing flow's attempt right after the commit (a lease, see claim()); the loop's after it.
    last_attempt_at: at,
    next_attempt_at: new Date(at.getTime() + LEASE_MS),
    sending_until: new Date(at.getTime() + LEASE_MS),
    created_at: at,
    updated_at: at,
  };
  return { id, write: { table: 'e_invoices', rows: [row] } };
}

/**
 * Inside the transaction that issues a document, after it is written: its e_invoices row (eInvoiceRow). Answers the
 * row's id, or null when the document is not reported.
 */
export async function enqueueEInvoice(trx: Transaction<DB>, type: EInvoiceDocumentType, documentId: string, at: Date): Promise<string | null> {
  const doc =
    type === 'INV'
      ? await trx.selectFrom('sales_invoices').select(['unit_id', 'invoice_number as number', 'invoice_date as date', 'recipient as party', 'total_paise']).where('id', '=', documentId).executeTakeFirstOrThrow()
      : type === 'CRN'
        ? await trx.selectFrom('credit_notes').select(['unit_id', 'credit_note_number as number', 'credit_note_date as date', 'recipient as party', 'total_paise']).where('id', '=', documentId).executeTakeFirstOrThrow()
        : await trx.selectFrom('debit_notes').select(['unit_id', 'note_number as number', 'note_date as date', 'supplier as party', 'total_paise']).where('id', '=', documentId).executeTakeFirstOrThrow();
  const row = await eInvoiceRow(trx, { unitId: doc.unit_id, type, documentId, number: doc.number, date: doc.date, party: doc.party as DocumentParty, totalPaise: Number(doc.total_paise) }, at);
  if (!row) return null;
  await trx.insertInto('e_invoices').values(row.write.rows as InsertObject<DB, 'e_invoices'>[]).execute();
  return row.id;
}

const alreadyRegistered = (state: EInvoiceState) => new AppError('E0013', 409, `${state.documentNumber} is ${state.status === 'REGISTERED' ? 'already registered (IRN ' + (state.irn ?? '') + ')' : 'cancelled'}: nothing to send`);
const eInvoiceNotFound = () => new AppError('E0002', 404, 'E-invoice not found');

export class EInvoicesService {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'now'> & { einvoiceRetryMs?: number },
    readonly irp: IrpClient,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {
    this.loop = new PeriodicJob('e-invoices: the retry loop', () => this.tick(), log);
  }

  // ---- settings ----

  async settings(caller: Caller, ewbProvider: ComplianceSettings['ewbProvider']): Promise<ComplianceSettings> {
    return { eInvoicing: await eInvoicingOn(this.db, caller.unitId), irpProvider: this.irp.provider, ewbProvider };
  }

  /** The owner's switch (books_settings, migration 043); documents issued before keep what they had. */
  async saveSettings(caller: Caller, input: { eInvoicing: boolean }, ewbProvider: ComplianceSettings['ewbProvider']): Promise<ComplianceSettings> {
    const now = this.config.now();
    await this.db
      .insertInto('books_settings')
      .values({ unit_id: caller.unitId, e_invoicing: input.eInvoicing, updated_at: now })
      .onConflict((oc) => oc.column('unit_id').doUpdateSet({ e_invoicing: input.eInvoicing, updated_at: now }))
      .execute();
    return this.settings(caller, ewbProvider);
  }

  // ---- sending ----

  /**
   * After the issuing transaction committed: the first attempt, now (the row was claimed when it was written). Never
   * throws: whatever happens, the row stays PENDING for the loop, and the document is answered with its state.
   */
  async registerSoon(id: string | null): Promise<void> {
    if (!id) return;
    try {
      const row = await this.db.selectFrom('e_invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await this.send(row);
    } catch (error) {
      this.log.error({ err: error, eInvoiceId: id }, 'e-invoices: the first registration attempt failed; the queue will retry');
    }
  }

  /** Sends one claimed row and stores what the portal answered; answers the outcome. */
  private async send(row: Row): Promise<EInvoiceStatus> {
    const now = this.config.now();
    let result: IrnResult;
    try {
      const built = await buildEInvoicePayload(this.db, row.document_type, row.document_id);
      const errors = payloadErrors(built.payload);
      // Not sent: the portal would refuse it the same way (2140); the owner sees why and retries after fixing.
      result = errors.length ? { outcome: 'REFUSED', code: 'SCHEMA', message: `The e-invoice does not follow the INV-01 schema: ${errors.slice(0, 3).join('; ')}` } : await this.irp.register(built.sellerGstin, built.payload);
    } catch (error) {
      if (!(error instanceof IrpUnavailable)) throw error;
      const attempts = row.attempts + 1;
      await this.db
        .updateTable('e_invoices')
        .set({ status: 'PENDING', attempts, last_attempt_at: now, next_attempt_at: new Date(now.getTime() + backoffMs(attempts)), sending_until: null, updated_at: now })
        .where('id', '=', row.id)
        .where('status', 'in', ['PENDING', 'REFUSED'])
        .execute();
      this.log.warn({ eInvoiceId: row.id, attempts, err: error }, 'e-invoices: the portal is unavailable; the registration waits');
      return 'PENDING';
    }
    const registered = result.outcome === 'REGISTERED' ? result : result.existing ? { ...result.existing, signedInvoice: result.existing.signedInvoice ?? null, signedQrCode: result.existing.signedQrCode ?? null } : null;
    const base = { attempts: row.attempts + 1, last_attempt_at: now, next_attempt_at: null, sending_until: null, updated_at: now };
    await this.db
      .updateTable('e_invoices')
      .set(
        registered
          ? { ...base, status: 'REGISTERED', irn: registered.irn, ack_no: registered.ackNo, ack_date: registered.ackDate, signed_invoice: registered.signedInvoice, signed_qr: registered.signedQrCode, refusal_code: null, refusal_message: null }
          : { ...base, status: 'REFUSED', refusal_code: result.outcome === 'REFUSED' ? result.code : 'UNKNOWN', refusal_message: result.outcome === 'REFUSED' ? result.message : '' },
      )
      .where('id', '=', row.id)
      // A row cancelled meanwhile (einv-cancel) keeps its state.
      .where('status', 'in', ['PENDING', 'REFUSED'])
      .execute();
    return registered ? 'REGISTERED' : 'REFUSED';
  }

  /**
   * Claims up to `limit` rows (FOR UPDATE SKIP LOCKED: another process's claim is skipped, never waited for) and
   * leases them: due PENDING rows for the loop; a unit's PENDING and REFUSED rows, or one row, for a retry.
   */
  private async claim(filter: { due: Date } | { unitId: string; ids?: string[]; except?: string[] }, limit: number): Promise<Row[]> {
    const now = this.config.now();
    const lease = new Date(now.getTime() + LEASE_MS);
    return this.db.transaction().execute(async (trx) => {
      // Never one another sender has at the portal right now (its lease running), so a row is never sent twice at once.
      let q = trx
        .selectFrom('e_invoices')
        .select('id')
        .where((eb) => eb.or([eb('sending_until', 'is', null), eb('sending_until', '<=', now)]));
      if ('due' in filter) q = q.where('status', '=', 'PENDING').where('next_attempt_at', '<=', filter.due).orderBy('next_attempt_at');
      else {
        q = q.where('unit_id', '=', filter.unitId).where('status', 'in', ['PENDING', 'REFUSED']).orderBy('created_at');
        if (filter.ids) q = q.where('id', 'in', filter.ids);
        if (filter.except?.length) q = q.where('id', 'not in', filter.except);
      }
      const ids = (await q.limit(limit).forUpdate().skipLocked().execute()).map((r) => r.id);
      if (!ids.length) return [];
      // The lease (and the loop's next try, should the sender die). REFUSED rows being retried go back to PENDING
      // meanwhile: the list shows them as being sent.
      return trx.updateTable('e_invoices').set({ status: 'PENDING', last_attempt_at: now, next_attempt_at: lease, sending_until: lease, updated_at: now }).where('id', 'in', ids).returningAll().execute();
    });
  }

  /** One tick of the loop: every due PENDING row, in claimed batches; answers how many were sent. */
  tick(): Promise<number> {
    return untilDone(async () => {
      const rows = await this.claim({ due: this.config.now() }, BATCH);
      for (const row of rows) await this.sendLogged(row);
      return rows.length;
    }, BATCH);
  }

  private async sendLogged(row: Row): Promise<EInvoiceStatus> {
    try {
      return await this.send(row);
    } catch (error) {
      // Our own failure (e.g. a document that cannot be read): left PENDING for the next try after the lease.
      this.log.error({ err: error, eInvoiceId: row.id }, 'e-invoices: sending failed');
      return 'PENDING';
    }
  }

  /** The loop (started on 'onReady' unless the interval is 0): a tick every interval. */
  private readonly loop: PeriodicJob;

  start(everyMs: number): void {
    this.loop.start(everyMs);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  // ---- routes ----

  async list(caller: Caller, query: z.output<typeof EInvoiceListQuery>): Promise<EInvoiceList> {
    let q = this.db.selectFrom('e_invoices').where('unit_id', '=', caller.unitId);
    if (query.documentType) q = q.where('document_type', '=', query.documentType);
    const [rows, counts] = await Promise.all([
      (query.status ? q.where('status', '=', query.status) : q)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('document_number', 'desc')
        .offset(query.page * query.pageSize)
        .limit(query.pageSize)
        .execute(),
      q.select(['status', sql<number>`count(*)::int`.as('n')]).groupBy('status').execute(),
    ]);
    const byStatus = Object.fromEntries(EINVOICE_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<EInvoiceStatus, number>;
    return {
      items: rows.map(toEInvoiceState),
      counts: byStatus,
      totalResults: query.status ? byStatus[query.status] : Object.values(byStatus).reduce((a, b) => a + b, 0),
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** One document sent again now (PENDING or REFUSED); answers its state after the attempt. */
  async retry(caller: Caller, eInvoiceId: string): Promise<EInvoiceState> {
    const current = await this.db.selectFrom('e_invoices').selectAll().where('id', '=', eInvoiceId).where('unit_id', '=', caller.unitId).executeTakeFirst();
    if (!current) throw eInvoiceNotFound();
    if (current.status === 'REGISTERED' || current.status === 'CANCELLED') throw alreadyRegistered(toEInvoiceState(current));
    const [row] = await this.claim({ unitId: caller.unitId, ids: [eInvoiceId] }, 1);
    // Being sent right now by the loop or the issuing flow: answered as it stands.
    if (row) await this.send(row);
    return toEInvoiceState(await this.db.selectFrom('e_invoices').selectAll().where('id', '=', eInvoiceId).executeTakeFirstOrThrow());
  }

  /** Every PENDING and REFUSED document of the unit sent again now. */
  async retryAll(caller: Caller): Promise<EInvoiceRetryResult> {
    const result = { tried: 0, registered: 0, refused: 0, stillPending: 0 };
    const seen = new Set<string>();
    for (;;) {
      // A refused row stays claimable: the ones tried in this call are left out.
      const rows = await this.claim({ unitId: caller.unitId, except: [...seen] }, BATCH);
      for (const row of rows) {
        seen.add(row.id);
        const outcome = await this.sendLogged(row);
        result.tried += 1;
        if (outcome === 'REGISTERED') result.registered += 1;
        else if (outcome === 'REFUSED') result.refused += 1;
        else result.stillPending += 1;
      }
      if (rows.length < BATCH) return result;
    }
  }
}
