import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  RECALL_ACTION_LABELS,
  RECALL_BUYER_MONTHS,
  RECALL_REASON_LABELS,
  type LiftRecall,
  type NewRecall,
  type Recall,
  type RecallCounts,
  type RecallList,
  type RecallListQuery,
  type RecallProductMatches,
  type RecallProductQuery,
  type RecallRaiser,
  type RecallSummary,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { LINKS, unitNotices } from '../notifications/notify';
import { isStaff } from '../registration/repository';
import { istDate } from '../search/text';
import type { SearchService } from '../search/service';
import { distinctBatches, manufacturerFits, matches, nameWords, sameCompany, type RecallMatch } from './matching';

type NewRecallInput = z.output<typeof NewRecall>;
type ListQuery = z.output<typeof RecallListQuery>;

/** Rows per INSERT of parties and notices (well under PostgreSQL's 65,535 parameters a statement). */
const CHUNK = 1000;
/** Documents a buyer's notice names before "and N more". */
const DOCS_NAMED = 8;

const invalid = (message: string, fields: Record<string, string>) => new AppError('E0001', 400, message, fields);

interface RecallRow {
  id: string;
  recall_number: string;
  product_id: string;
  expiry_up_to: string | null;
  reason: keyof typeof RECALL_REASON_LABELS;
  action: keyof typeof RECALL_ACTION_LABELS;
  notice_number: string | null;
  notice_date: string | null;
  letter_document_id: string | null;
  note: string | null;
  raised_by_kind: RecallRaiser;
  raised_by_unit_id: string;
  status: 'ACTIVE' | 'LIFTED';
  raised_at: Date;
  lifted_at: Date | null;
  lift_reason: string | null;
  product_name: string;
  manufacturer: string;
  pack: string;
  raiser_name: string;
}

/** What a unit was told of: units it held and orders touched (holder), units it received and on which documents (buyer). */
interface Told {
  held: number;
  released: { orders: number; units: number };
  replace: { orders: number; units: number };
  bought: { units: number; docs: { number: string; batchNo: string; units: number }[] } | null;
}

/**
 * Recalls (issue 35). Raising one is one transaction of a fixed number of set-based statements whatever the number of
 * holders (the bench raises one over 500 holders): lock the matching batches in id order (ARCHITECTURE decision 13),
 * release reservations, flag accepted orders, move the units to quarantine and mark the batches, then tell every
 * holder and buyer. Lifting undoes the mark and the quarantine of units still in the store.
 */
