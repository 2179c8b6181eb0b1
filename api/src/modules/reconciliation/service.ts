import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Insertable, type Kysely, type QueryCreator, type Transaction } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { AllocateUnmatched, GatewayEvent, Payment, StatementImportResult, StatementLine, StatementUpload, UnmatchedPayments, WebhookAck } from 'shared-api';
import { AllocateUnmatched as AllocateUnmatchedSchema, STATEMENT_OUTCOMES } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { lockName } from '../../db/locks';
import { inTransaction, sqlState } from '../../db/transaction';
import type { DB } from '../../db/types';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { postVoucher, voucherRows, withVouchers, type NewVoucher } from '../ledger/post';
import { asClosedYearError } from '../ledger/years';
import { applyUnmatched, payRequest } from '../payments/apply';
import { confirmClaim } from '../payments/claims';
import { PaymentsService } from '../payments/service';
import { istDate } from '../search/text';
import { providerFor, type Delivery, type PaymentProvider } from './gateway';
import { readStatement, type ParsedLine, type StatementRows } from './statement';

type Trx = Transaction<DB>;
type Outcome = WebhookAck['outcome'];
type UnmatchedReason = 'NO_REFERENCE' | 'UNKNOWN_REFERENCE' | 'AMOUNT_MISMATCH' | 'REQUEST_CLOSED';
/** What applyOne read for decide: payments already on record for this money, and the payee with its request. */
interface Found {
  seen: { id: string; provider_payment_id: string | null; status: string; amount_paise: number | string; payee_unit_id: string | null }[];
  payee: { id: string; trade_name: string; requestId: string | null; amount_paise: number | null; status: string | null } | null;
}

/** The payments table's provider for gateway events (gateway_events.provider keeps the configured gateway's name). */
const GATEWAY = 'GATEWAY';
const UNIQUE_VIOLATION = '23505';
/** Tries of one event on its own (applyAlone): a concurrent twin's unique index, then E0010's queueing, may each cost one. */
const ATTEMPTS = 4;

const isAppError = (error: unknown, code: string): error is AppError => error instanceof AppError && error.code === code;

/**
 * Lanes of webhook events (applyEvent): each holds one of the pool's 10 connections while its transaction runs, so
 * a burst leaves two for everything else; and the most events one transaction applies.
 */
const LANES = 8;
const BATCH_LIMIT = 50;
/** The longest a batch of several events waits for a lock before its events are applied one at a time. */
const BATCH_LOCK_WAIT = '100ms';
interface Applying {
  event: GatewayEvent;
  log?: FastifyBaseLogger;
}
interface Waiting extends Applying {
  resolve: (ack: WebhookAck) => void;
  reject: (error: unknown) => void;
}
interface Lane {
  waiting: Waiting[];
  running: boolean;
}
/** A payee's lane, by its UPI ID as the payee lookup compares it. */
function laneOf(payeeVpa: string): number {
  let h = 0;
  for (const c of payeeVpa.trim().toLowerCase()) h = (h * 31 + c.charCodeAt(0)) | 0;
  return Math.abs(h) % LANES;
}

export class ReconciliationService {
  private readonly provider: PaymentProvider;
  /** Its reader answers an allocated payment as every payments screen shows one. */
  private readonly payments: PaymentsService;
  private readonly lanes: Lane[] = Array.from({ length: LANES }, () => ({ waiting: [], running: false }));

  constructor(
    readonly db: Database,
    readonly config: Config,
  ) {
    this.provider = providerFor(config.payments);
    this.payments = new PaymentsService(db, config);
  }

  // -------------------------------------------------------------------------------------------------------------
  // The gateway's webhook

