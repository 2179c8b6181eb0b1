import { randomUUID } from 'node:crypto';
import type { NotificationType } from 'shared-api';
import type { Database } from '../../db/database';

/*
 * The one way a notification is written (issue 16). Every producer calls `notify` inside the transaction of the event
 * it reports (or writes `unitNotices`' rows in a statement of that transaction), so the notice exists exactly when the
 * event does; the change log trigger (024) then tells the unit's open tabs, and the push dispatcher picks up the rows
 * whose pushed_at is NULL.
 */

/**
 * Who sees it: everyone in these units (user_id NULL; null entries and repeats skipped), or one person only. With
 * `except`, that person's unit (if it is one of them) is told person by person, everyone live there but them.
 */
export type Audience = { unitIds: readonly (string | null | undefined)[]; except?: string | null } | { userId: string };

export interface NewNotification {
  type: NotificationType;
  title: string;
  body: string;
  /** The screen it opens: a route path without /app (see LINKS); null when there is nothing to open. */
  link: string | null;
}

export interface NotifyOptions {
  at: Date;
  /** Demo history (seed): already read at this time (null: unread), and never pushed. */
  history?: { readAt: Date | null };
}

/** Writes the notification for the audience; answers the ids written (none when the audience is empty). */
export async function notify(db: Database, to: Audience, n: NewNotification, options: NotifyOptions): Promise<string[]> {
  const values = noticeRows(await recipients(db, to), n, options);
  if (values.length) await db.insertInto('notifications').values(values).execute();
  return values.map((v) => v.id);
}

/**
 * The rows notify writes for whole units, for a caller that writes them in a statement of its own (with what they
 * report, in one round trip).
 */
export function unitNotices(unitIds: readonly (string | null | undefined)[], n: NewNotification, options: NotifyOptions) {
  return noticeRows(wholeUnits(unitIds), n, options);
}

const wholeUnits = (unitIds: readonly (string | null | undefined)[]) => [...new Set(unitIds.filter((u): u is string => !!u))].map((unitId) => ({ unitId, userId: null }));

function noticeRows(to: readonly { unitId: string; userId: string | null }[], n: NewNotification, options: NotifyOptions) {
  return to.map((r) => ({
    id: randomUUID(),
    unit_id: r.unitId,
    user_id: r.userId,
    type: n.type,
    title: n.title,
    body: n.body,
    link: n.link,
    created_at: options.at,
    ...(options.history ? { read_at: options.history.readAt, pushed_at: options.at } : {}),
  }));
}

async function recipients(db: Database, to: Audience): Promise<{ unitId: string; userId: string | null }[]> {
  if ('userId' in to) {
    // A person's notice is kept in their unit's list and shown to them alone.
    const user = await db.selectFrom('users').select('unit_id').where('id', '=', to.userId).executeTakeFirstOrThrow();
    return [{ unitId: user.unit_id, userId: to.userId }];
  }
  const units = wholeUnits(to.unitIds);
  if (!to.except) return units;
  const left = await db.selectFrom('users').select('unit_id').where('id', '=', to.except).executeTakeFirst();
  if (!left || !units.some((u) => u.unitId === left.unit_id)) return units;
  const others = await db.selectFrom('users').select('id').where('unit_id', '=', left.unit_id).where('id', '!=', to.except).where('deleted_at', 'is', null).orderBy('id').execute();
  return [...units.filter((u) => u.unitId !== left.unit_id), ...others.map((o) => ({ unitId: left.unit_id, userId: o.id }))];
}

const segment = (value: string) => encodeURIComponent(value);
const LISTED: Record<string, string> = { STOCKIST: 'stockists', HOSPITAL: 'hospitals', RETAILER: 'retailers' };

/**
 * The screens notifications open, as the route tables mount them (mf-orders, mf-accounting, mf-payments,
 * mf-customers and the shell's own pages), without the /app prefix. One place, so a moved screen is fixed once.
 */
export const LINKS = {
  onlineOrders: '/orders/online-orders',
  purchaseOrders: '/purchases/orders',
  ordersOverview: '/orders/orders-overview',
  purchaseBills: '/purchases/invoices',
  /** The seller's page of a received order (accept / reject). */
  onlineOrder: (orderId: string) => `/orders/online-orders/${segment(orderId)}`,
  /** The buyer's page of an order it placed. */
  purchaseOrder: (orderId: string) => `/purchases/orders/${segment(orderId)}`,
  /** A consignment's details: owner, receiver and its delivery boy each see their side of it there. */
  consignment: (barcodeId: string) => `/orders/orders-overview/${segment(barcodeId)}`,
  /** The buyer's purchase bill made from a seller's tax invoice. */
  purchaseBill: (billId: string) => `/purchases/invoice/${segment(billId)}`,
  receivePayments: '/payments/upi/receive',
  makePayments: '/payments/upi/make',
  providerInvoices: '/billing/invoices',
  /** The connected users of one type (the list of the other side); `pending`: filtered to requests waiting. */
  customers: (customerType: string, pending = false) => `/customers/${LISTED[customerType] ?? 'stockists'}${pending ? '?status=PENDING' : ''}`,
  /** A buyer's connected sellers. */
  stockists: '/customers/stockists',
  cart: '/cart',
  /** A recall's page: its trace for the unit, the actions, the network view for those who may see it. */
  recall: (recallId: string) => `/stocks/recalls/${segment(recallId)}`,
  profile: '/profile',
} as const;
