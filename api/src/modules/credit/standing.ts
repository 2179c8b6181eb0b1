import { sql } from 'kysely';
import type { CreditTerms, CreditWarning } from 'shared-api';
import type { Database } from '../../db/database';
import { lockName } from '../../db/locks';
import { AppError } from '../../http/errors';
import { printedDate } from '../../pdf/pdf';
import { gstRatesOn, rateOf } from '../ledger/gst-rates';
import { openItems } from '../ledger/outstanding';
import { supplyBetween } from '../ledger/parties';
import { formatRupeesPlain, orderLineMoney } from '../orders/money';

const toPaise = (v: number | string | null) => (v === null ? null : Number(v));

/**
 * Credit terms a seller gives each of some buyers (issue 39 item 4): the seller's own row (credit_terms), else the
 * terms its move-in parties file gave the party linked to the buyer (no blocking: that the seller decides here); a
 * buyer with neither is not in the map.
 */
export async function creditTermsOfBuyers(db: Database, sellerUnitId: string, buyerUnitIds: readonly string[]): Promise<Map<string, CreditTerms>> {
  const terms = new Map<string, CreditTerms>();
  if (!buyerUnitIds.length) return terms;
  const [own, moved] = await Promise.all([
    db
      .selectFrom('credit_terms')
      .select(['buyer_unit_id', 'credit_days', 'credit_limit_paise', 'block_new_orders'])
      .where('seller_unit_id', '=', sellerUnitId)
      .where('buyer_unit_id', 'in', buyerUnitIds)
      .execute(),
    db
      .selectFrom('book_parties')
      .select(['linked_unit_id', 'credit_days', 'credit_limit_paise'])
      .where('unit_id', '=', sellerUnitId)
      .where('role', '=', 'CUSTOMER')
      .where('linked_unit_id', 'in', buyerUnitIds)
      .where((e) => e.or([e('credit_days', 'is not', null), e('credit_limit_paise', 'is not', null)]))
      .orderBy('created_at', 'desc')
      .execute(),
  ]);
  // Oldest last, so the first party the file linked wins.
  for (const m of moved) terms.set(m.linked_unit_id!, { creditDays: m.credit_days, creditLimitPaise: toPaise(m.credit_limit_paise), blockNewOrders: false });
  for (const o of own) terms.set(o.buyer_unit_id, { creditDays: o.credit_days, creditLimitPaise: toPaise(o.credit_limit_paise), blockNewOrders: o.block_new_orders });
  return terms;
}

/** The terms a seller gives one buyer (creditTermsOfBuyers); null: none. */
export async function creditTermsOf(db: Database, sellerUnitId: string, buyerUnitId: string): Promise<CreditTerms | null> {
  return (await creditTermsOfBuyers(db, sellerUnitId, [buyerUnitId])).get(buyerUnitId) ?? null;
}