  /**
   * One delivery to PAYMENTS_PATHS.webhook(providerSegment): only the configured gateway's path exists (404 for any
   * other), the adapter authenticates it (gateway.ts), and its event is applied once.
   */
  async receive(providerSegment: string, delivery: Delivery, log?: FastifyBaseLogger): Promise<WebhookAck> {
    if (providerSegment !== this.config.payments.gatewayName) throw new AppError('E0002', 404, `No payment gateway "${providerSegment}"`);
    const events = this.provider.verify(delivery, this.config.now());
    let ack: WebhookAck = { outcome: 'IGNORED', paymentId: null };
    for (const event of events) ack = await this.applyEvent(event, log);
    return ack;
  }

  /**
   * Applies one event, idempotently, in its payee's lane: the events that arrive while a lane's transaction runs are
   * applied together in its next one (a group commit), so a busy gateway costs a transaction per batch, not per
   * event. One payee's events share a lane, so a redelivery does not race its original here, and lanes do not queue
   * on each other's payee counters and heads.
   */
  applyEvent(event: GatewayEvent, log?: FastifyBaseLogger): Promise<WebhookAck> {
    const lane = this.lanes[laneOf(event.payeeVpa)]!;
    return new Promise((resolve, reject) => {
      lane.waiting.push({ event, log, resolve, reject });
      if (!lane.running) void this.drain(lane);
    });
  }

  private async drain(lane: Lane): Promise<void> {
    lane.running = true;
    while (lane.waiting.length) {
      const batch = lane.waiting.splice(0, BATCH_LIMIT);
      let acks: WebhookAck[] | null = null;
      try {
        acks = await inTransaction(this.db, async (trx) => {
          // A batch holds its payee's receipt counter from its first receipt to its commit while it locks the next
          // events' requests and heads: against another process's batch, or a person's payment that holds one of
          // those and waits for the counter, that can be a deadlock. So a batch never waits long for a lock: it gives
          // up (55P03), and its events go the one-at-a-time way, which takes its locks in the order everyone does.
          return this.applyInOrder(trx, batch, true, batch.length > 1 ? BATCH_LOCK_WAIT : undefined);
        }, { attempts: 1 });
      } catch {
        // An event refused or raced (another process, a person's entry), or a lock not had in time: the batch wrote
        // nothing, so each event is applied again on its own, where applyAlone's retries settle it.
      }
      for (const [i, w] of batch.entries()) {
        if (acks) w.resolve(acks[i]!);
        else await this.applyAlone(w).then(w.resolve, w.reject);
      }
    }
    lane.running = false;
  }

  /**
   * One event in a transaction of its own. Events of one payment in different lanes or processes are not serialised
   * up front (that would cost every event a lock): the unique indexes and the request's row lock decide, so a
   * concurrent twin that records the same event, payment id or UTR first makes this attempt fail (23505 or
   * payRequest's E0009), and the retry finds it and answers DUPLICATE. When the request refuses the payment
   * (payRequest E0010: closed meanwhile, or more than is still due), the retry queues the money.
   */
  private async applyAlone(w: Applying): Promise<WebhookAck> {
    let mayApply = true;
    // Besides a deadlock or serialisation failure (inTransaction's own), the twin's unique index or E0009 is retried,
    // and E0010 is retried with the money queued instead.
    const retryIf = (error: unknown) => {
      if (isAppError(error, 'E0010')) mayApply = false;
      return isAppError(error, 'E0010') || isAppError(error, 'E0009') || sqlState(error) === UNIQUE_VIOLATION;
    };
    return (await inTransaction(this.db, (trx) => this.applyInOrder(trx, [w], mayApply), { attempts: ATTEMPTS, retryIf }))[0]!;
  }

