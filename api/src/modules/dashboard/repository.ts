import { sql } from 'kysely';
import { CONSIGNMENT_STATUSES, type ConsignmentStatus, type Figure, type SearchedProduct, type SoldProduct, type StatusCounts } from 'shared-api';
import type { Database } from '../../db/database';
import { allRows, firstRow, type Part } from '../../db/parts';
import { notCancelled } from '../cancellations/books';

/*
 * The dashboard's reads (issue 16), each over an index range of the caller's unit. Most are parts (db/parts.ts) the
 * service reads together in one statement; the warehouse's stock is kept apart (stock.ts).
 * Receivables come from the ledger (sideBalance), preferences from the profile, near-expiry offers from clearance.
 */

/** A period of instants [since, until] (until is now: what happened this instant counts) and the IST days it touches [sinceDay, untilDay]. */
export interface Window {
  since: Date;
  until: Date;
  sinceDay: string;
  untilDay: string;
}

const num = (v: unknown) => Number(v ?? 0);
const figure = (count: unknown, value: unknown): Figure => ({ count: num(count), valuePaise: num(value) });

/** Orders of the unit on one side in the window (by status now), and every order on that side still awaiting a decision. */
export function orderFigures(unitId: string, side: 'SELLER' | 'BUYER', w: Window) {
  const column = sql.ref(side === 'SELLER' ? 'seller_unit_id' : 'buyer_unit_id');
  return firstRow(
    sql`SELECT count(*) AS n, coalesce(sum(total_paise), 0) AS v,
           count(*) FILTER (WHERE status = 'ACCEPTED') AS accepted_n,
           coalesce(sum(total_paise) FILTER (WHERE status = 'ACCEPTED'), 0) AS accepted_v,
           count(*) FILTER (WHERE status = 'REJECTED') AS rejected,
           (SELECT count(*) FROM orders p WHERE p.${column} = ${unitId} AND p.status = 'PLACED') AS pending_n,
           (SELECT coalesce(sum(p.total_paise), 0) FROM orders p WHERE p.${column} = ${unitId} AND p.status = 'PLACED') AS pending_v
    FROM orders WHERE ${column} = ${unitId} AND created_at >= ${w.since} AND created_at <= ${w.until}`,
    (r: Record<string, number> | null) => ({
      all: figure(r?.n, r?.v),
      accepted: figure(r?.accepted_n, r?.accepted_v),
      rejected: num(r?.rejected),
      pending: figure(r?.pending_n, r?.pending_v),
    }),
  );
}

/**
 * Connections of the unit on either side: approved, and pending on each side; buyers with access when it sells.
 * Each side its own index range (a unit is never on both sides of one connection): with `seller OR buyer` PostgreSQL
 * planned the whole dashboard statement again on every execution (~1 ms), never settling on its generic plan.
 */
export function connectionCounts(unitId: string) {
  return firstRow(
    sql`SELECT s.approved + b.approved AS connected, s.with_access, s.pending AS pending_received, b.pending AS pending_sent
    FROM (SELECT count(*) FILTER (WHERE status = 'APPROVED') AS approved, count(*) FILTER (WHERE status = 'APPROVED' AND has_access) AS with_access,
                 count(*) FILTER (WHERE status = 'PENDING') AS pending
          FROM connections WHERE seller_unit_id = ${unitId}) s,
         (SELECT count(*) FILTER (WHERE status = 'APPROVED') AS approved, count(*) FILTER (WHERE status = 'PENDING') AS pending
          FROM connections WHERE buyer_unit_id = ${unitId}) b`,
    (r: Record<string, number> | null) => ({ connected: num(r?.connected), withAccess: num(r?.with_access), pendingReceived: num(r?.pending_received), pendingSent: num(r?.pending_sent) }),
  );
}