/** An invoice's due date: its date + the credit days (none or 0: due on receipt, the same day). */
export function dueDateOf(invoiceDate: string, creditDays: number | null): string {
  if (!creditDays) return invoiceDate;
  const d = new Date(`${invoiceDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + creditDays);
  return d.toISOString().slice(0, 10);
}

export interface CreditStanding {
  /** Open on the seller's invoices (and opening bills) past their due date as of today. */
  overduePaise: number;
  oldestDueDate: string | null;
  /** The buyer's debtor head in the seller's books (open items less advances) + its orders not yet invoiced. */
  owedPaise: number;
}

/** Where the buyer stands with the seller today, from the seller's books and its open orders. */
export async function creditStanding(db: Database, sellerUnitId: string, buyerUnitId: string, today: string): Promise<CreditStanding> {
  const head = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('unit_id', '=', sellerUnitId)
    .where('code', '=', `DEBTOR:${buyerUnitId}`)
    .executeTakeFirst();
  const party = head ? (await openItems(db, sellerUnitId, { asOf: today, side: 'RECEIVABLE', accountId: head.id }))[0] : undefined;
  const overdue = (party?.items ?? []).filter((i) => i.daysPastDue > 0);
  const { unbilled } = await db
    .selectFrom('orders as o')
    .select(sql<string>`coalesce(sum(o.total_paise), 0)::text`.as('unbilled'))
    .where('o.seller_unit_id', '=', sellerUnitId)
    .where('o.buyer_unit_id', '=', buyerUnitId)
    .where('o.status', 'in', ['PLACED', 'ACCEPTED'])
    .where((e) => e.not(e.exists(e.selectFrom('sales_invoices as si').select('si.id').whereRef('si.order_id', '=', 'o.id'))))
    .executeTakeFirstOrThrow();
  return {
    overduePaise: overdue.reduce((s, i) => s + i.outstandingPaise, 0),
    oldestDueDate: overdue.reduce<string | null>((min, i) => (min === null || i.dueDate < min ? i.dueDate : min), null),
    owedPaise: (party?.balancePaise ?? 0) + Number(unbilled),
  };
}

export interface CreditVerdict {
  overduePaise: number;
  oldestDueDate: string | null;
  creditLimitPaise: number | null;
  owedPaise: number;
  overLimitPaise: number;
  blocked: boolean;
  message: string;
}

/** What an order of `orderPaise` meets under the terms: null when the buyer is neither overdue nor over the limit. */
export function creditVerdict(terms: CreditTerms | null, standing: CreditStanding, orderPaise: number, sellerName: string): CreditVerdict | null {
  const limit = terms?.creditLimitPaise ?? null;
  const overLimit = limit === null ? 0 : Math.max(0, standing.owedPaise + orderPaise - limit);
  if (standing.overduePaise <= 0 && overLimit <= 0) return null;
  const blocked = terms?.blockNewOrders ?? false;
  const why = [
    standing.overduePaise > 0 ? `${formatRupeesPlain(standing.overduePaise)} is overdue (due since ${printedDate(standing.oldestDueDate!)})` : null,
    overLimit > 0 ? `this order would take you ${formatRupeesPlain(overLimit)} over your credit limit of ${formatRupeesPlain(limit!)} (you owe ${formatRupeesPlain(standing.owedPaise)} now)` : null,
  ]
    .filter(Boolean)
    .join(', and ');
  const message = blocked ? `${sellerName} takes no new orders from you now: ${why}. Pay what is due first.` : `With ${sellerName}, ${why}.`;
  return { overduePaise: standing.overduePaise, oldestDueDate: standing.oldestDueDate, creditLimitPaise: limit, owedPaise: standing.owedPaise, overLimitPaise: overLimit, blocked, message };
}

/**
 * Taken by every writer of what a buyer owes a seller through orders (submit, invoicing), before it reads the
 * standing: two orders at once cannot both fit under the limit, and an invoice being issued is not counted as
 * neither order nor invoice.
 */
export async function lockCreditPair(db: Database, sellerUnitId: string, buyerUnitId: string): Promise<void> {
  await lockName(db, `credit:${sellerUnitId}:${buyerUnitId}`);
}

/** At submit (pair locked): refuses with E0052 when the seller blocks and the order meets its terms' limits. */
export async function refuseOverCredit(db: Database, sellerUnitId: string, buyerUnitId: string, sellerName: string, orderPaise: number, today: string): Promise<void> {
  const terms = await creditTermsOf(db, sellerUnitId, buyerUnitId);
  if (!terms?.blockNewOrders) return;
  const verdict = creditVerdict(terms, await creditStanding(db, sellerUnitId, buyerUnitId, today), orderPaise, sellerName);
  if (verdict) throw new AppError('E0052', 409, `Order not submitted: ${verdict.message}`);
}

/** A cart entry as the warning prices it (cart/repository.ts CartEntryRow). */
interface CartLine {
  seller_unit_id: string;
  seller_unit_code: string;
  seller_trade_name: string;
  product_id: string | null;
  quantity: number;
  free_quantity: number;
  ptr_paise: number;
}

/**
 * The cart's credit warnings (shared-api CreditWarning), one per seller the buyer is overdue with or whose cart would
 * take it over its limit. Each seller's cart is priced with GST as submit orders it (a product without a rate on
 * record counts without tax here; submit refuses it anyway).
 */
export async function cartCreditWarnings(db: Database, buyerUnitId: string, lines: readonly CartLine[], today: string): Promise<CreditWarning[]> {
  const bySeller = new Map<string, CartLine[]>();
  for (const l of lines) bySeller.set(l.seller_unit_id, [...(bySeller.get(l.seller_unit_id) ?? []), l]);
  if (!bySeller.size) return [];
  const productIds = [...new Set(lines.map((l) => l.product_id).filter((id): id is string => id !== null))];
  const products = productIds.length ? await db.selectFrom('products').select(['id', 'hsn']).where('id', 'in', productIds).execute() : [];
  const hsnOf = new Map(products.map((p) => [p.id, p.hsn]));
  const rates = await gstRatesOn(db, products.map((p) => p.hsn), today);
  const warnings: CreditWarning[] = [];
  for (const [sellerId, sellerLines] of bySeller) {
    const terms = await creditTermsOf(db, sellerId, buyerUnitId);
    const standing = await creditStanding(db, sellerId, buyerUnitId, today);
    // Nothing can be over a limit that is not there, nor overdue with nothing open: skip the pricing.
    if (terms?.creditLimitPaise == null && standing.overduePaise <= 0) continue;
    const supply = await supplyBetween(db, sellerId, buyerUnitId);
    const cartPaise = sellerLines.reduce((sum, l) => {
      const rate = rateOf(rates, (l.product_id && hsnOf.get(l.product_id)) || null) ?? 0;
      return sum + orderLineMoney({ quantity: l.quantity, freeQuantity: l.free_quantity, ptrPaise: l.ptr_paise }, rate, supply).totalPaise;
    }, 0);
    const first = sellerLines[0]!;
    const verdict = creditVerdict(terms, standing, cartPaise, first.seller_trade_name);
    if (verdict) {
      const { oldestDueDate, ...rest } = verdict;
      warnings.push({ sellerUnitCode: first.seller_unit_code, stockist: first.seller_trade_name, cartPaise, oldestDueDate, ...rest });
    }
  }
  return warnings;
}