  /**
   * Applies events one after the other in the transaction; each is recorded once, with what was done, by one
   * statement at the end: a concurrent twin that recorded one first makes it fail (23505, after waiting for the twin
   * to commit), and the retry answers DUPLICATE.
   */
  private async applyInOrder(trx: Trx, events: readonly Applying[], mayApply: boolean, lockTimeout?: string): Promise<WebhookAck[]> {
    const provider = this.config.payments.gatewayName;
    const now = this.config.now();
    const acks: WebhookAck[] = [];
    const rows: Insertable<DB['gateway_events']>[] = [];
    // This transaction's own, not on record until the end: a redelivery among them is answered from here.
    const recorded = new Map<string, WebhookAck>();
    for (const { event: e, log } of events) {
      const twin = recorded.get(e.eventId);
      // The lock timeout is set by the first event's first statement (the first is never a twin).
      const ack = twin ? { outcome: 'DUPLICATE' as const, paymentId: twin.paymentId } : await this.applyOne(trx, e, mayApply, now, log, acks.length ? undefined : lockTimeout);
      acks.push(ack);
      if (ack.outcome === 'DUPLICATE') continue;
      recorded.set(e.eventId, ack);
      rows.push({ provider, event_id: e.eventId, provider_payment_id: e.paymentId, type: e.type, occurred_at: e.occurredAt, outcome: ack.outcome, payment_id: ack.paymentId, body: JSON.stringify(e), received_at: now });
    }
    if (rows.length) await trx.insertInto('gateway_events').values(rows).execute();
    return acks;
  }

  private async applyOne(trx: Trx, e: GatewayEvent, mayApply: boolean, now: Date, log?: FastifyBaseLogger, lockTimeout?: string): Promise<WebhookAck> {
    const provider = this.config.payments.gatewayName;
    // One statement reads what decide needs: the event if it is on record already (a redelivery stops here), the
    // payments of the same money, the payee with its request; and sets the transaction's lock timeout if asked.
    const found = await trx
      .selectNoFrom((eb) => [
        ...(lockTimeout ? [sql<string>`set_config('lock_timeout', ${lockTimeout}, true)`.as('lock_timeout')] : []),
        jsonObjectFrom(eb.selectFrom('gateway_events').select('payment_id').where('provider', '=', provider).where('event_id', '=', e.eventId)).as('recorded'),
        // The same money on record: this payment id, or (another gateway id, a UTR typed in by hand) its UTR.
        jsonArrayFrom(
          eb
            .selectFrom('payments')
            .select(['id', 'provider_payment_id', 'status', 'amount_paise', 'payee_unit_id'])
            .where('status', '<>', 'REJECTED')
            .where((w) => w.or([w.and([w('provider', '=', GATEWAY), w('provider_payment_id', '=', e.paymentId)]), ...(e.utr ? [w('utr', '=', e.utr)] : [])])),
        ).as('seen'),
        // The payee by its UPI ID, and its request of this reference (tr) if there is one (a VPA is one unit's).
        jsonObjectFrom(
          eb
            .selectFrom('payout_accounts as a')
            .innerJoin('units as u', 'u.id', 'a.unit_id')
            .leftJoin('payment_requests as r', (j) => j.onRef('r.payee_unit_id', '=', 'u.id').on('r.reference', '=', e.reference ?? ''))
            .select(['u.id', 'u.trade_name', 'r.id as requestId', 'r.amount_paise', 'r.status'])
            .where('a.kind', '=', 'UPI')
            .where(sql<string>`lower(a.vpa)`, '=', e.payeeVpa.trim().toLowerCase())
            .limit(1),
        ).as('payee'),
      ])
      .executeTakeFirstOrThrow();
    if (found.recorded) return { outcome: 'DUPLICATE', paymentId: found.recorded.payment_id };
    const { outcome, paymentId, why } = await this.decide(trx, e, found, mayApply, now);
    // Money nobody can be credited with (an unknown payee) needs looking into; queued money is routine.
    if (why) log?.[outcome === 'IGNORED' ? 'warn' : 'info']({ provider, eventId: e.eventId, paymentId: e.paymentId, outcome }, `gateway event ${outcome.toLowerCase()}: ${why}`);
    return { outcome, paymentId };
  }