export class RecallsService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly search: SearchService,
  ) {}

  /** Who the caller may raise a recall of this product as; refused (E0040) when nobody. */
  private async raiserKind(db: Database, caller: Caller, product: { id: string; name: string; manufacturer: string }): Promise<RecallRaiser> {
    if (await isStaff(db, caller.userId)) return 'STAFF';
    if (caller.customerType === 'MANUFACTURER') {
      const unit = await db.selectFrom('units').select('trade_name').where('id', '=', caller.unitId).executeTakeFirstOrThrow();
      if (sameCompany(unit.trade_name, product.manufacturer)) return 'MANUFACTURER';
      throw new AppError('E0040', 403, `${product.name} is made by ${product.manufacturer}: a manufacturer may recall only its own products`);
    }
    if (caller.customerType === 'STOCKIST') {
      // Stock it holds or has held: any movement of a batch of the product at the unit (received, sold, adjusted).
      const held = await sql<{ one: number }>`
        SELECT 1 AS one FROM inventory_batches b
        WHERE b.unit_id = ${caller.unitId} AND b.product_id = ${product.id}
          AND EXISTS (SELECT 1 FROM stock_movements m WHERE m.batch_id = b.id)
        LIMIT 1`.execute(db);
      if (held.rows.length) return 'STOCKIST';
      throw new AppError('E0040', 403, `You have never held ${product.name}: a distributor may recall only stock it distributes`);
    }
    throw new AppError('E0040', 403, 'Only staff, the manufacturer or a distributor of the product may raise a recall');
  }

  /**
   * Raises a recall: in one transaction every matching batch of every unit is blocked and its saleable units moved to
   * quarantine, reservations on it released, accepted orders holding it flagged, holders and buyers told.
   */
  async raise(caller: Caller, input: NewRecallInput, options: { importId?: string | null } = {}): Promise<Recall> {
    const recallId = await inTransaction(this.db, (trx) => this.raiseIn(trx, caller, input, options.importId ?? null));
    return this.detail(caller, recallId);
  }

  /** raise inside the caller's transaction (the regulator-list import raises one per product, each in its own). */
  async raiseIn(trx: Database, caller: Caller, input: NewRecallInput, importId: string | null = null): Promise<string> {
    const now = this.config.now();
    const product = await trx.selectFrom('products').select(['id', 'name', 'manufacturer', 'pack']).where('id', '=', input.productId).executeTakeFirst();
    if (!product) throw invalid('No such product: pick it from the product list', { productId: 'Pick the product from the list' });
    const kind = await this.raiserKind(trx, caller, product);
    const letterId = input.source.letterDocumentId;
    if (letterId) {
      const letter = await trx.selectFrom('recall_documents').select('kind').where('id', '=', letterId).where('unit_id', '=', caller.unitId).executeTakeFirst();
      if (!letter || letter.kind !== 'LETTER') throw invalid("The manufacturer's letter was not found: upload it again", { 'source.letterDocumentId': 'Upload the letter again' });
    }
    const batches = distinctBatches(input.batchNos);
    const m: RecallMatch = { productId: product.id, keys: batches.map((b) => b.key), expiryUpTo: input.expiryUpTo };
    const recallId = randomUUID();
    const number = await sql<{ n: string }>`SELECT nextval('recall_numbers')::text AS n`.execute(trx);
    const recallNumber = `RC-${number.rows[0]!.n.padStart(6, '0')}`;
    await trx
      .insertInto('recalls')
      .values({
        id: recallId,
        recall_number: recallNumber,
        product_id: product.id,
        expiry_up_to: input.expiryUpTo,
        reason: input.reason,
        action: input.action,
        notice_number: input.source.noticeNumber,
        notice_date: input.source.noticeDate,
        letter_document_id: letterId,
        note: input.note,
        raised_by_kind: kind,
        raised_by_unit_id: caller.unitId,
        raised_by: caller.userId,
        import_id: importId,
        status: 'ACTIVE',
        raised_at: now,
      })
      .execute();
    if (batches.length) {
      await trx.insertInto('recall_batches').values(batches.map((b) => ({ recall_id: recallId, batch_key: b.key, batch_no: b.batchNo }))).execute();
    }

    // 0. Batches of the product being written elsewhere are waited for, and new ones wait for this (migration 049).
    await lockRecallBucket(trx, product.id);
    // 1. The open orders holding units of the batches, then every matching batch, each in id order (ARCHITECTURE
    // decision 13: document rows before batches): an acceptance locks its order, then its batches, so taking the
    // batches first and the order after (to release or flag it) deadlocked against one.
    await sql`SELECT count(*) FROM (
      SELECT o.id FROM orders o
      WHERE o.status IN ('PLACED', 'ACCEPTED') AND o.id IN (
        SELECT l.order_id FROM inventory_batches b
        JOIN order_allocations a ON a.batch_id = b.id AND a.status IN ('RESERVED', 'ACCEPTED')
        JOIN order_lines l ON l.id = a.order_line_id
        WHERE b.recall_id IS NULL AND ${matches('b', m)})
      ORDER BY o.id FOR UPDATE) locked`.execute(trx);
    await sql`SELECT count(*) FROM (SELECT b.id FROM inventory_batches b WHERE ${matches('b', m)} ORDER BY b.id FOR UPDATE) locked`.execute(trx);

    // 2. Reservations of unaccepted orders on batches not yet under a recall are released; the seller sees the flag.
    const released = await sql<{ unit_id: string; orders: number; units: number }>`
      WITH rel AS (
        UPDATE order_allocations a SET status = 'RELEASED'
        FROM inventory_batches b, order_lines l, orders o
        WHERE a.batch_id = b.id AND a.status = 'RESERVED' AND l.id = a.order_line_id AND o.id = l.order_id
          AND b.recall_id IS NULL AND ${matches('b', m)}
        RETURNING a.batch_id, a.quantity, o.id AS order_id, o.seller_unit_id, b.batch_no
      ), per_batch AS (
        SELECT batch_id, sum(quantity)::int AS q FROM rel GROUP BY batch_id
      ), unreserved AS (
        UPDATE inventory_batches b SET reserved = b.reserved - p.q, updated_at = ${now} FROM per_batch p WHERE b.id = p.batch_id
      ), flags AS (
        INSERT INTO recall_order_flags (recall_id, order_id, kind, batch_no, units, created_at)
        SELECT ${recallId}, order_id, 'RESERVATION_RELEASED', batch_no, sum(quantity), ${now} FROM rel GROUP BY order_id, batch_no
      )
      SELECT seller_unit_id AS unit_id, count(DISTINCT order_id)::int AS orders, sum(quantity)::int AS units FROM rel GROUP BY seller_unit_id`.execute(trx);

    // 3. Accepted orders whose goods picked include the batches and that have not left: replace or cancel.
    const replace = await sql<{ unit_id: string; orders: number; units: number }>`
      WITH f AS (
        SELECT o.id AS order_id, o.seller_unit_id, b.batch_no, sum(a.quantity)::int AS units
        FROM inventory_batches b
        JOIN order_allocations a ON a.batch_id = b.id AND a.status = 'ACCEPTED'
        JOIN order_lines l ON l.id = a.order_line_id
        JOIN orders o ON o.id = l.order_id AND o.status = 'ACCEPTED'
        WHERE b.recall_id IS NULL AND ${matches('b', m)}
          -- (the live-consignment condition lets it use consignments_live_order)
          AND NOT EXISTS (SELECT 1 FROM consignments c WHERE c.order_id = o.id AND c.status NOT IN ('CANCELLED', 'RETURNED') AND c.status IN ('COLLECTED', 'IN_TRANSIT', 'DELIVERED'))
        GROUP BY o.id, o.seller_unit_id, b.batch_no
      ), flags AS (
        INSERT INTO recall_order_flags (recall_id, order_id, kind, batch_no, units, created_at)
        SELECT ${recallId}, order_id, 'REPLACE_OR_CANCEL', batch_no, units, ${now} FROM f
      )
      SELECT seller_unit_id AS unit_id, count(DISTINCT order_id)::int AS orders, sum(units)::int AS units FROM f GROUP BY seller_unit_id`.execute(trx);

    // 4. Mark the batches and move what is left after reservations to quarantine (RECALL movements both sides).
    const held = await sql<{ unit_id: string; units: number }>`
      WITH moving AS (
        SELECT b.id, greatest(b.quantity - b.reserved, 0) AS moved FROM inventory_batches b WHERE b.recall_id IS NULL AND ${matches('b', m)}
      ), m AS (
        UPDATE inventory_batches b SET recall_id = ${recallId}, quantity = b.quantity - moving.moved, updated_at = ${now}
        FROM moving WHERE b.id = moving.id
        RETURNING b.id, b.unit_id, b.warehouse_id, b.product_id, b.batch_no, b.expiry_date, b.mrp_paise, moving.moved
      ), sm AS (
        INSERT INTO stock_movements (id, batch_id, unit_id, kind, quantity_delta, reference, note, created_by, created_at)
        SELECT gen_random_uuid(), id, unit_id, 'RECALL', -moved, ${recallId}, ${`Recall ${recallNumber}: to quarantine`}, ${caller.userId}, ${now} FROM m WHERE moved > 0
      ), ns AS (
        INSERT INTO non_saleable_stock_movements
          (id, unit_id, warehouse_id, product_id, batch_id, product_name, batch_no, expiry_date, mrp_paise, quantity_delta, reason, source_type, source_id, created_by, created_at, recall_id)
        SELECT gen_random_uuid(), unit_id, warehouse_id, product_id, id, ${product.name}, batch_no, expiry_date, mrp_paise, moved, 'RECALL', 'RECALL', ${recallId}, ${caller.userId}, ${now}, ${recallId}
        FROM m WHERE moved > 0
      )
      SELECT unit_id, sum(moved)::int AS units FROM m GROUP BY unit_id HAVING sum(moved) > 0`.execute(trx);

    // 5. Buyers: platform units that received units of a matching batch by invoice (online or counter) in the window.
    const since = sql`(${istDate(now)}::date - ${`${RECALL_BUYER_MONTHS} months`}::interval)::date`;
    const bought = await sql<{ unit_id: string; number: string; batch_no: string; units: number }>`
      SELECT i.buyer_unit_id AS unit_id, i.invoice_number AS number, l.batch_no, sum(l.quantity + l.free_quantity)::int AS units
      FROM sales_invoice_lines l
      JOIN sales_invoices i ON i.id = l.invoice_id
      WHERE ${matches('l', m)} AND i.buyer_unit_id IS NOT NULL AND i.invoice_date >= ${since}
        AND NOT EXISTS (SELECT 1 FROM document_cancellations dc WHERE dc.document_type = 'SALES_INVOICE' AND dc.document_id = i.id)
      GROUP BY i.buyer_unit_id, i.invoice_number, l.batch_no, i.invoice_date
      ORDER BY i.buyer_unit_id, i.invoice_date, i.invoice_number, l.batch_no`.execute(trx);

    const told = new Map<string, Told>();
    const of = (unitId: string) => {
      let t = told.get(unitId);
      if (!t) told.set(unitId, (t = { held: 0, released: { orders: 0, units: 0 }, replace: { orders: 0, units: 0 }, bought: null }));
      return t;
    };
    for (const r of held.rows) of(r.unit_id).held = r.units;
    for (const r of released.rows) of(r.unit_id).released = { orders: r.orders, units: r.units };
    for (const r of replace.rows) of(r.unit_id).replace = { orders: r.orders, units: r.units };
    for (const r of bought.rows) {
      const t = of(r.unit_id);
      t.bought ??= { units: 0, docs: [] };
      t.bought.units += r.units;
      t.bought.docs.push({ number: r.number, batchNo: r.batch_no, units: r.units });
    }

    const parties: { recall_id: string; unit_id: string; role: 'HOLDER' | 'BUYER'; units: number; told_at: Date }[] = [];
    for (const [unitId, t] of told) {
      if (t.held || t.released.orders || t.replace.orders) parties.push({ recall_id: recallId, unit_id: unitId, role: 'HOLDER', units: t.held + t.replace.units, told_at: now });
      if (t.bought) parties.push({ recall_id: recallId, unit_id: unitId, role: 'BUYER', units: t.bought.units, told_at: now });
    }
    const what = recallWords({ recallNumber, product, batchNos: batches.map((b) => b.batchNo), expiryUpTo: input.expiryUpTo, reason: input.reason, action: input.action });
    const notices = [...told].flatMap(([unitId, t]) =>
      unitNotices([unitId], { type: 'RECALL', title: what.title, body: `${what.body}${holderWords(t)}${buyerWords(t)}`, link: LINKS.recall(recallId) }, { at: now }),
    );
    for (let i = 0; i < parties.length; i += CHUNK) await trx.insertInto('recall_parties').values(parties.slice(i, i + CHUNK)).execute();
    for (let i = 0; i < notices.length; i += CHUNK) await trx.insertInto('notifications').values(notices.slice(i, i + CHUNK)).execute();
    return recallId;
  }

  /** Lifts an active recall (its raiser or staff): batches re-marked, quarantined units still in the store back on sale. */
  async lift(caller: Caller, recallId: string, input: LiftRecall): Promise<Recall> {
    if (!isUuid(recallId)) throw notFound();
    await inTransaction(this.db, async (trx) => {
      const now = this.config.now();
      const recall = await trx.selectFrom('recalls').select(['id', 'recall_number', 'status', 'raised_by_unit_id', 'product_id']).where('id', '=', recallId).forUpdate().executeTakeFirst();
      if (!recall) throw notFound();
      const staff = await isStaff(trx, caller.userId);
      if (!staff && recall.raised_by_unit_id !== caller.unitId) {
        if (!(await this.maySee(trx, caller, recallId, staff))) throw notFound();
        throw new AppError('E0040', 403, `Only whoever raised recall ${recall.recall_number}, or Medico B2B staff, may lift it`);
      }
      if (recall.status !== 'ACTIVE') throw new AppError('E0013', 409, `Recall ${recall.recall_number} is already lifted`);
      const reason = input.reason.trim();
      await lockRecallBucket(trx, recall.product_id);
      await trx.updateTable('recalls').set({ status: 'LIFTED', lifted_at: now, lifted_by: caller.userId, lift_reason: reason }).where('id', '=', recallId).execute();
      await sql`SELECT count(*) FROM (SELECT id FROM inventory_batches WHERE recall_id = ${recallId} ORDER BY id FOR UPDATE) locked`.execute(trx);
      // Each batch falls to the next active recall that matches it, if any: its quarantined units then stay in the
      // store under that recall; otherwise they go back on sale.
      const restored = await sql<{ unit_id: string; units: number }>`
        WITH nx AS (
          SELECT b.id, active_recall_of(b.product_id, b.batch_no, b.expiry_date) AS next FROM inventory_batches b WHERE b.recall_id = ${recallId}
        ), bal AS (
          SELECT batch_id, sum(quantity_delta)::int AS q FROM non_saleable_stock_movements WHERE recall_id = ${recallId} AND batch_id IS NOT NULL GROUP BY batch_id
        ), nb AS (
          UPDATE inventory_batches b
          SET recall_id = nx.next, quantity = b.quantity + CASE WHEN nx.next IS NULL THEN greatest(coalesce(bal.q, 0), 0) ELSE 0 END, updated_at = ${now}
          FROM nx LEFT JOIN bal ON bal.batch_id = nx.id
          WHERE b.id = nx.id
          RETURNING b.id, b.unit_id, b.warehouse_id, b.product_id, b.batch_no, b.expiry_date, b.mrp_paise, nx.next, greatest(coalesce(bal.q, 0), 0) AS q
        ), p AS (
          SELECT name FROM products WHERE id = ${recall.product_id}
        ), out AS (
          INSERT INTO non_saleable_stock_movements
            (id, unit_id, warehouse_id, product_id, batch_id, product_name, batch_no, expiry_date, mrp_paise, quantity_delta, reason, source_type, source_id, created_by, created_at, recall_id)
          SELECT gen_random_uuid(), nb.unit_id, nb.warehouse_id, nb.product_id, nb.id, p.name, nb.batch_no, nb.expiry_date, nb.mrp_paise, -nb.q, 'RECALL', 'RECALL', ${recallId}, ${caller.userId}, ${now}, ${recallId}
          FROM nb, p WHERE nb.q > 0
        ), moved_on AS (
          INSERT INTO non_saleable_stock_movements
            (id, unit_id, warehouse_id, product_id, batch_id, product_name, batch_no, expiry_date, mrp_paise, quantity_delta, reason, source_type, source_id, created_by, created_at, recall_id)
          SELECT gen_random_uuid(), nb.unit_id, nb.warehouse_id, nb.product_id, nb.id, p.name, nb.batch_no, nb.expiry_date, nb.mrp_paise, nb.q, 'RECALL', 'RECALL', nb.next, ${caller.userId}, ${now}, nb.next
          FROM nb, p WHERE nb.q > 0 AND nb.next IS NOT NULL
        ), sm AS (
          INSERT INTO stock_movements (id, batch_id, unit_id, kind, quantity_delta, reference, note, created_by, created_at)
          SELECT gen_random_uuid(), nb.id, nb.unit_id, 'RECALL', nb.q, ${recallId}, ${`Recall ${recall.recall_number} lifted: back on sale`}, ${caller.userId}, ${now}
          FROM nb WHERE nb.q > 0 AND nb.next IS NULL
        )
        SELECT unit_id, sum(CASE WHEN next IS NULL THEN q ELSE 0 END)::int AS units FROM nb GROUP BY unit_id`.execute(trx);
      const parties = await trx.selectFrom('recall_parties').select('unit_id').distinct().where('recall_id', '=', recallId).execute();
      const units = new Map<string, number>(parties.map((p) => [p.unit_id, 0]));
      for (const r of restored.rows) units.set(r.unit_id, r.units);
      const row = await this.rowOf(trx, recallId);
      const what = recallWords({ recallNumber: row.recall_number, product: { name: row.product_name, manufacturer: row.manufacturer }, batchNos: await this.batchNosOf(trx, recallId), expiryUpTo: row.expiry_up_to, reason: row.reason, action: row.action });
      const notices = [...units].flatMap(([unitId, n]) =>
        unitNotices(
          [unitId],
          {
            type: 'RECALL',
            title: `Recall ${row.recall_number} lifted: ${row.product_name}`,
            body: `${what.batches} of ${row.product_name} may be sold again: ${reason}.${n > 0 ? ` Your ${n} units were moved back from quarantine to stock.` : ''}`,
            link: LINKS.recall(recallId),
          },
          { at: now },
        ),
      );
      for (let i = 0; i < notices.length; i += CHUNK) await trx.insertInto('notifications').values(notices.slice(i, i + CHUNK)).execute();
    });
    return this.detail(caller, recallId);
  }

  /** A recall with its effect so far; 404 unless it reaches the caller (or the caller is staff, or makes the product). */
  async detail(caller: Caller, recallId: string): Promise<Recall> {
    if (!isUuid(recallId)) throw notFound();
    const staff = await isStaff(this.db, caller.userId);
    if (!(await this.maySee(this.db, caller, recallId, staff))) throw notFound();
    const row = await this.rowOf(this.db, recallId);
    const [summary] = await this.summaries(caller, [row]);
    return { ...summary!, counts: await this.countsOf(recallId), note: row.note };
  }

  /** The recalls that reach the caller's unit (held, bought, raised by it), newest first; staff see all. */
  async list(caller: Caller, query: ListQuery): Promise<RecallList> {
    const staff = await isStaff(this.db, caller.userId);
    const reaches = staff
      ? sql<boolean>`true`
      : sql<boolean>`(r.raised_by_unit_id = ${caller.unitId}
          OR EXISTS (SELECT 1 FROM recall_parties rp WHERE rp.recall_id = r.id AND rp.unit_id = ${caller.unitId})
          OR EXISTS (SELECT 1 FROM inventory_batches b WHERE b.recall_id = r.id AND b.unit_id = ${caller.unitId}))`;
    const status = query.status ? sql<boolean>`r.status = ${query.status}` : sql<boolean>`true`;
    const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM recalls r WHERE ${reaches} AND ${status}`.execute(this.db);
    const rows = await sql<RecallRow>`
      ${selectRecalls()} WHERE ${reaches} AND ${status}
      ORDER BY r.raised_at DESC, r.recall_number DESC
      OFFSET ${query.page * query.pageSize} LIMIT ${query.pageSize}`.execute(this.db);
    return { items: await this.summaries(caller, rows.rows), totalResults: total.rows[0]!.n, page: query.page, pageSize: query.pageSize };
  }

  /** The product master's candidates for a name (and manufacturer) as a notice prints them, matched as search matches. */
  async products(query: z.output<typeof RecallProductQuery>): Promise<RecallProductMatches> {
    const wanted = nameWords(query.name);
    let found = (await this.search.candidates(query.name, 50)).map((c) => c.product);
    if (query.manufacturer) found = found.filter((p) => manufacturerFits(p.manufacturer, query.manufacturer!));
    const same = found.filter((p) => nameWords(p.name) === wanted);
    // Same name first: the notice's product is most likely one of them; the rest in search's order.
    const ordered = [...same, ...found.filter((p) => !same.includes(p))].slice(0, 20);
    const holders = ordered.length
      ? await sql<{ product_id: string; n: number }>`
          SELECT product_id, count(DISTINCT unit_id)::int AS n FROM inventory_batches
          WHERE product_id = ANY(${ordered.map((p) => p.id)}::uuid[]) AND quantity > 0 GROUP BY product_id`.execute(this.db)
      : { rows: [] };
    const count = new Map(holders.rows.map((h) => [h.product_id, h.n]));
    return {
      candidates: ordered.map((p) => ({ productId: p.id, name: p.name, manufacturer: p.manufacturer, pack: p.pack, holders: count.get(p.id) ?? 0 })),
      exact: same.length === 1,
    };
  }

  private async maySee(db: Database, caller: Caller, recallId: string, staff: boolean): Promise<boolean> {
    if (staff) return (await db.selectFrom('recalls').select('id').where('id', '=', recallId).executeTakeFirst()) !== undefined;
    const { rows } = await sql<{ manufacturer: string; reaches: boolean }>`
      SELECT p.manufacturer,
        (r.raised_by_unit_id = ${caller.unitId}
          OR EXISTS (SELECT 1 FROM recall_parties rp WHERE rp.recall_id = r.id AND rp.unit_id = ${caller.unitId})
          OR EXISTS (SELECT 1 FROM inventory_batches b WHERE b.recall_id = r.id AND b.unit_id = ${caller.unitId})) AS reaches
      FROM recalls r JOIN products p ON p.id = r.product_id WHERE r.id = ${recallId}`.execute(db);
    const row = rows[0];
    if (!row) return false;
    if (row.reaches) return true;
    if (caller.customerType !== 'MANUFACTURER') return false;
    const unit = await db.selectFrom('units').select('trade_name').where('id', '=', caller.unitId).executeTakeFirstOrThrow();
    return sameCompany(unit.trade_name, row.manufacturer);
  }

  private async rowOf(db: Database, recallId: string): Promise<RecallRow> {
    const { rows } = await sql<RecallRow>`${selectRecalls()} WHERE r.id = ${recallId}`.execute(db);
    if (!rows[0]) throw notFound();
    return rows[0];
  }

  private async batchNosOf(db: Database, recallId: string): Promise<string[]> {
    const rows = await db.selectFrom('recall_batches').select('batch_no').where('recall_id', '=', recallId).orderBy('batch_no').execute();
    return rows.map((r) => r.batch_no);
  }

  private async summaries(caller: Caller, rows: readonly RecallRow[]): Promise<RecallSummary[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const batches = await this.db.selectFrom('recall_batches').select(['recall_id', 'batch_no']).where('recall_id', 'in', ids).orderBy('batch_no').execute();
    const parties = await this.db.selectFrom('recall_parties').select(['recall_id', 'role', 'units']).where('recall_id', 'in', ids).where('unit_id', '=', caller.unitId).execute();
    const quarantine = await sql<{ recall_id: string; q: number }>`
      SELECT recall_id, sum(quantity_delta)::int AS q FROM non_saleable_stock_movements
      WHERE recall_id = ANY(${ids}::uuid[]) AND unit_id = ${caller.unitId} GROUP BY recall_id`.execute(this.db);
    const blocked = await sql<{ recall_id: string }>`
      SELECT DISTINCT recall_id FROM inventory_batches WHERE recall_id = ANY(${ids}::uuid[]) AND unit_id = ${caller.unitId}`.execute(this.db);
    return rows.map((r) => {
      const holder = parties.find((p) => p.recall_id === r.id && p.role === 'HOLDER');
      return {
        id: r.id,
        recallNumber: r.recall_number,
        product: { productId: r.product_id, name: r.product_name, manufacturer: r.manufacturer, pack: r.pack },
        batchNos: batches.filter((b) => b.recall_id === r.id).map((b) => b.batch_no),
        expiryUpTo: r.expiry_up_to,
        reason: r.reason,
        action: r.action,
        noticeNumber: r.notice_number,
        noticeDate: r.notice_date,
        letterDocumentId: r.letter_document_id,
        raisedBy: { kind: r.raised_by_kind, unitName: r.raiser_name },
        raisedAt: new Date(r.raised_at).toISOString(),
        status: r.status,
        liftedAt: r.lifted_at ? new Date(r.lifted_at).toISOString() : null,
        liftReason: r.lift_reason,
        mine: {
          holder: Boolean(holder) || blocked.rows.some((b) => b.recall_id === r.id),
          buyer: parties.some((p) => p.recall_id === r.id && p.role === 'BUYER'),
          raisedByMe: r.raised_by_unit_id === caller.unitId,
          unitsHeld: holder?.units ?? 0,
          unitsQuarantined: quarantine.rows.find((q) => q.recall_id === r.id)?.q ?? 0,
        },
      };
    });
  }

  private async countsOf(recallId: string): Promise<RecallCounts> {
    const { rows } = await sql<RecallCounts>`
      SELECT
        (SELECT count(*)::int FROM (SELECT unit_id FROM recall_parties WHERE recall_id = ${recallId} AND role = 'HOLDER'
                                    UNION SELECT unit_id FROM inventory_batches WHERE recall_id = ${recallId}) h) AS holders,
        (SELECT count(*)::int FROM recall_parties WHERE recall_id = ${recallId} AND role = 'BUYER') AS buyers,
        (SELECT coalesce(sum(quantity_delta), 0)::int FROM non_saleable_stock_movements WHERE recall_id = ${recallId}) AS quarantined,
        -- a cancelled return (DEBIT_NOTE_CANCELLED) puts its units back: counted net
        (SELECT coalesce(-sum(quantity_delta), 0)::int FROM non_saleable_stock_movements WHERE recall_id = ${recallId} AND source_type IN ('DEBIT_NOTE', 'DEBIT_NOTE_CANCELLED')) AS "returnedToSupplier",
        (SELECT coalesce(-sum(quantity_delta), 0)::int FROM non_saleable_stock_movements WHERE recall_id = ${recallId} AND source_type = 'RECALL_DESTRUCTION' AND quantity_delta < 0) AS destroyed,
        (SELECT count(DISTINCT order_id)::int FROM recall_order_flags WHERE recall_id = ${recallId}) AS "ordersFlagged"`.execute(this.db);
    return rows[0]!;
  }
}

/** The product's bucket lock of migration 049, exclusively: batches being written now are waited for, later ones wait. */
async function lockRecallBucket(trx: Database, productId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('recall_batches'), recall_lock_bucket(${productId}::uuid))`.execute(trx);
}