/** What the unit sold on its sales invoices (online and over the counter) in the window's days, most units first. */
export function mostSold(unitId: string, w: Window, limit: number) {
  return allRows(
    sql`SELECT l.product_id, l.product_name, l.manufacturer, sum(l.quantity + l.free_quantity) AS quantity, sum(l.total_paise) AS value
    FROM sales_invoices i JOIN sales_invoice_lines l ON l.invoice_id = i.id
    WHERE i.unit_id = ${unitId} AND i.invoice_date >= ${w.sinceDay}::date AND i.invoice_date <= ${w.untilDay}::date AND ${notCancelled('i.id')}
    GROUP BY l.product_id, l.product_name, l.manufacturer
    ORDER BY 4 DESC, 5 DESC, l.product_name LIMIT ${limit}`,
    sql`t.quantity DESC, t.value DESC, t.product_name`,
    (rows: { product_id: string; product_name: string; manufacturer: string; quantity: number; value: number }[]): SoldProduct[] =>
      rows.map((r) => ({ productId: r.product_id, name: r.product_name, manufacturer: r.manufacturer, quantity: num(r.quantity), valuePaise: num(r.value) })),
  );
}

export type TopSearched = Omit<SearchedProduct, 'stocked'>;

/**
 * The products buyers showed most interest in over the window's days, across the marketplace: the same for every
 * caller, so the service keeps it for a while (the counters sum over every product searched in the window).
 */
export async function topSearched(db: Database, w: Window, limit: number): Promise<TopSearched[]> {
  // The top products first, then their names: only `limit` rows are joined.
  const { rows } = await sql<{ product_id: string; name: string; manufacturer: string; hits: string }>`
    SELECT t.product_id, p.name, p.manufacturer, t.hits
    FROM (SELECT product_id, sum(hits) AS hits FROM product_search_hits
          WHERE day >= ${w.sinceDay}::date AND day <= ${w.untilDay}::date
          GROUP BY product_id ORDER BY sum(hits) DESC, product_id LIMIT ${limit}) t
    JOIN products p ON p.id = t.product_id
    ORDER BY t.hits DESC, p.name`.execute(db);
  return rows.map((r) => ({ productId: r.product_id, name: r.name, manufacturer: r.manufacturer, hits: num(r.hits) }));
}

/** Which of the products the unit can sell today (unexpired, unreserved units under no recall in any of its warehouses). */
export function stockedAmong(unitId: string, productIds: readonly string[], today: string): Part<Set<string>> {
  const ids = productIds.length ? sql.join(productIds) : sql`NULL`;
  return allRows(
    sql`SELECT DISTINCT product_id FROM inventory_batches
    WHERE product_id IN (${ids}) AND unit_id = ${unitId} AND expiry_date > ${today}::date AND quantity > reserved AND recall_id IS NULL`,
    null,
    (rows: { product_id: string }[]) => new Set(rows.map((r) => r.product_id)),
  );
}

/** Where the unit is paid (bank accounts, UPI IDs, the default UPI ID) and what it received in the window's days. */
export function paymentFigures(unitId: string, w: Window) {
  return firstRow(
    sql`SELECT (SELECT count(*) FROM payout_accounts WHERE unit_id = ${unitId} AND kind = 'BANK') AS bank,
           (SELECT count(*) FROM payout_accounts WHERE unit_id = ${unitId} AND kind = 'UPI') AS upi,
           (SELECT vpa FROM payout_accounts WHERE unit_id = ${unitId} AND kind = 'UPI' AND is_default) AS vpa,
           (SELECT account_name FROM payout_accounts WHERE unit_id = ${unitId} AND kind = 'UPI' AND is_default) AS vpa_name,
           count(*) AS received_n, coalesce(sum(amount_paise), 0) AS received_v
    FROM payments WHERE payee_unit_id = ${unitId} AND status = 'APPLIED' AND paid_on >= ${w.sinceDay}::date AND paid_on <= ${w.untilDay}::date`,
    (r: { bank: number; upi: number; vpa: string | null; vpa_name: string | null; received_n: number; received_v: number } | null) => ({
      bankAccounts: num(r?.bank),
      upiAccounts: num(r?.upi),
      primaryUpi: r?.vpa ? { vpa: r.vpa, accountName: r.vpa_name ?? '' } : null,
      received: figure(r?.received_n, r?.received_v),
    }),
  );
}

export type PickupPart = 'ONLINE' | 'OFFLINE' | 'INCOMING' | 'CARRIED';