  private async decide(trx: Trx, e: GatewayEvent, found: Found, mayApply: boolean, now: Date): Promise<{ outcome: Outcome; paymentId: string | null; why?: string }> {
    const { seen, payee } = found;
    const captured = seen.find((p) => p.provider_payment_id === e.paymentId) ?? seen[0];
    // A failure records nothing but itself: before a capture it is an attempt that did not go through (a later
    // capture of the same payment is applied); after one, or older than it, it arrived out of order.
    if (e.type === 'payment.failed') return { outcome: 'IGNORED', paymentId: seen.find((p) => p.provider_payment_id === e.paymentId)?.id ?? null };
    if (!payee && !captured) return { outcome: 'IGNORED', paymentId: null, why: `no unit has the UPI ID ${e.payeeVpa}` };
    // A payer's claim of this UTR, to this payee, of this amount: the gateway's capture is the proof it waited for.
    if (captured?.status === 'CLAIMED' && payee && captured.payee_unit_id === payee.id && Number(captured.amount_paise) === e.amountPaise) {
      const done = await confirmClaim(trx, { paymentId: captured.id, payeeUnitId: payee.id, how: 'GATEWAY', userId: null, at: now });
      return { outcome: done === 'CONFIRMED' ? 'APPLIED' : 'DUPLICATE', paymentId: captured.id };
    }
    if (captured) return { outcome: 'DUPLICATE', paymentId: captured.id };
    if (!payee) return { outcome: 'IGNORED', paymentId: null, why: `no unit has the UPI ID ${e.payeeVpa}` };

    const paidOn = istDate(new Date(e.occurredAt));
    let reason: UnmatchedReason = 'NO_REFERENCE';
    if (e.reference) {
      if (!payee.requestId) reason = 'UNKNOWN_REFERENCE';
      else if (payee.status !== 'OPEN' && payee.status !== 'PARTLY_PAID') reason = 'REQUEST_CLOSED';
      // What is still due is payRequest's to check, under the request's lock (E0010 → applyEvent queues it).
      else if (!mayApply || e.amountPaise > Number(payee.amount_paise)) reason = 'AMOUNT_MISMATCH';
      else {
        const paymentId = await payRequest(trx, payee.requestId, {
          method: 'UPI',
          utr: e.utr,
          chequeNumber: null,
          amountPaise: e.amountPaise,
          paidOn,
          provider: GATEWAY,
          providerPaymentId: e.paymentId,
          payerVpa: e.payerVpa,
          note: null,
          createdBy: null,
          at: now,
        });
        return { outcome: 'APPLIED', paymentId };
      }
    }
    const paymentId = randomUUID();
    await trx
      .insertInto('payments')
      .values({
        id: paymentId,
        payee_unit_id: payee.id,
        payer_unit_id: null,
        payee_name: payee.trade_name,
        payer_name: e.payerName ?? e.payerVpa ?? 'Unknown payer',
        method: 'UPI',
        utr: e.utr,
        cheque_number: null,
        provider: GATEWAY,
        provider_payment_id: e.paymentId,
        payer_vpa: e.payerVpa,
        amount_paise: e.amountPaise,
        paid_on: paidOn,
        request_id: null,
        status: 'UNMATCHED',
        unmatched_reason: reason,
        note: null,
        created_by: null,
        created_at: now,
      })
      .execute();
    return { outcome: 'QUEUED', paymentId, why: `queued for a person to allocate (${reason})` };
  }

  // -------------------------------------------------------------------------------------------------------------
  // The queue of unmatched money

  /** Money the caller's unit received that nothing explains yet, oldest first. */
  async unmatched(caller: Caller): Promise<UnmatchedPayments> {
    const rows = await this.db
      .selectFrom('payments as p')
      .leftJoin('gateway_events as g', (j) => j.onRef('g.payment_id', '=', 'p.id').on('g.type', '=', 'payment.captured'))
      .select(['p.id', 'p.provider', 'p.amount_paise', 'p.utr', 'p.payer_vpa', 'p.payer_name', 'p.paid_on', 'p.unmatched_reason', 'p.created_at'])
      .select(sql<string | null>`max(g.body->>'reference')`.as('reference'))
      .where('p.payee_unit_id', '=', caller.unitId)
      .where('p.status', '=', 'UNMATCHED')
      .groupBy('p.id')
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute();
    const items = rows.map((r) => ({
      paymentId: r.id,
      provider: r.provider,
      amountPaise: r.amount_paise,
      utr: r.utr,
      payerVpa: r.payer_vpa,
      payerName: r.payer_name,
      reference: r.reference,
      paidOn: r.paid_on,
      reason: r.unmatched_reason ?? 'STATEMENT',
      receivedAt: new Date(r.created_at).toISOString(),
    }));
    return { items, totalPaise: items.reduce((sum, i) => sum + i.amountPaise, 0) };
  }