function selectRecalls() {
  return sql`
    SELECT r.id, r.recall_number, r.product_id, r.expiry_up_to::text AS expiry_up_to, r.reason, r.action, r.notice_number,
      r.notice_date::text AS notice_date, r.letter_document_id, r.note, r.raised_by_kind, r.raised_by_unit_id, r.status,
      r.raised_at, r.lifted_at, r.lift_reason, p.name AS product_name, p.manufacturer, p.pack, u.trade_name AS raiser_name
    FROM recalls r JOIN products p ON p.id = r.product_id JOIN units u ON u.id = r.raised_by_unit_id`;
}

/** The words every notice of a recall starts with. */
export function recallWords(r: {
  recallNumber: string;
  product: { name: string; manufacturer: string };
  batchNos: readonly string[];
  expiryUpTo: string | null;
  reason: keyof typeof RECALL_REASON_LABELS;
  action: keyof typeof RECALL_ACTION_LABELS;
}): { title: string; body: string; batches: string } {
  const named = r.batchNos.length ? `${r.batchNos.length === 1 ? 'Batch' : 'Batches'} ${r.batchNos.join(', ')}` : '';
  const upTo = r.expiryUpTo ? `${named ? 'and all' : 'All'} batches expiring up to ${r.expiryUpTo}` : '';
  const batches = [named, upTo].filter(Boolean).join(' ');
  const reason = RECALL_REASON_LABELS[r.reason];
  return {
    title: `Recall ${r.recallNumber}: ${r.product.name} (${reason.toLowerCase()})`,
    body: `${batches} of ${r.product.name} (${r.product.manufacturer}) ${r.batchNos.length === 1 && !upTo ? 'is' : 'are'} recalled: ${reason}. ${RECALL_ACTION_LABELS[r.action]}: no sale of ${r.batchNos.length === 1 && !upTo ? 'it' : 'them'} anywhere on Medico B2B.`,
    batches,
  };
}

function holderWords(t: Told): string {
  const parts: string[] = [];
  if (t.held) parts.push(` Your ${t.held} units were moved to quarantine.`);
  if (t.released.orders) parts.push(` ${t.released.units} units reserved for ${t.released.orders} unaccepted ${t.released.orders === 1 ? 'order were' : 'orders were'} released.`);
  if (t.replace.orders) parts.push(` ${t.replace.orders} accepted ${t.replace.orders === 1 ? 'order holds' : 'orders hold'} ${t.replace.units} recalled units not yet dispatched: replace or cancel.`);
  return parts.join('');
}

function buyerWords(t: Told): string {
  if (!t.bought) return '';
  const { units, docs } = t.bought;
  const named = docs.slice(0, DOCS_NAMED).map((d) => `${d.number} (batch ${d.batchNo}, ${d.units} units)`);
  const more = docs.length > DOCS_NAMED ? ` and ${docs.length - DOCS_NAMED} more` : '';
  return ` You received ${units} units in the last ${RECALL_BUYER_MONTHS} months on invoice${docs.length === 1 ? '' : 's'} ${named.join(', ')}${more}: take them off your shelves.`;
}

