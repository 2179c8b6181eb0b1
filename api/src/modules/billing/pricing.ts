import { PROVIDER_PRICES, type ProviderPlan, type SupplyKind } from 'shared-api';

/*
 * What one month of the platform costs a unit: pure arithmetic over the price list (shared-api PROVIDER_PRICES), so
 * the invoice, its PDF and the tests agree. Months are 'YYYY-MM' of the IST calendar.
 */

/** 'YYYY-MM' after `month`. */
export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** 'YYYY-MM' before `month`. */
export function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/** Every month from `first` to `last`, both included (none when first is after last). */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = first; m <= last; m = nextMonth(m)) months.push(m);
  return months;
}

/** First and last calendar day of a month. */
export function monthRange(month: string): { from: string; to: string } {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The instant an IST calendar day begins (credits before it count for the month that ends there). */
export const istDayStart = (date: string) => new Date(`${date}T00:00:00+05:30`);

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '2026-10' → 'October 2026'. */
export const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

const isPlan = (type: string): type is ProviderPlan => Object.prototype.hasOwnProperty.call(PROVIDER_PRICES.planPaise, type);

/**
 * The plan a month is billed at: the unit's subscription type, unless the plan had lapsed before the month began
 * (valid until a day before its first day) or the type is not on the price list; then no plan (NONE, ₹0).
 */
export function planFor(subscriptionType: string | null, validUntil: string | null, month: string): ProviderPlan {
  if (!subscriptionType) return 'NONE';
  const type = subscriptionType.trim().toUpperCase();
  if (!isPlan(type)) return 'NONE';
  if (validUntil && validUntil < monthRange(month).from) return 'NONE';
  return type;
}

/** Rounded half up to whole paise: taxable × rate (basis points). */
const taxAt = (taxablePaise: number, rateBp: number) => Math.floor((taxablePaise * rateBp + 5000) / 10_000);

/** GST on the platform's service: CGST + SGST at half the rate each inside the provider's state, else IGST. */
export function gstOn(taxablePaise: number, kind: SupplyKind, rateBp: number = PROVIDER_PRICES.gstRateBp): { cgstPaise: number; sgstPaise: number; igstPaise: number } {
  if (kind === 'INTRA') {
    const half = taxAt(taxablePaise, rateBp / 2);
    return { cgstPaise: half, sgstPaise: half, igstPaise: 0 };
  }
  return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxAt(taxablePaise, rateBp) };
}

export interface MonthCharges {
  plan: ProviderPlan;
  planPaise: number;
  deliveries: number;
  freeDeliveries: number;
  billableDeliveries: number;
  perDeliveryPaise: number;
  deliveryPaise: number;
  taxablePaise: number;
  gstRateBp: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * One month's invoice: the plan fee, the deliveries less the referral offer's free ones still unused (free used =
 * min(deliveries, free left)), the billable ones at the per-delivery charge, and GST on the sum.
 */
export function chargeMonth(m: { plan: ProviderPlan; deliveries: number; freeLeft: number; kind: SupplyKind }): MonthCharges {
  const planPaise = PROVIDER_PRICES.planPaise[m.plan];
  const freeDeliveries = Math.min(m.deliveries, Math.max(0, m.freeLeft));
  const billableDeliveries = m.deliveries - freeDeliveries;
  const perDeliveryPaise = PROVIDER_PRICES.perDeliveryPaise;
  const deliveryPaise = billableDeliveries * perDeliveryPaise;
  const taxablePaise = planPaise + deliveryPaise;
  const tax = gstOn(taxablePaise, m.kind);
  return {
    plan: m.plan,
    planPaise,
    deliveries: m.deliveries,
    freeDeliveries,
    billableDeliveries,
    perDeliveryPaise,
    deliveryPaise,
    taxablePaise,
    gstRateBp: PROVIDER_PRICES.gstRateBp,
    ...tax,
    totalPaise: taxablePaise + tax.cgstPaise + tax.sgstPaise + tax.igstPaise,
  };
}