  /** The payee says whose money it is and what it settles: posted in the books, gone from the queue. */
  async allocate(caller: Caller, paymentId: string, input: AllocateUnmatched): Promise<Payment> {
    const { partyAccountId, allocation } = AllocateUnmatchedSchema.parse(input);
    await inTransaction(this.db, async (trx) => {
      const payment = await trx.selectFrom('payments').select('id').where('id', '=', paymentId).where('payee_unit_id', '=', caller.unitId).where('status', '=', 'UNMATCHED').forUpdate().executeTakeFirst();
      if (!payment) throw new AppError('E0002', 404, 'No such payment waiting in your queue');
      const at = this.config.now();
      await applyUnmatched(trx, { paymentId, payeeUnitId: caller.unitId, partyAccountId, allocation, createdBy: caller.userId, at });
      await this.postWaitingContra(trx, caller, paymentId, at);
    });
    return this.payments.payment(caller, paymentId);
  }

  /**
   * UPI money first seen on the bank statement was already in the bank when it was queued; its receipt, posted now,
   * debits UPI Clearing like every UPI receipt, so the contra the statement line could not post then follows it.
   */
  private async postWaitingContra(trx: Trx, caller: Caller, paymentId: string, at: Date): Promise<void> {
    const line = await trx
      .selectFrom('bank_statement_lines as l')
      .innerJoin('payments as p', 'p.id', 'l.payment_id')
      .select(['l.id', 'l.line_date', 'l.narration', 'l.utr', 'p.amount_paise', 'p.method'])
      .where('l.unit_id', '=', caller.unitId)
      .where('l.payment_id', '=', paymentId)
      .where('l.contra_voucher_id', 'is', null)
      .executeTakeFirst();
    if (!line || line.method !== 'UPI') return;
    const contra = await this.postContra(trx, caller, { lineId: line.id, date: line.line_date, narration: line.narration, utr: line.utr, amountPaise: Number(line.amount_paise) }, at);
    await trx.updateTable('bank_statement_lines').set({ contra_voucher_id: contra, outcome: 'MATCHED' }).where('id', '=', line.id).execute();
  }

  private postContra(trx: Trx, caller: Caller, l: ContraLine, at: Date): Promise<string> {
    return postVoucher(trx, contraVoucher(caller, l, at));
  }

  // -------------------------------------------------------------------------------------------------------------
  // Bank statement import

  /**
   * Matches each line of the caller's bank statement by UTR and amount, in one transaction that lands whole or not at
   * all: a receipt (credit) or payment (debit) of the caller's on record is reconciled, and for UPI the money moves
   * from UPI Clearing to the bank (a contra voucher); a credit nobody recorded is queued for allocation; a line
   * imported before is not taken again; rows whose money cannot be read are rejected, not imported. The same file
   * twice is refused (E0009), and so is a file beyond the limits (E0020) before anything is read into the books.
   */
  async importStatement(caller: Caller, upload: StatementUpload): Promise<StatementImportResult> {
    const { read, hash } = await readUpload(upload);
    const now = this.config.now();
    const planned = await inTransaction(this.db, async (trx) => {
      // Two imports of one unit's statements at once would both find a line new (or the same file not imported).
      await lockName(trx, `statement:${caller.unitId}`);
      const matching = await this.matching(trx, caller, hash, read.lines);
      const planned = planLines(caller, matching, read.lines);
      await this.writeLines(trx, caller, { fileName: upload.fileName, hash, lineCount: read.lines.length, payeeName: matching.tradeName }, planned, now);
      return planned;
    });
    return resultOf(upload.fileName, planned, read.rejected);
  }

