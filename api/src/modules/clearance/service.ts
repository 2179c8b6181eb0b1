import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type {
  ClearanceCandidates,
  ClearanceCandidatesQuery,
  ClearanceOffer,
  ClearanceOfferList,
  CreateClearanceOffer,
  MyOffersQuery,
  NearExpiryQuery,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { firstRow, type Part } from '../../db/parts';
import type { Caller } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { originOf, type Origin } from '../connections/repository';
import { activeWarehouse } from '../inventory/repository';
import { formatRupeesPlain } from '../orders/money';
import { refuseRecalled } from '../recalls/block';
import { addDays, istDate, queryWords } from '../search/text';
import { activeSql, countOffers, offerRows, offerVisibleTo, toOffer } from './repository';

/** A window of 365 days on a big stockist's stock is still a screen's worth; past this the seller narrows it. */
const MAX_CANDIDATES = 1000;

/** PostgreSQL's unique violation: a second running offer for the batch was listed at the same moment. */
const UNIQUE_VIOLATION = '23505';

const likeWord = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The market's offers for a buyer: active, visible to it (offerVisibleTo), of a product whose HSN has a GST rate on
 * record (the cart would refuse it otherwise), narrowed by `q` words and `maxDays`.
 */
function marketWhere(buyerUnitId: string, origin: Origin | null, today: string, narrow: { q?: string | undefined; maxDays?: number | undefined } = {}) {
  const words = narrow.q ? queryWords(narrow.q) : [];
  return sql.join(
    [
      activeSql(today),
      sql`p.gst_rated`,
      sql`${offerVisibleTo(buyerUnitId, origin)}`,
      ...words.map((w) => sql`(p.name || ' ' || COALESCE(p.composition, '')) ILIKE ${likeWord(w)}`),
      ...(narrow.maxDays ? [sql`b.expiry_date <= ${addDays(today, narrow.maxDays)}::date`] : []),
    ],
    sql` AND `,
  );
}

/** The dashboard's tile for a buyer: how many offers it may buy now, and the `shown` soonest to expire. */
export async function buyerNearExpiry(db: Database, buyer: { userId: string; unitId: string }, today: string, shown: number) {
  const origin = await originOf(db, buyer.userId, buyer.unitId);
  const rows = await offerRows(db, today, marketWhere(buyer.unitId, origin, today), sql`ORDER BY offer.expiry_date, offer.product_name, offer.id LIMIT ${shown}`);
  return { offers: rows[0]?.total ?? 0, soonest: rows.map((r) => toOffer(r, origin)) };
}

/** The dashboard's tile for a seller: its offers buyers can buy now, and their free units. */
export function sellerNearExpiry(sellerUnitId: string, today: string): Part<{ running: number; units: number }> {
  return firstRow(
    sql`SELECT count(*)::int AS running, COALESCE(sum(b.quantity - b.reserved), 0)::int AS units
    FROM clearance_offers o JOIN inventory_batches b ON b.id = o.batch_id
    WHERE o.seller_unit_id = ${sellerUnitId} AND ${activeSql(today)}`,
    (r: { running: number; units: number } | null) => r ?? { running: 0, units: 0 },
  );
}

/** Near-expiry exchange (issue 18): the seller's candidates and offers, and the buyers' market. */
export class ClearanceService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  /** The seller's unexpired batches in its active warehouse expiring within the window, soonest first, with any running offer. */
  async candidates(caller: Caller, query: z.output<typeof ClearanceCandidatesQuery>): Promise<ClearanceCandidates> {
    const warehouse = await activeWarehouse(this.db, caller.userId, caller.unitId);
    if (!warehouse) throw new AppError('E0001', 400, 'Choose a warehouse first (the warehouse switcher in the header)');
    const today = this.today();
    const batches = await this.db
      .selectFrom('inventory_batches as b')
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .select(['b.id', 'b.product_id', 'p.name', 'p.manufacturer', 'p.pack', 'b.batch_no', 'b.expiry_date', 'b.quantity', 'b.reserved', 'b.ptr_paise', 'b.mrp_paise'])
      .select(sql<number>`b.expiry_date - ${today}::date`.as('days'))
      .where('b.unit_id', '=', caller.unitId)
      .where('b.warehouse_id', '=', warehouse.id)
      .where('b.quantity', '>', 0)
      // A recalled batch may not be offered (create refuses it with E0025).
      .where('b.recall_id', 'is', null)
      .where(sql<boolean>`b.expiry_date > ${today}::date`)
      .where('b.expiry_date', '>=', addDays(today, query.fromDays))
      .where('b.expiry_date', '<=', addDays(today, query.toDays))
      .orderBy('b.expiry_date')
      .orderBy('p.name')
      .orderBy('b.id')
      .limit(MAX_CANDIDATES)
      .execute();
    const running = batches.length
      ? await offerRows(this.db, today, sql`o.batch_id IN (${sql.join(batches.map((b) => b.id))}) AND o.ended_at IS NULL`, sql`WHERE offer.status <> 'ENDED'`)
      : [];
    const offerOf = new Map(running.map((r) => [r.batch_id, toOffer(r, null)]));
    return {
      fromDays: query.fromDays,
      toDays: query.toDays,
      items: batches.map((b) => ({
        batchId: b.id,
        productId: b.product_id,
        productName: b.name,
        manufacturer: b.manufacturer,
        pack: b.pack,
        batchNo: b.batch_no,
        expiryDate: b.expiry_date,
        daysToExpiry: b.days,
        quantity: b.quantity,
        reserved: b.reserved,
        ptrPaise: b.ptr_paise,
        mrpPaise: b.mrp_paise,
        offer: offerOf.get(b.id) ?? null,
      })),
    };
  }

  /**
   * Lists one batch of the caller's unit. Refused: a recalled batch (E0025), an expired batch or a cut-off on or after
   * its expiry (E0014), an offer PTR not below the batch's PTR, nothing free to sell, a batch with a running offer
   * (E0009), and, until the seller acknowledges it, a batch with units promised to placed orders (E0015).
   */
  async create(caller: Caller, input: z.output<typeof CreateClearanceOffer>): Promise<ClearanceOffer> {
    const now = this.config.now();
    const today = istDate(now);
    try {
      const offerId = await inTransaction(this.db, async (trx) => {
        // Locked: a reservation or a second listing of the batch waits until this one is decided.
        const batch = await trx
          .selectFrom('inventory_batches')
          .select(['id', 'expiry_date', 'quantity', 'reserved', 'ptr_paise', 'recall_id'])
          .where('id', '=', input.batchId)
          .where('unit_id', '=', caller.unitId)
          .forUpdate()
          .executeTakeFirst();
        if (!batch) throw notFound();
        if (batch.recall_id) await refuseRecalled(trx, [batch.id]);
        if (batch.expiry_date <= today) throw new AppError('E0014', 400, `This batch expired on ${batch.expiry_date}: it cannot be offered`);
        if (input.endsOn < today) throw new AppError('E0001', 400, 'The cut-off cannot be in the past', { endsOn: 'Pick today or a later day' });
        if (input.endsOn >= batch.expiry_date) {
          const last = addDays(batch.expiry_date, -1);
          throw new AppError('E0014', 400, `The cut-off must be before the expiry (${batch.expiry_date}): ${last} at the latest`, { endsOn: `${last} at the latest` });
        }
        if (input.offerPtrPaise >= batch.ptr_paise) {
          throw new AppError('E0001', 400, 'The offer PTR must be lower than the PTR', { offerPtrPaise: `Lower than ${formatRupeesPlain(batch.ptr_paise)}` });
        }
        const free = batch.quantity - batch.reserved;
        if (free <= 0) throw new AppError('E0001', 400, 'Nothing of this batch is left to sell: every unit is promised to orders', { batchId: 'Nothing free to sell' });
        // An offer whose cut-off passed no longer runs: closed here so the batch can be listed again.
        await trx.updateTable('clearance_offers').set({ ended_at: now }).where('batch_id', '=', batch.id).where('ended_at', 'is', null).where('ends_on', '<', today).execute();
        const running = await trx.selectFrom('clearance_offers').select('id').where('batch_id', '=', batch.id).where('ended_at', 'is', null).executeTakeFirst();
        if (running) throw new AppError('E0009', 409, 'This batch already has a running offer: end it first to list it again');
        if (batch.reserved > 0 && !input.acknowledgePromised) {
          throw new AppError('E0015', 409, `${batch.reserved} unit${batch.reserved === 1 ? ' is' : 's are'} promised to placed orders; list the other ${free} anyway?`, {
            acknowledgePromised: String(batch.reserved),
          });
        }
        const id = randomUUID();
        await trx
          .insertInto('clearance_offers')
          .values({ id, seller_unit_id: caller.unitId, batch_id: batch.id, offer_ptr_paise: input.offerPtrPaise, ends_on: input.endsOn, nearby_buyers: input.nearbyBuyers, created_by: caller.userId, created_at: now })
          .execute();
        return id;
      });
      return await this.ownOffer(caller, offerId);
    } catch (error) {
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) throw new AppError('E0009', 409, 'This batch already has a running offer: end it first to list it again');
      throw error;
    }
  }

  /** The seller ends its offer now; an offer already ended is E0016. */
  async end(caller: Caller, offerId: string): Promise<ClearanceOffer> {
    const now = this.config.now();
    const offer = await this.db.selectFrom('clearance_offers').select(['id', 'ended_at', 'ends_on']).where('id', '=', offerId).where('seller_unit_id', '=', caller.unitId).executeTakeFirst();
    if (!offer) throw notFound();
    if (offer.ended_at !== null) throw new AppError('E0016', 409);
    await this.db.updateTable('clearance_offers').set({ ended_at: now }).where('id', '=', offer.id).where('ended_at', 'is', null).execute();
    return this.ownOffer(caller, offer.id);
  }

  /** The seller's offers, newest first; `status` narrows. */
  async mine(caller: Caller, query: z.output<typeof MyOffersQuery>): Promise<ClearanceOfferList> {
    const { page, pageSize, status } = query;
    const today = this.today();
    const where = sql`o.seller_unit_id = ${caller.unitId}`;
    const filter = status ? sql`WHERE offer.status = ${status}` : sql``;
    const rows = await offerRows(this.db, today, where, sql`${filter} ORDER BY offer.created_at DESC, offer.id LIMIT ${pageSize} OFFSET ${page * pageSize}`);
    const totalResults = rows[0]?.total ?? (page === 0 ? 0 : await countOffers(this.db, today, where, filter));
    return { items: rows.map((r) => toOffer(r, null)), totalResults, page, pageSize };
  }

  /**
   * Active offers the caller may buy (offerVisibleTo), soonest expiry first; `q` narrows by words of the product's
   * name or composition (each word must appear), `maxDays` by days to expiry.
   */
  async market(caller: Caller, query: z.output<typeof NearExpiryQuery>): Promise<ClearanceOfferList> {
    const { page, pageSize } = query;
    const today = this.today();
    const origin = await originOf(this.db, caller.userId, caller.unitId);
    const where = marketWhere(caller.unitId, origin, today, query);
    const rows = await offerRows(this.db, today, where, sql`ORDER BY offer.expiry_date, offer.product_name, offer.id LIMIT ${pageSize} OFFSET ${page * pageSize}`);
    const totalResults = rows[0]?.total ?? (page === 0 ? 0 : await countOffers(this.db, today, where));
    return { items: rows.map((r) => toOffer(r, origin)), totalResults, page, pageSize };
  }

  private async ownOffer(caller: Caller, offerId: string): Promise<ClearanceOffer> {
    const [row] = await offerRows(this.db, this.today(), sql`o.id = ${offerId} AND o.seller_unit_id = ${caller.unitId}`);
    if (!row) throw notFound();
    return toOffer(row, null);
  }

  private today(): string {
    return istDate(this.config.now());
  }
}
