import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { OrderDetail, OrderList, OrderShipment, OrderListQuery, OrderStatus, OrderSummary, SubmitResult } from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { DB } from '../../db/types';
import { lockBatches } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { originOf } from '../connections/repository';
import { LINKS, notify } from '../notifications/notify';
import { entryTerms } from '../cart/terms';
import { lockCreditPair, refuseOverCredit } from '../credit/standing';
import { gstRatesOn, noGstRate, rateOf } from '../ledger/gst-rates';
import { supplyBetween } from '../ledger/parties';
import { formatRupeesPlain, orderLineMoney } from './money';
import { recalledAmong, recalledError } from '../recalls/block';
import { recallFlagsOf } from '../recalls/order-flags';
import { insertOrder } from './repository';
import { reserveFefo, sellableBatches } from './stock';
import { haversineKm, istDate } from '../search/text';

/** E0042 with what went wrong: the buyer's cart is left as it was. */
const notSubmitted = (why: string) => new AppError('E0042', 409, `Order not submitted: ${why}`);

/** PostgreSQL refusals that mean "another order got there first" (deadlock, serialisation: after inTransaction's retries; a CHECK on stock). */
const RACE_CODES = new Set(['40P01', '40001', '23514']);

/** One row per batch (a batch re-reserved at acceptance has two allocation rows). */
function mergeByBatch(rows: { batch_no: string; expiry_date: string; quantity: number }[]) {
  const merged = new Map<string, { batchNo: string; expiryDate: string; quantity: number }>();
  for (const r of rows) {
    const key = `${r.expiry_date}|${r.batch_no}`;
    const m = merged.get(key);
    if (m) m.quantity += r.quantity;
    else merged.set(key, { batchNo: r.batch_no, expiryDate: r.expiry_date, quantity: r.quantity });
  }
  return [...merged.values()];
}

/** A deadlock or serialisation failure still there after inTransaction's retries becomes a clear 409. */
async function refusedOnRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && RACE_CODES.has(code)) throw new AppError('E0042', 409, 'Another change to the same stock happened at the same moment; nothing was changed, please try again');
    throw error;
  }
}