  /** What importStatement would do with the file, line by line, and the rows it would reject; nothing is stored. */
  async previewStatement(caller: Caller, upload: StatementUpload): Promise<StatementImportResult> {
    const { read, hash } = await readUpload(upload);
    const planned = planLines(caller, await this.matching(this.db, caller, hash, read.lines), read.lines);
    return resultOf(upload.fileName, planned, read.rejected);
  }

  /**
   * In one statement, what the lines are matched against: the payments of their UTRs, the caller's lines of those
   * UTRs imported before, the caller's name (a queued payment's payee); E0009 when this very file was imported.
   */
  private async matching(db: Kysely<DB>, caller: Caller, hash: string, lines: readonly ParsedLine[]): Promise<Matching> {
    const utrs = [...new Set(lines.flatMap((l) => (l.utr ? [l.utr] : [])))];
    const anyUtr = sql<string>`ANY(${utrs}::text[])`;
    const found = await db
      .selectNoFrom((eb) => [
        jsonObjectFrom(eb.selectFrom('bank_statement_imports').select(['file_name', 'imported_at']).where('unit_id', '=', caller.unitId).where('content_sha256', '=', hash)).as('imported'),
        jsonArrayFrom(eb.selectFrom('payments').select(['id', 'utr', 'status', 'method', 'amount_paise', 'payee_unit_id', 'payer_unit_id']).where('utr', '=', anyUtr).where('status', '<>', 'REJECTED')).as('payments'),
        jsonArrayFrom(eb.selectFrom('bank_statement_lines').select(['line_date', 'utr', 'amount_paise', 'payment_id']).where('unit_id', '=', caller.unitId).where('utr', '=', anyUtr)).as('previous'),
        eb.selectFrom('units').select('trade_name').where('id', '=', caller.unitId).as('trade_name'),
      ])
      .executeTakeFirstOrThrow();
    if (found.imported) {
      const when = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(found.imported.imported_at));
      throw new AppError('E0009', 409, `This statement was already imported on ${when} (${found.imported.file_name}): its lines are in your books`);
    }
    // Read through json: bigint amounts as json numbers, Number() keeps them numbers whatever the driver hands back.
    return { payments: found.payments.map((p) => ({ ...p, amount_paise: Number(p.amount_paise) })), previous: found.previous.map((p) => ({ ...p, amount_paise: Number(p.amount_paise) })), tradeName: found.trade_name ?? '' };
  }

  /**
   * Writes what planLines decided, a few statements for the whole file (each chunk's contra vouchers, queued payments
   * and lines in one), and the file's hash: in the caller's transaction, so all of it or none.
   */
  private async writeLines(trx: Trx, caller: Caller, file: { fileName: string; hash: string; lineCount: number; payeeName: string }, planned: readonly Planned[], now: Date): Promise<void> {
    await trx
      .insertInto('bank_statement_imports')
      .values({ unit_id: caller.unitId, content_sha256: file.hash, file_name: file.fileName, line_count: file.lineCount, imported_by: caller.userId, imported_at: now })
      .execute();
    for (const p of planned) if (p.confirmClaim) await confirmClaim(trx, { paymentId: p.paymentId!, payeeUnitId: caller.unitId, how: 'STATEMENT', userId: caller.userId, at: now });
    const stored = planned.filter((p): p is Planned & { outcome: StoredOutcome } => p.outcome !== 'SKIPPED' && p.outcome !== 'DUPLICATE');
    for (let from = 0; from < stored.length; from += WRITE_CHUNK) {
      const chunk = stored.slice(from, from + WRITE_CHUNK);
      const contras = chunk.filter((p) => p.contra);
      const vouchers = await voucherRows(trx, contras.map((p) => contraVoucher(caller, p, now)));
      const contraOf = new Map(contras.map((p, i) => [p.lineId, vouchers[i]!.id]));
      const queued = chunk.filter((p) => p.outcome === 'QUEUED');
      let statement = withVouchers(trx, vouchers);
      if (queued.length) statement = statement.with('payments_written', (db) => db.insertInto('payments').values(queued.map((p) => queuedPayment(caller, file.payeeName, p, now)))) as QueryCreator<DB>;
      await statement
        .insertInto('bank_statement_lines')
        .values(
          chunk.map((p) => ({
            id: p.lineId,
            unit_id: caller.unitId,
            file_name: file.fileName,
            line_date: p.line.date,
            narration: p.line.narration,
            utr: p.line.utr,
            amount_paise: p.line.amountPaise,
            outcome: p.outcome,
            payment_id: p.paymentId,
            contra_voucher_id: contraOf.get(p.lineId) ?? null,
            imported_at: now,
          })),
        )
        .execute()
        .catch((error: unknown) => {
          // A contra dated in a closed year (migration 015's trigger): the earliest is the likeliest.
          throw asClosedYearError(error, contras.map((p) => p.line.date).sort()[0] ?? now.toISOString().slice(0, 10));
        });
    }
  }
}

