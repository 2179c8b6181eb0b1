import { z } from 'zod';
import { AmountPaise } from './common';

/*
 * Credit terms (issue 39 item 4). The seller sets, per buyer (its customer), how many days an invoice may wait
 * (the invoice's due date = invoice date + those days; none: due on receipt), how much the buyer may owe it, and
 * whether a new order is refused (E0052) while the buyer is overdue or the order would take it over that limit.
 * Without "block", the buyer is only warned at the cart.
 */

export const MAX_CREDIT_DAYS = 365;

export const CreditTerms = z.object({
  /** Days from the invoice date to its due date; null: due on receipt. */
  creditDays: z.number().int().min(0).max(MAX_CREDIT_DAYS).nullable(),
  /** The most the buyer may owe (open invoices + orders not yet invoiced), paise; null: no limit. */
  creditLimitPaise: AmountPaise.nullable(),
  /** Refuse new orders while overdue or over the limit (else the cart only warns). */
  blockNewOrders: z.boolean(),
});
export type CreditTerms = z.infer<typeof CreditTerms>;

/** POST CREDIT_PATHS.terms: the seller sets a connected buyer's terms (by the connection on its customers list). */
export const SetCreditTerms = CreditTerms.extend({ connectionId: z.string().trim().min(1).max(64) });
export type SetCreditTerms = z.infer<typeof SetCreditTerms>;

export const CREDIT_PATHS = {
  terms: '/b2bapp/v2/stockist/credit-terms',
} as const;

/**
 * The cart's warning for one seller: the buyer has invoices past their due date with it, or its cart would take it
 * over the limit. `blocked`: the seller refuses the order (submit answers E0052 with the same message).
 */
export const CreditWarning = z.object({
  sellerUnitCode: z.string(),
  stockist: z.string(),
  /** Open on invoices past their due date. */
  overduePaise: z.number().int(),
  /** The earliest due date among them; null when nothing is overdue. */
  oldestDueDate: z.string().nullable(),
  creditLimitPaise: z.number().int().nullable(),
  /** What the buyer owes the seller now: open invoices (less advances) + orders not yet invoiced. */
  owedPaise: z.number().int(),
  /** This seller's cart with GST, as submit would order it. */
  cartPaise: z.number().int(),
  /** owed + cart − limit when positive, else 0. */
  overLimitPaise: z.number().int(),
  blocked: z.boolean(),
  message: z.string(),
});
export type CreditWarning = z.infer<typeof CreditWarning>;

/** Open amounts by days past their due date; not yet due (due today or later) apart. */
export const DueAgeing = z.object({
  notDuePaise: z.number().int(),
  /** 1–30 days past due (the first month), 31–60, 61–90, over 90. */
  d0to30Paise: z.number().int(),
  d31to60Paise: z.number().int(),
  d61to90Paise: z.number().int(),
  over90Paise: z.number().int(),
});
export type DueAgeing = z.infer<typeof DueAgeing>;