export class OrdersService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  /**
   * SPEC.md §7 /cart/submit: one order per seller, all or nothing. The cart row is locked first (a second submit
   * waits, then finds it submitted: E0043); entries are reserved in a fixed order (seller, product) over batches
   * locked FOR UPDATE, so concurrent buyers queue per batch and never both get the last units.
   */
  async submit(caller: Caller): Promise<SubmitResult> {
    try {
      return await inTransaction(this.db, async (trx) => {
        const now = this.config.now();
        const today = istDate(now);
        const cart = await trx.selectFrom('carts').select(['id', 'submitted_at']).where('buyer_unit_id', '=', caller.unitId).forUpdate().executeTakeFirst();
        if (!cart) throw new AppError('E0044', 404);
        const entries = await trx
          .selectFrom('cart_entries as e')
          .innerJoin('units as s', 's.id', 'e.seller_unit_id')
          .innerJoin('products as p', 'p.id', 'e.product_id')
          .select(['e.id', 'e.seller_unit_id', 's.trade_name', 's.unit_code', 'e.product_id', 'p.name', 'p.manufacturer', 'p.pack', 'p.hsn', 'e.quantity', 'e.free_quantity', 'e.ptr_paise', 'e.mrp_paise', 'e.min_expiry_date', 'e.clearance_offer_id'])
          .where('e.cart_id', '=', cart.id)
          .orderBy('s.unit_code')
          .orderBy('e.product_id')
          // Within a product: offers (one batch), then any batch, then later minimum expiries, so locks are taken in one order.
          .orderBy(sql`e.clearance_offer_id IS NULL`)
          .orderBy('e.min_expiry_date', (o) => o.asc().nullsFirst())
          .orderBy('e.id')
          .execute();
        if (!entries.length) throw cart.submitted_at ? new AppError('E0043', 409) : new AppError('E0044', 404);

        const bySeller = new Map<string, typeof entries>();
        for (const e of entries) bySeller.set(e.seller_unit_id, [...(bySeller.get(e.seller_unit_id) ?? []), e]);
        // Credit terms: each seller-buyer pair is locked before any stock (in the entries' seller order), so what the
        // buyer owes a seller cannot change between the check below and this order's insert.
        for (const sellerId of bySeller.keys()) await lockCreditPair(trx, sellerId, caller.unitId);
        const created: OrderSummary[] = [];
        for (const [sellerId, lines] of bySeller) {
          const sellerName = lines[0]!.trade_name;
          const supply = await supplyBetween(trx, sellerId, caller.unitId);
          const rates = await gstRatesOn(trx, lines.map((e) => e.hsn), today);
          const priced = [];
          for (const [position, e] of lines.entries()) {
            // A line that could never be invoiced is not ordered: the buyer learns which product, the seller fixes its HSN.
            const rateBp = rateOf(rates, e.hsn);
            if (rateBp === null) throw noGstRate(e.name, e.hsn, today, 'BUYER');
            // Access (or the offer's visibility) is checked per entry: a nearby buyer may hold an offer and nothing else of the seller.
            const terms = await entryTerms(trx, caller, { sellerUnitId: sellerId, productId: e.product_id!, minExpiryDate: e.min_expiry_date, clearanceOfferId: e.clearance_offer_id }, today, true);
            if (terms.kind === 'NO_ACCESS') {
              throw notSubmitted(e.clearance_offer_id ? `${sellerName} no longer offers the near-expiry ${e.name} to you` : `${sellerName} no longer gives you access to its stock`);
            }
            if (terms.kind === 'ENDED') throw new AppError('E0016', 409, `Order not submitted: the near-expiry offer of ${e.name} at ${sellerName} has ended`);
            if (terms.kind === 'RECALLED') throw recalledError(terms.batch, 'Order not submitted: remove it from the cart');
            if (terms.ptrPaise !== null && terms.ptrPaise !== e.ptr_paise) {
              throw notSubmitted(`the PTR of ${e.name} at ${sellerName} changed; confirm the cart again`);
            }
            const { reserved, short } = await reserveFefo(trx, terms.batches, e.quantity + e.free_quantity, now);
            if (short > 0) {
              const had = e.quantity + e.free_quantity - short;
              throw notSubmitted(`only ${had} of ${e.name} left at ${sellerName} (you asked for ${e.quantity + e.free_quantity})`);
            }
            const money = orderLineMoney({ quantity: e.quantity, freeQuantity: e.free_quantity, ptrPaise: e.ptr_paise }, rateBp, supply);
            priced.push({ e, position, reserved, ...money });
          }
          await refuseOverCredit(trx, sellerId, caller.unitId, sellerName, priced.reduce((s, l) => s + l.totalPaise, 0), today);
          const order = await insertOrder(trx, {
            buyerUnitId: caller.unitId,
            sellerUnitId: sellerId,
            placedBy: caller.userId,
            orderDate: today,
            at: now,
            lines: priced.map((l) => ({
              productId: l.e.product_id!,
              productName: l.e.name,
              manufacturer: l.e.manufacturer,
              pack: l.e.pack,
              hsn: l.e.hsn,
              quantity: l.e.quantity,
              freeQuantity: l.e.free_quantity,
              ptrPaise: l.e.ptr_paise,
              mrpPaise: l.e.mrp_paise,
              rateBp: l.rateBp,
              taxablePaise: l.taxablePaise,
              gstPaise: l.gstPaise,
              totalPaise: l.totalPaise,
              position: l.position,
              reserved: l.reserved,
              minExpiryDate: l.e.min_expiry_date,
              clearanceOfferId: l.e.clearance_offer_id,
            })),
          });
          const buyer = await trx.selectFrom('units').select(['trade_name', 'city']).where('id', '=', caller.unitId).executeTakeFirstOrThrow();
          await notify(
            trx,
            { unitIds: [sellerId] },
            {
              type: 'B2B_ORDER',
              title: `New order from ${buyer.trade_name}`,
              body: `${order.orderNumber}: ${priced.length} item${priced.length === 1 ? '' : 's'}, ${formatRupeesPlain(order.totalPaise)}.`,
              link: LINKS.onlineOrder(order.id),
            },
            { at: now },
          );
          created.push({
            orderId: order.id,
            orderNumber: order.orderNumber,
            createdAt: now.toISOString(),
            status: 'PLACED',
            counterpartyUnitCode: lines[0]!.unit_code,
            counterpartyTradeName: sellerName,
            city: '',
            distanceKm: null,
            itemCount: priced.length,
            taxablePaise: order.taxablePaise,
            gstPaise: order.gstPaise,
            totalPaise: order.totalPaise,
          });
        }
        await trx.deleteFrom('cart_entries').where('cart_id', '=', cart.id).execute();
        await trx.updateTable('carts').set({ submitted_at: now, updated_at: now }).where('id', '=', cart.id).execute();
        return { orders: created };
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && RACE_CODES.has(code)) throw notSubmitted('another order took the same stock at the same moment; confirm the cart and try again');
      throw error;
    }
  }

  /** Orders the caller's unit placed (buyer side) or received (seller side), newest first, one page; `status` narrows it. */
  async list(caller: Caller, side: 'BUYER' | 'SELLER', query: z.output<typeof OrderListQuery>): Promise<OrderList> {
    const { page, pageSize, status } = query;
    const [items, total] = await Promise.all([
      this.summaries(caller, side, { status, page: { offset: page * pageSize, limit: pageSize } }),
      this.ordersOf(caller, side, { status }).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, totalResults: total.n, page, pageSize };
  }

  /** One order, for its buyer or its seller (anyone else: not found). */
  async detail(caller: Caller, orderId: string): Promise<OrderDetail> {
    const order = await this.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!order || (order.buyer_unit_id !== caller.unitId && order.seller_unit_id !== caller.unitId)) throw notFound();
    const side = order.seller_unit_id === caller.unitId ? 'SELLER' : 'BUYER';
    // Looked up by id, not found in the capped list: an old order stays readable.
    const [summary] = await this.summaries(caller, side, { orderId });
    if (!summary) throw notFound();
    const lines = await this.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
    const invoice = await this.db.selectFrom('sales_invoices').select(['id as invoiceId', 'invoice_number as invoiceNumber']).where('order_id', '=', orderId).executeTakeFirst();
    const allocations = lines.length
      ? await this.db
          .selectFrom('order_allocations as a')
          .innerJoin('inventory_batches as b', 'b.id', 'a.batch_id')
          .select(['a.order_line_id', 'a.quantity', 'a.status', 'b.batch_no', 'b.expiry_date'])
          .where('a.order_line_id', 'in', lines.map((l) => l.id))
          .where('a.status', '!=', 'RELEASED')
          .orderBy('b.expiry_date')
          .execute()
      : [];
    return {
      ...summary,
      callerSide: side,
      decidedAt: order.decided_at ? new Date(order.decided_at).toISOString() : null,
      ...(order.reject_reason ? { rejectReason: order.reject_reason } : {}),
      invoice: invoice ?? null,
      ...(side === 'SELLER' ? { recallFlags: await recallFlagsOf(this.db, orderId) } : {}),
      shipment: await this.shipmentOf(orderId),
      lines: lines.map((l) => ({
        lineId: l.id,
        productName: l.product_name,
        manufacturer: l.manufacturer,
        pack: l.pack,
        hsn: l.hsn,
        quantity: l.quantity,
        freeQuantity: l.free_quantity,
        ptrPaise: l.ptr_paise,
        mrpPaise: l.mrp_paise,
        gstRateBp: l.gst_rate_bp,
        taxablePaise: Number(l.taxable_paise),
        gstPaise: Number(l.gst_paise),
        totalPaise: Number(l.total_paise),
        allocations: mergeByBatch(allocations.filter((a) => a.order_line_id === l.id)),
        minExpiryDate: l.min_expiry_date,
        clearanceOfferId: l.clearance_offer_id,
      })),
    };
  }

  /** Issue 39: the order's live consignment (else its last one), as both sides see how it travels. */
  private async shipmentOf(orderId: string): Promise<OrderShipment | null> {
    const c = await this.db
      .selectFrom('consignments as c')
      .leftJoin('users as u', 'u.id', 'c.assignee_user_id')
      .select(['c.id', 'c.barcode_id', 'c.status', 'c.carrier', 'c.transporter_name', 'c.transporter_id', 'c.docket_number', 'c.docket_date', 'c.freight_paise', 'c.updated_at', 'u.first_name', 'u.last_name'])
      .where('c.order_id', '=', orderId)
      .orderBy(sql`c.status IN ('CANCELLED', 'RETURNED')`)
      .orderBy('c.created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!c) return null;
    return {
      consignmentId: c.id,
      barcodeId: c.barcode_id,
      status: c.status,
      carrier: c.carrier,
      transport:
        c.carrier === 'TRANSPORT'
          ? { transporterName: c.transporter_name!, transporterId: c.transporter_id, docketNumber: c.docket_number!, docketDate: c.docket_date!, freightPaise: c.freight_paise == null ? null : Number(c.freight_paise) }
          : null,
      deliveryBoy: c.first_name == null ? null : `${c.first_name} ${c.last_name ?? ''}`.trim(),
      updatedAt: new Date(c.updated_at).toISOString(),
    };
  }

  /** The caller's unit's orders on one side, with the other party joined as `u`. */
  private ordersOf(caller: Caller, side: 'BUYER' | 'SELLER', only: { orderId?: string; status?: OrderStatus }) {
    let query = this.db
      .selectFrom('orders as o')
      .innerJoin('units as u', 'u.id', side === 'BUYER' ? 'o.seller_unit_id' : 'o.buyer_unit_id')
      .where(side === 'BUYER' ? 'o.buyer_unit_id' : 'o.seller_unit_id', '=', caller.unitId);
    if (only.orderId) query = query.where('o.id', '=', only.orderId);
    if (only.status) query = query.where('o.status', '=', only.status);
    return query;
  }

  /** Order summaries on the caller's side, with the other party and its distance: one order, or a page newest first. */
  private async summaries(
    caller: Caller,
    side: 'BUYER' | 'SELLER',
    only: { orderId?: string; status?: OrderStatus; page?: { offset: number; limit: number } },
  ): Promise<OrderSummary[]> {
    let query = this.ordersOf(caller, side, only)
      .select(['o.id', 'o.order_number', 'o.created_at', 'o.status', 'o.item_count', 'o.taxable_paise', 'o.gst_paise', 'o.total_paise', 'u.unit_code', 'u.trade_name', 'u.city', 'u.latitude', 'u.longitude'])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.order_number', 'desc');
    if (only.page) query = query.offset(only.page.offset).limit(only.page.limit);
    const rows = await query.execute();
    const origin = await originOf(this.db, caller.userId, caller.unitId);
    return rows.map((r) => ({
      orderId: r.id,
      orderNumber: r.order_number,
      createdAt: new Date(r.created_at).toISOString(),
      status: r.status,
      counterpartyUnitCode: r.unit_code,
      counterpartyTradeName: r.trade_name,
      city: r.city,
      distanceKm: origin && r.latitude !== null && r.longitude !== null ? haversineKm(origin.latitude, origin.longitude, r.latitude, r.longitude) : null,
      itemCount: r.item_count,
      taxablePaise: Number(r.taxable_paise),
      gstPaise: Number(r.gst_paise),
      totalPaise: Number(r.total_paise),
    }));
  }

  /**
   * The seller accepts: stock leaves first expiry first. Reservations on batches still sellable today are kept;
   * a reservation on a batch that has since expired is released and taken from the next batches instead (only
   * batches expiring on or after the line's minimum expiry date; a near-expiry offer's line never: refused). Every
   * unit moved writes an ORDER stock movement in the same transaction.
   */
  async accept(caller: Caller, orderId: string): Promise<OrderDetail> {
    await refusedOnRace(() => inTransaction(this.db, async (trx) => {
      const now = this.config.now();
      const today = istDate(now);
      const order = await this.lockPlaced(trx, caller, orderId);
      // Lock order (api/README.md): the order row, then every batch it holds in id order (a line's own lock below
      // then finds its batches locked already; only a batch taken to replace an expired one comes later).
      const holds = await trx.selectFrom('order_allocations as a').innerJoin('order_lines as l', 'l.id', 'a.order_line_id').select('a.batch_id').where('l.order_id', '=', order.id).where('a.status', '=', 'RESERVED').execute();
      await lockBatches(trx, holds.map((h) => h.batch_id), 'UPDATE');
      const lines = await trx
        .selectFrom('order_lines')
        .select(['id', 'product_id', 'product_name', 'hsn', 'quantity', 'free_quantity', 'min_expiry_date', 'clearance_offer_id'])
        .where('order_id', '=', order.id)
        .orderBy('product_id')
        .execute();
      // An order placed before rates were checked (priced at 0 %) is not accepted until its HSNs have rates: an
      // accepted order must be one the seller can invoice (fixing the product's HSN reprices the order's lines).
      const rates = await gstRatesOn(trx, lines.map((l) => l.hsn), today);
      const unrated = lines.find((l) => rateOf(rates, l.hsn) === null);
      if (unrated) throw noGstRate(unrated.product_name, unrated.hsn, today, 'SELLER');
      for (const line of lines) {
        const held = await trx
          .selectFrom('order_allocations as a')
          .innerJoin('inventory_batches as b', 'b.id', 'a.batch_id')
          .select(['a.id', 'a.batch_id', 'a.quantity', 'b.expiry_date', 'b.recall_id'])
          .where('a.order_line_id', '=', line.id)
          .where('a.status', '=', 'RESERVED')
          .orderBy('a.batch_id')
          .forUpdate()
          .execute();
        const recalled = held.filter((h) => h.recall_id !== null);
        if (recalled.length && line.clearance_offer_id) {
          // The buyer chose that very batch on the offer: it is not made up from another.
          const [batch] = await recalledAmong(trx, recalled.map((h) => h.batch_id));
          if (batch) throw recalledError(batch, 'Reject the order instead');
        }
        let short = 0;
        // Units held in a batch that expired or was recalled since the order was placed are made up from others (FEFO).
        for (const a of held.filter((h) => h.expiry_date <= today || h.recall_id !== null)) {
          await trx.updateTable('inventory_batches').set({ reserved: sql`reserved - ${a.quantity}`, updated_at: now }).where('id', '=', a.batch_id).execute();
          await trx.updateTable('order_allocations').set({ status: 'RELEASED' }).where('id', '=', a.id).execute();
          short += a.quantity;
        }
        // Older orders reserved less than asked only if data was changed by hand; make up any difference too.
        short += line.quantity + line.free_quantity - held.reduce((s, h) => s + h.quantity, 0);
        if (short > 0 && line.clearance_offer_id) {
          // A near-expiry offer sold that very batch: never made up from another.
          throw new AppError('E0042', 409, `Cannot accept: the near-expiry batch of ${line.product_name} has expired or is short (${short}); reject the order instead`);
        }
        if (short > 0) {
          const batches = await sellableBatches(trx, order.seller_unit_id, line.product_id, today, { lock: true, minExpiryDate: line.min_expiry_date });
          const more = await reserveFefo(trx, batches, short, now);
          if (more.short > 0) throw new AppError('E0042', 409, `Cannot accept: not enough unexpired ${line.product_name} in stock (${more.short} short)`);
          if (more.reserved.length) {
            await trx.insertInto('order_allocations').values(more.reserved.map((r) => ({ id: randomUUID(), order_line_id: line.id, batch_id: r.batchId, quantity: r.quantity, status: 'RESERVED' as const, created_at: now }))).execute();
          }
        }
        const take = await trx.selectFrom('order_allocations').select(['id', 'batch_id', 'quantity']).where('order_line_id', '=', line.id).where('status', '=', 'RESERVED').execute();
        for (const a of take) {
          await trx
            .updateTable('inventory_batches')
            .set({ quantity: sql`quantity - ${a.quantity}`, reserved: sql`reserved - ${a.quantity}`, updated_at: now })
            .where('id', '=', a.batch_id)
            .execute();
          await trx
            .insertInto('stock_movements')
            .values({ id: randomUUID(), batch_id: a.batch_id, unit_id: order.seller_unit_id, kind: 'ORDER', quantity_delta: -a.quantity, reference: order.id, note: `Order ${order.order_number}`, created_by: caller.userId, created_at: now })
            .execute();
          await trx.updateTable('order_allocations').set({ status: 'ACCEPTED' }).where('id', '=', a.id).execute();
        }
      }
      await this.decide(trx, order, 'ACCEPTED', caller, now, null);
    }));
    return this.detail(caller, orderId);
  }

  /** The seller rejects: every reservation is released, stock is untouched. */
  async reject(caller: Caller, orderId: string, reason: string | undefined): Promise<OrderDetail> {
    await refusedOnRace(() => inTransaction(this.db, async (trx) => {
      const now = this.config.now();
      const order = await this.lockPlaced(trx, caller, orderId);
      const held = await allocationsOf(trx, order.id, 'RESERVED');
      for (const a of held) {
        await trx.updateTable('inventory_batches').set({ reserved: sql`reserved - ${a.quantity}`, updated_at: now }).where('id', '=', a.batch_id).execute();
        await trx.updateTable('order_allocations').set({ status: 'RELEASED' }).where('id', '=', a.id).execute();
      }
      await this.decide(trx, order, 'REJECTED', caller, now, reason ?? null);
    }));
    return this.detail(caller, orderId);
  }

  /**
   * The seller takes back an acceptance (issue 32: the way out of an accepted order that cannot be invoiced, e.g. one
   * accepted at 0 % before rates were checked): only while no invoice was issued and no consignment is under way. The
   * stock that left comes back to its batches (an ORDER movement each), and the order ends rejected with the reason.
   */
  async cancelAcceptance(caller: Caller, orderId: string, reason: string | undefined): Promise<OrderDetail> {
    await refusedOnRace(() => inTransaction(this.db, async (trx) => {
      const now = this.config.now();
      const order = await this.lockOwn(trx, caller, orderId);
      if (order.status !== 'ACCEPTED') throw new AppError('E0013', 409, `Order ${order.order_number} is ${order.status.toLowerCase()}: only an accepted order's acceptance can be cancelled`);
      const invoice = await trx.selectFrom('sales_invoices').select('invoice_number').where('order_id', '=', order.id).executeTakeFirst();
      if (invoice) throw new AppError('E0013', 409, `Order ${order.order_number} is invoiced (${invoice.invoice_number}): issue a credit note instead`);
      const consignment = await trx.selectFrom('consignments').select('id').where('order_id', '=', order.id).where('status', 'not in', ['CANCELLED', 'RETURNED']).executeTakeFirst();
      if (consignment) throw new AppError('E0013', 409, `Order ${order.order_number} has a consignment under way: cancel the consignment first`);
      const taken = await allocationsOf(trx, order.id, 'ACCEPTED');
      for (const a of taken) {
        await trx.updateTable('inventory_batches').set({ quantity: sql`quantity + ${a.quantity}`, updated_at: now }).where('id', '=', a.batch_id).execute();
        await trx
          .insertInto('stock_movements')
          .values({ id: randomUUID(), batch_id: a.batch_id, unit_id: order.seller_unit_id, kind: 'ORDER', quantity_delta: a.quantity, reference: order.id, note: `Order ${order.order_number}: acceptance cancelled`, created_by: caller.userId, created_at: now })
          .execute();
        await trx.updateTable('order_allocations').set({ status: 'RELEASED' }).where('id', '=', a.id).execute();
      }
      await this.decide(trx, order, 'REJECTED', caller, now, `Acceptance cancelled${reason ? `: ${reason}` : ''}`);
    }));
    return this.detail(caller, orderId);
  }

  /** The seller's own order, locked (the first lock of its documents: api/README.md); 404 for anyone else's. */
  private async lockOwn(trx: Database, caller: Caller, orderId: string) {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'order_number', 'status', 'seller_unit_id', 'buyer_unit_id'])
      .where('id', '=', orderId)
      .where('seller_unit_id', '=', caller.unitId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound();
    return order;
  }

  private async lockPlaced(trx: Database, caller: Caller, orderId: string) {
    const order = await this.lockOwn(trx, caller, orderId);
    if (order.status !== 'PLACED') throw new AppError('E0042', 409, `Order ${order.order_number} is already ${order.status.toLowerCase()}`);
    return order;
  }

  private async decide(
    trx: Database,
    order: { id: string; order_number: string; buyer_unit_id: string },
    status: 'ACCEPTED' | 'REJECTED',
    caller: Caller,
    now: Date,
    reason: string | null,
  ) {
    await trx.updateTable('orders').set({ status, decided_by: caller.userId, decided_at: now, reject_reason: reason }).where('id', '=', order.id).execute();
    const seller = await trx.selectFrom('units').select('trade_name').where('id', '=', caller.unitId).executeTakeFirstOrThrow();
    await notify(
      trx,
      { unitIds: [order.buyer_unit_id] },
      {
        type: 'ORDERS',
        title: status === 'ACCEPTED' ? 'Order accepted' : 'Order rejected',
        body: `${seller.trade_name} ${status === 'ACCEPTED' ? 'accepted' : 'rejected'} order ${order.order_number}${reason ? `: ${reason}` : '.'}`,
        link: LINKS.purchaseOrder(order.id),
      },
      { at: now },
    );
  }
}

/** An order's allocations in one state, in batch id order (the lock order, api/README.md). */
function allocationsOf(trx: Transaction<DB>, orderId: string, status: 'RESERVED' | 'ACCEPTED') {
  return trx
    .selectFrom('order_allocations as a')
    .innerJoin('order_lines as l', 'l.id', 'a.order_line_id')
    .select(['a.id', 'a.batch_id', 'a.quantity'])
    .where('l.order_id', '=', orderId)
    .where('a.status', '=', status)
    .orderBy('a.batch_id')
    .execute();
}
