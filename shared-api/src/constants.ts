// Plain value lists, apart from the zod schemas: screens that need only these (the sign-in page) don't load zod.
export const CUSTOMER_TYPES = ['STOCKIST', 'RETAILER', 'HOSPITAL', 'SEASON_BOY', 'MANUFACTURER'] as const;
/** What a person reads for each type (never the enum value): the registration choices, the profile, the dashboard. */
export const CUSTOMER_TYPE_LABELS: Readonly<Record<(typeof CUSTOMER_TYPES)[number], string>> = {
  STOCKIST: 'Stockist (wholesale)',
  RETAILER: 'Retailer (chemist)',
  HOSPITAL: 'Hospital',
  SEASON_BOY: 'Season boy (delivery)',
  MANUFACTURER: 'Manufacturer',
};
/**
 * Who keeps batch-wise stock: stockists (uploaded or added), and retailers and hospitals (received from purchase
 * bills, sold over the counter). Only stockists upload stock files (SPEC.md §6).
 */
export const STOCK_KEEPING_TYPES = ['STOCKIST', 'RETAILER', 'HOSPITAL'] as const satisfies readonly (typeof CUSTOMER_TYPES)[number][];
export const OS_TYPES = ['WINDOWS', 'MAC_OS', 'LINUX', 'ANDROID', 'IOS'] as const;
export const DEVICE_TYPES = ['Mobile', 'Tablet', 'Desktop'] as const;

/** The customer types that have a customers list (SPEC.md §2): one screen, reused per type. */
export const LISTED_TYPES = ['STOCKIST', 'HOSPITAL', 'RETAILER'] as const;

/** SPEC.md §6: a STOCKIST lists stockists, hospitals and retailers; a RETAILER or HOSPITAL only stockists. */
export function counterpartTypes(type: (typeof CUSTOMER_TYPES)[number]): readonly (typeof LISTED_TYPES)[number][] {
  return type === 'STOCKIST' ? LISTED_TYPES : ['STOCKIST'];
}

/** The path segment of `b2bapp/v2/{customerType}/{connectedUserType}`: the type in lower case. */
export const typeSegment = (type: (typeof LISTED_TYPES)[number]) => type.toLowerCase() as Lowercase<(typeof LISTED_TYPES)[number]>;

/** SPEC.md §9: minimum search length; suggestions after a 200 ms pause in typing. */
export const MIN_SEARCH_LENGTH = 3;

export const SUGGEST_DEBOUNCE_MS = 200;

/** Header carrying the applicant's draft token (given after the OTP check). */
export const REGISTRATION_TOKEN_HEADER = 'x-registration-token';

/** A batch expiring within this many days is flagged "near expiry" (still sold). */
export const NEAR_EXPIRY_DAYS = 90;

/*
 * Consignment statuses (delivery.ts has the rule of moves): here, apart from the zod schemas, because shared-ui's
 * status badge reads the labels on every page, the sign-in page's included (issue 37 item 2).
 */
export const CONSIGNMENT_STATUSES = ['BOOKED', 'ASSIGNED', 'COLLECTED', 'IN_TRANSIT', 'DELIVERED', 'FAILED', 'RETURNED', 'CANCELLED'] as const;

/** What people read for a consignment status. */
export const CONSIGNMENT_STATUS_LABELS: Readonly<Record<(typeof CONSIGNMENT_STATUSES)[number], string>> = {
  BOOKED: 'Booked',
  ASSIGNED: 'Assigned',
  COLLECTED: 'Collected',
  IN_TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
  FAILED: 'Delivery failed',
  RETURNED: 'Returned',
  CANCELLED: 'Cancelled',
};

/** SPEC §3 push message defaults, used when a message lacks a title or body (here, apart from push.ts's schemas). */
export const PUSH_DEFAULT_TITLE = 'Notification';
export const PUSH_DEFAULT_BODY = 'You have a new notification';

/** PostgreSQL `integer`: quantities and per-unit prices are stored in it. */
export const INT4_MAX = 2_147_483_647;
/** A price of one unit (MRP, PTR, PTS, a rate): ₹1 crore at most, within its `integer` column. */
export const MAX_UNIT_PRICE_PAISE = 1_000_000_000;
/** An amount of one line or one payment: ₹10 crore at most (a realistic line; `bigint` columns, sums stay exact). */
export const MAX_AMOUNT_PAISE = 10_000_000_000;
/** Units in one line or one batch: 1 crore at most, within its `integer` column. */
export const MAX_QUANTITY = 10_000_000;