/** Statement lines written per statement (with their vouchers and payments): well under PostgreSQL's 65,535 parameters. */
const WRITE_CHUNK = 500;

type StoredOutcome = 'MATCHED' | 'QUEUED' | 'UNMATCHED';
interface Matching {
  payments: { id: string; utr: string | null; status: string; method: string; amount_paise: number; payee_unit_id: string | null; payer_unit_id: string | null }[];
  previous: { line_date: string; utr: string | null; amount_paise: number; payment_id: string | null }[];
  tradeName: string;
}
/** One statement line and what importing it does. */
interface Planned {
  line: ParsedLine;
  lineId: string;
  outcome: StatementLine['outcome'];
  paymentId: string | null;
  /** A matched UPI payment: the money moves from UPI Clearing to the bank. */
  contra: boolean;
  /** A payer's claim of this UTR and amount, confirmed by the line (claims.ts) before the line is written. */
  confirmClaim?: boolean;
}
interface ContraLine {
  lineId: string;
  date: string;
  narration: string;
  utr: string | null;
  amountPaise: number;
}

/** The upload's file read (E0001 unreadable, E0020 too large) and the SHA-256 of its bytes. */
async function readUpload(upload: StatementUpload): Promise<{ read: StatementRows; hash: string }> {
  const bytes = Buffer.from(upload.contentBase64, 'base64');
  const read = await readStatement(upload.fileName, bytes);
  return { read, hash: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Each line's outcome, in the file's order: SKIPPED without a UTR; DUPLICATE when imported before (or its payment
 * is reconciled already); MATCHED to the caller's applied payment of that UTR and amount; QUEUED for money in that
 * no payment explains (a new payment waiting to be allocated); UNMATCHED for anything else.
 */
function planLines(caller: Caller, m: Matching, lines: readonly ParsedLine[]): Planned[] {
  const paymentByUtr = new Map(m.payments.map((p) => [p.utr!, p]));
  const lineKey = (date: string, utr: string, amount: number) => `${date}|${utr}|${amount}`;
  const taken = new Set(m.previous.map((p) => lineKey(p.line_date, p.utr!, p.amount_paise)));
  const reconciled = new Set(m.previous.flatMap((p) => (p.payment_id ? [p.payment_id] : [])));
  return lines.map((l): Planned => {
    const plan = (outcome: Planned['outcome'], paymentId: string | null, contra = false): Planned => ({ line: l, lineId: randomUUID(), outcome, paymentId, contra });
    if (!l.utr) return plan('SKIPPED', null);
    const key = lineKey(l.date, l.utr, l.amountPaise);
    const payment = paymentByUtr.get(l.utr);
    if (taken.has(key) || (payment && reconciled.has(payment.id))) return plan('DUPLICATE', payment?.id ?? null);
    taken.add(key);
    const credit = l.amountPaise > 0;
    const sameMoney = payment && payment.amount_paise === Math.abs(l.amountPaise) && (credit ? payment.payee_unit_id : payment.payer_unit_id) === caller.unitId;
    // A payer's claim to the caller (issue 39): the money in its bank is the proof it waited for; confirmed and posted.
    const claim = sameMoney && credit && payment.status === 'CLAIMED';
    if (payment && sameMoney && (payment.status === 'APPLIED' || claim)) {
      reconciled.add(payment.id);
      // UPI money sits in UPI Clearing until the bank shows it; other methods were booked to cash or bank directly.
      return { ...plan('MATCHED', payment.id, payment.method === 'UPI'), confirmClaim: claim };
    }
    if (credit && !payment) {
      // Money in that nobody recorded: it waits in the queue like an unexplained gateway payment.
      const paymentId = randomUUID();
      reconciled.add(paymentId);
      paymentByUtr.set(l.utr, { id: paymentId, utr: l.utr, status: 'UNMATCHED', method: l.upi ? 'UPI' : 'BANK_TRANSFER', amount_paise: l.amountPaise, payee_unit_id: caller.unitId, payer_unit_id: null });
      return plan('QUEUED', paymentId);
    }
    // Money out nobody recorded, or a UTR on record with another amount or party: a person has to look.
    return plan('UNMATCHED', null);
  });
}

function resultOf(fileName: string, planned: readonly Planned[], rejected: StatementRows['rejected']): StatementImportResult {
  const lines = planned.map(({ line: l, outcome, paymentId }) => ({ row: l.row, date: l.date, narration: l.narration, utr: l.utr, amountPaise: l.amountPaise, outcome, paymentId }));
  const counts = Object.fromEntries(STATEMENT_OUTCOMES.map((o) => [o, lines.filter((l) => l.outcome === o).length])) as StatementImportResult['counts'];
  return { fileName, lines, counts, rejected };
}

/** Money seen in the bank: + (received) Dr Bank / Cr UPI Clearing; − (paid) the reverse. */
function contraVoucher(caller: Caller, l: ContraLine | Planned, at: Date): NewVoucher {
  const c: ContraLine = 'line' in l ? { lineId: l.lineId, date: l.line.date, narration: l.line.narration, utr: l.line.utr, amountPaise: l.line.amountPaise } : l;
  const amount = Math.abs(c.amountPaise);
  return {
    unitId: caller.unitId,
    kind: 'CONTRA',
    date: c.date,
    documentType: 'BANK_STATEMENT',
    documentId: c.lineId,
    documentNumber: c.utr,
    narration: `Bank statement: ${c.narration}`.slice(0, 200),
    lines:
      c.amountPaise > 0
        ? [{ account: { head: 'BANK' }, debitPaise: amount }, { account: { head: 'UPI_CLEARING' }, creditPaise: amount }]
        : [{ account: { head: 'UPI_CLEARING' }, debitPaise: amount }, { account: { head: 'BANK' }, creditPaise: amount }],
    createdBy: caller.userId,
    at,
  };
}

/** A statement's credit that no payment explains, as the payment waiting in the caller's queue. */
function queuedPayment(caller: Caller, payeeName: string, p: Planned, at: Date): Insertable<DB['payments']> {
  const l = p.line;
  return {
    id: p.paymentId!,
    payee_unit_id: caller.unitId,
    payer_unit_id: null,
    payee_name: payeeName,
    payer_name: l.payerName ?? 'Unknown payer',
    method: l.upi ? 'UPI' : 'BANK_TRANSFER',
    utr: l.utr,
    cheque_number: null,
    provider: 'STATEMENT',
    provider_payment_id: null,
    payer_vpa: l.payerVpa,
    amount_paise: l.amountPaise,
    paid_on: l.date,
    request_id: null,
    status: 'UNMATCHED',
    unmatched_reason: 'STATEMENT',
    note: l.narration.slice(0, 200),
    created_by: caller.userId,
    created_at: at,
  };
}