/**
 * Consignments created in the window by status now, per part: booked by the unit (online, offline), coming to it
 * from others, carried by the user. One statement; each part an index-only range of the overview indexes
 * (migrations 023 and 028). The deliveries module's counts take whole IST days; "24 Hours" is a rolling window, so they are not reused.
 */
export function pickupCounts(unitId: string, userId: string, parts: readonly PickupPart[], w: Window) {
  const range = sql`created_at >= ${w.since} AND created_at <= ${w.until}`;
  const queries = parts.map((part) => {
    switch (part) {
      case 'ONLINE':
      case 'OFFLINE':
        return sql`SELECT ${part}::text AS part, status, count(*) AS n FROM consignments WHERE owner_unit_id = ${unitId} AND kind = ${part} AND ${range} GROUP BY status`;
      case 'INCOMING':
        // The predicate of migration 028's index of what other units send, so PostgreSQL reads that index.
        return sql`SELECT 'INCOMING'::text AS part, status, count(*) AS n FROM consignments WHERE receiver_unit_id = ${unitId} AND owner_unit_id <> receiver_unit_id AND ${range} GROUP BY status`;
      case 'CARRIED':
        return sql`SELECT 'CARRIED'::text AS part, status, count(*) AS n FROM consignments WHERE assignee_user_id = ${userId} AND ${range} GROUP BY status`;
    }
  });
  const query = queries.length ? sql.join(queries, sql` UNION ALL `) : sql`SELECT NULL::text AS part, NULL::text AS status, 0 AS n WHERE false`;
  return allRows(query, null, (rows: { part: PickupPart; status: ConsignmentStatus; n: number }[]) => {
    const out = new Map<PickupPart, StatusCounts>();
    for (const part of parts) out.set(part, { total: 0, byStatus: Object.fromEntries(CONSIGNMENT_STATUSES.map((s) => [s, 0])) as Record<ConsignmentStatus, number> });
    for (const r of rows) {
      const counts = out.get(r.part)!;
      counts.byStatus[r.status] += num(r.n);
      counts.total += num(r.n);
    }
    return out;
  });
}

/** The caller's active warehouse (when it is the unit's) and whether the user carries consignments. */
export async function userContext(db: Database, userId: string, unitId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('warehouses as w', (j) => j.onRef('w.id', '=', 'u.active_warehouse_id').on('w.unit_id', '=', unitId))
    .select(['w.id as warehouse_id', 'w.display_name as warehouse_name', 'u.delivery_staff'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Per IST day of [first, last]: orders the unit placed or received (created that day), and its sales invoices. */
export async function dailySeries(db: Database, unitId: string, series: { placed: boolean; received: boolean; sales: boolean }, first: string, last: string) {
  const since = new Date(`${first}T00:00:00+05:30`);
  const until = new Date(new Date(`${last}T00:00:00+05:30`).getTime() + 24 * 3600_000);
  const day = sql`to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD')`;
  const parts = [];
  if (series.placed)
    parts.push(sql`SELECT 'placed'::text AS s, ${day} AS day, count(*) AS n, sum(total_paise) AS v FROM orders
      WHERE buyer_unit_id = ${unitId} AND created_at >= ${since} AND created_at < ${until} GROUP BY 2`);
  if (series.received)
    parts.push(sql`SELECT 'received'::text AS s, ${day} AS day, count(*) AS n, sum(total_paise) AS v FROM orders
      WHERE seller_unit_id = ${unitId} AND created_at >= ${since} AND created_at < ${until} GROUP BY 2`);
  if (series.sales)
    parts.push(sql`SELECT 'sales'::text AS s, to_char(invoice_date, 'YYYY-MM-DD') AS day, count(*) AS n, sum(total_paise) AS v FROM sales_invoices i
      WHERE unit_id = ${unitId} AND invoice_date >= ${first}::date AND invoice_date <= ${last}::date AND ${notCancelled('i.id')} GROUP BY 2`);
  const out = new Map<string, Figure>();
  if (!parts.length) return out;
  const { rows } = await sql<{ s: string; day: string; n: string; v: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  for (const r of rows) out.set(`${r.s} ${r.day}`, figure(r.n, r.v));
  return out;
}
