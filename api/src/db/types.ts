import type { ColumnType } from 'kysely';
import type { EmployeeRole } from 'shared-api';

/** Row shapes of the tables in migrations/*.sql, for kysely. Columns with a SQL default are optional on insert. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type Role = 'OWNER' | 'EMPLOYEE';

export interface UnitsTable {
  id: string;
  unit_code: string;
  trade_name: string;
  customer_type: string;
  activated: Defaulted<boolean>;
  subscription_type: Optional<string>;
  /** 'YYYY-MM-DD' (date columns are read as text, see database.ts). */
  subscription_valid_until: Optional<string>;
  trade_header: Optional<string>;
  trade_footer: Optional<string>;
  address_line: Optional<string>;
  city: string;
  state: Optional<string>;
  pincode: Optional<string>;
  latitude: Optional<number>;
  longitude: Optional<number>;
  delivery_market: Optional<string>;
  /** Seller preference: approve connection requests without asking. */
  auto_approve: Defaulted<boolean>;
  /** Registration (004): seller preferences. */
  minimum_order_paise: Optional<number>;
  whatsapp_number: Optional<string>;
  payment_qr: Optional<Uint8Array>;
  payment_qr_mime: Optional<string>;
  created_at: Timestamp;
}

export interface WarehousesTable {
  id: string;
  unit_id: string;
  display_name: string;
  city: string;
  latitude: Optional<number>;
  longitude: Optional<number>;
  profile_image: Optional<string>;
  /** Registration (004). */
  address_line: Optional<string>;
  pincode: Optional<string>;
  created_at: Timestamp;
  /** Issue 16 (024): closed until this day inclusive ('YYYY-MM-DD'), with a note for buyers. */
  closed_until: Optional<string>;
  closed_note: Optional<string>;
}

export interface UsersTable {
  id: string;
  unit_id: string;
  role: Role;
  first_name: string;
  last_name: Defaulted<string>;
  mobile: string;
  email: Optional<string>;
  active_warehouse_id: Optional<string>;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** Deliveries (021): may be assigned as the unit's delivery boy. */
  delivery_staff: Defaulted<boolean>;
  /** Employee roles (033): what an employee may do (shared-api roles.ts); null for the owner. */
  employee_role: Optional<EmployeeRole>;
}

export interface OtpCodesTable {
  id: string;
  mobile: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Defaulted<number>;
  consumed_at: NullableTimestamp;
  dead_at: NullableTimestamp;
  ip: string;
  created_at: Timestamp;
}

/** Migration 009: OTP answers that revealed whether a number is registered, per client address. */
export interface OtpRefusalsTable {
  ip: string;
  created_at: Timestamp;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  device_id: Optional<string>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: string;
  unit_id: string;
  user_id: Optional<string>;
  type: string;
  title: string;
  body: string;
  read_at: NullableTimestamp;
  created_at: Timestamp;
  /** 024: the screen it opens (route path without /app), and when the push dispatcher claimed it. */
  link: Optional<string>;
  pushed_at: NullableTimestamp;
}

export interface CartsTable {
  id: string;
  buyer_unit_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Marketplace (006): when the cart last became orders. */
  submitted_at: NullableTimestamp;
  /** 024: when this cart state got its CART reminder. */
  reminded_at: NullableTimestamp;
}

export interface CartEntriesTable {
  id: string;
  cart_id: string;
  seller_unit_id: string;
  manufacturer: string;
  product_name: string;
  quantity: number;
  free_quantity: Defaulted<number>;
  ptr_paise: number;
  mrp_paise: number;
  created_at: Timestamp;
  /** Marketplace (006): the product the entry is for and its pack as shown when added. */
  product_id: Optional<string>;
  pack: Defaulted<string>;
  /** Clearance (026): only batches expiring on or after this day; or that offer's batch at the offer PTR. */
  min_expiry_date: Optional<string>;
  clearance_offer_id: Optional<string>;
}

export interface PushTokensTable {
  id: string;
  user_id: string;
  token: string;
  channel: string;
  os_type: string;
  device_id: string;
  model: string;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

// ---- 002: product master, GST by HSN, batch-wise stock with its ledger, trade connections ----

export interface HsnGstRatesTable {
  hsn: string;
  /** 'YYYY-MM-DD' */
  effective_from: string;
  /** basis points: 500 = 5 % */
  rate_bp: number;
  /** 'YYYY-MM-DD', the last day in force; null: still in force (migration 034) */
  effective_to: Optional<string>;
  /** the notification (and serial number) the row comes from */
  source: Optional<string>;
}

export interface ProductsTable {
  id: string;
  name: string;
  manufacturer: string;
  composition: Optional<string>;
  pack: Defaulted<string>;
  hsn: Optional<string>;
  match_key: string;
  created_at: Timestamp;
  /** kept by triggers (migration 034): the HSN has a GST rate on record; a product without one is not offered for sale */
  gst_rated: Defaulted<boolean>;
  /** Merged into this product (migration 052, catalogue/merge.ts): kept for the documents naming it, never offered. */
  merged_into: Optional<string>;
}

/** Migration 052: the names a survivor of a merge was known by (search finds it by them). */
export interface ProductAliasesTable {
  id: string;
  product_id: string;
  name: string;
  pack: string;
  manufacturer: string;
  merged_from: string;
  merged_by: Optional<string>;
  created_at: Timestamp;
}

export interface DB {
  product_aliases: ProductAliasesTable;
}

export interface InventoryBatchesTable {
  id: string;
  unit_id: string;
  warehouse_id: string;
  product_id: string;
  batch_no: string;
  /** 'YYYY-MM-DD' */
  expiry_date: string;
  mrp_paise: number;
  ptr_paise: number;
  pts_paise: Optional<number>;
  quantity: Defaulted<number>;
  reserved: Defaulted<number>;
  scheme_buy: Optional<number>;
  scheme_free: Optional<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 042: cost of one unit the batch holds beyond what its movements explain, fixed at creation (PTS, else PTR). */
  opening_cost_paise: Defaulted<number>;
  /** Migration 047: the active recall the batch falls under (set by a trigger on insert, by raising and lifting). No sale path takes a batch with one. */
  recall_id: Optional<string>;
}

/** OUTWARD (migration 022): stock that left by hand, explained by its outward_entries row. */
export type StockMovementKind = 'UPLOAD' | 'MANUAL_ADD' | 'ADJUSTMENT' | 'SALE' | 'RETURN' | 'ORDER' | 'PURCHASE' | 'PURCHASE_RETURN' | 'OUTWARD' | 'RECALL';

export interface StockMovementsTable {
  id: string;
  batch_id: string;
  unit_id: string;
  kind: StockMovementKind;
  quantity_delta: number;
  reference: Optional<string>;
  note: Optional<string>;
  created_by: Optional<string>;
  created_at: Timestamp;
  /** Migration 016: cost of one unit of an inbound movement, fixed when written (042: never null on an inbound one;
   * left out, the batch's PTS, else PTR, at that moment). Null on outbound movements. */
  unit_cost_paise: Optional<number>;
}

export type ConnectionStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'DISCONNECTED';

export interface ConnectionsTable {
  id: string;
  buyer_unit_id: string;
  seller_unit_id: string;
  status: ConnectionStatus;
  has_access: Defaulted<boolean>;
  requested_at: Timestamp;
  decided_at: NullableTimestamp;
}

// ---- Registration and verification (migration 004) ----

export type RegistrationStatus = 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'REJECTED';

export interface RegistrationsTable {
  id: string;
  mobile: string;
  token_hash: string;
  status: RegistrationStatus;
  step: Defaulted<number>;
  customer_type: Optional<string>;
  first_name: Optional<string>;
  last_name: Optional<string>;
  email: Optional<string>;
  pincode: Optional<string>;
  address_line: Optional<string>;
  landmark: Optional<string>;
  city: Optional<string>;
  district: Optional<string>;
  state: Optional<string>;
  latitude: Optional<number>;
  longitude: Optional<number>;
  trade_name: Optional<string>;
  certificate_trade_name: Optional<string>;
  gstin: Optional<string>;
  pan: Optional<string>;
  drug_licence_1: Optional<string>;
  drug_licence_2: Optional<string>;
  food_licence: Optional<string>;
  aadhaar: Optional<string>;
  /** 'YYYY-MM-DD' */
  date_of_birth: Optional<string>;
  driving_licence: Optional<string>;
  vehicle_number: Optional<string>;
  vehicle_type: Optional<string>;
  terms_accepted_at: NullableTimestamp;
  consent_accepted_at: NullableTimestamp;
  submitted_at: NullableTimestamp;
  unit_id: Optional<string>;
  user_id: Optional<string>;
  decided_by: Optional<string>;
  decided_at: NullableTimestamp;
  rejection_reason: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RegistrationDocumentsTable {
  id: string;
  registration_id: string;
  kind: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  content: Uint8Array;
  created_at: Timestamp;
}

export interface StaffMembersTable {
  user_id: string;
  created_at: Timestamp;
}

export interface ReferralCreditsTable {
  id: string;
  unit_id: string;
  deliveries: number;
  reason: string;
  created_at: Timestamp;
}

export interface PayoutAccountsTable {
  id: string;
  unit_id: string;
  kind: 'BANK' | 'UPI';
  account_name: string;
  account_number: Optional<string>;
  ifsc: Optional<string>;
  vpa: Optional<string>;
  /** 018: the UPI account on the unit's QR codes (one per unit) */
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

// ---- Marketplace (006_marketplace.sql), caches' change log (007_change_log.sql) ----

export interface ChangeLogTable {
  /** xid8 of the writing transaction, read as text */
  xid: Defaulted<string>;
  topic: string;
  key: string | null;
  /** The unit the change belongs to, where the topic names one ('stock': the seller; migration 036). */
  unit_id: string | null;
  changed_at: Defaulted<Date>;
}

export interface SearchHistoryTable {
  user_id: string;
  query: string;
  searched_at: Timestamp;
}

export type OrderStatus = 'PLACED' | 'ACCEPTED' | 'REJECTED';

export interface OrdersTable {
  id: string;
  order_number: string;
  buyer_unit_id: string;
  seller_unit_id: string;
  placed_by: Optional<string>;
  status: OrderStatus;
  order_date: string;
  item_count: number;
  taxable_paise: number;
  gst_paise: number;
  total_paise: number;
  reject_reason: Optional<string>;
  decided_by: Optional<string>;
  decided_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  product_id: string;
  product_name: string;
  manufacturer: string;
  pack: string;
  hsn: string | null;
  quantity: number;
  free_quantity: number;
  ptr_paise: number;
  mrp_paise: number;
  gst_rate_bp: number;
  taxable_paise: number;
  gst_paise: number;
  total_paise: number;
  position: number;
  /** Clearance (026): what acceptance must keep honouring (the buyer's minimum expiry; the offer's batch only). */
  min_expiry_date: Optional<string>;
  clearance_offer_id: Optional<string>;
}

/** Migration 026: a seller's near-expiry offer of one batch. */
export interface ClearanceOffersTable {
  id: string;
  seller_unit_id: string;
  batch_id: string;
  offer_ptr_paise: number;
  ends_on: string;
  nearby_buyers: Defaulted<boolean>;
  created_by: string;
  created_at: Timestamp;
  ended_at: NullableTimestamp;
}

export interface OrderAllocationsTable {
  id: string;
  order_line_id: string;
  batch_id: string;
  quantity: number;
  status: 'RESERVED' | 'ACCEPTED' | 'RELEASED';
  created_at: Timestamp;
}

// ——— Inventory (issue 3, 003_inventory.sql) ———

export interface InventoryImportsTable {
  id: string;
  unit_id: string;
  warehouse_id: string;
  file_name: string;
  /** sha256 hex of the file: the same file into the same warehouse is imported once */
  file_hash: string;
  file_type: string;
  mode: 'REPLACE' | 'ADD';
  /** free quantities counted as stock (008_import_free_goods.sql) */
  count_free: Defaulted<boolean>;
  rows_imported: number;
  rows_rejected: number;
  created_by: Optional<string>;
  created_at: Timestamp;
}

// ---- Accounting core (010_ledger.sql) ----

export interface LedgerAccountsTable {
  id: string;
  unit_id: string;
  code: string;
  name: string;
  group_code: string;
  party_unit_id: Optional<string>;
  system: boolean;
  created_at: Timestamp;
}

export interface VouchersTable {
  id: string;
  unit_id: string;
  kind: string;
  /** 'YYYY-MM-DD' */
  voucher_date: string;
  document_type: string;
  document_id: Optional<string>;
  document_number: Optional<string>;
  narration: Defaulted<string>;
  reverses_id: Optional<string>;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface VoucherLinesTable {
  voucher_id: string;
  position: number;
  unit_id: string;
  account_id: string;
  debit_paise: number;
  credit_paise: number;
  /** Migration 017: the voucher's date, copied (see the migration). */
  voucher_date: string;
  /** Migration 037: the document a party line settles (bill-wise), when not the voucher's own. */
  document_id: Optional<string>;
  document_number: Optional<string>;
}

/** Migration 015: a closed financial year of a unit (no voucher may be dated in it). */
export interface FinancialYearClosuresTable {
  unit_id: string;
  /** '2025-26' */
  financial_year: string;
  closed_at: Timestamp;
  closed_by: Optional<string>;
  net_profit_paise: number;
}

export interface DocumentCountersTable {
  unit_id: string;
  series: string;
  financial_year: string;
  last_serial: number;
}

export interface SalesInvoicesTable {
  id: string;
  unit_id: string;
  series: string;
  financial_year: string;
  serial: number;
  invoice_number: string;
  /** 'YYYY-MM-DD' */
  invoice_date: string;
  order_id: Optional<string>;
  buyer_unit_id: Optional<string>;
  recipient_name: string;
  recipient_gstin: Optional<string>;
  /** shared-api DocumentParty (jsonb) */
  supplier: ColumnType<unknown, string, string>;
  recipient: ColumnType<unknown, string, string>;
  place_of_supply: string;
  supply_kind: 'INTRA' | 'INTER';
  reverse_charge: Defaulted<boolean>;
  item_count: number;
  gross_paise: number;
  discount_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  round_off_paise: number;
  total_paise: number;
  amount_in_words: string;
  voucher_id: string;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface SalesInvoiceLinesTable {
  invoice_id: string;
  position: number;
  product_id: Optional<string>;
  batch_id: Optional<string>;
  order_line_id: Optional<string>;
  product_name: string;
  manufacturer: string;
  pack: string;
  hsn: string;
  batch_no: string;
  /** 'YYYY-MM-DD' */
  expiry_date: string;
  mrp_paise: number;
  rate_paise: number;
  quantity: number;
  free_quantity: number;
  discount_bp: number;
  discount_paise: number;
  gross_paise: number;
  taxable_paise: number;
  gst_rate_bp: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}

/** 012_sales_returns.sql: credit notes against sales invoices, and the non-saleable store. */
export type ReturnReason = 'DAMAGED' | 'EXPIRED' | 'WRONG_ITEM' | 'OTHER';

export interface CreditNotesTable {
  id: string;
  unit_id: string;
  series: string;
  financial_year: string;
  serial: number;
  credit_note_number: string;
  /** 'YYYY-MM-DD' */
  credit_note_date: string;
  invoice_id: string;
  buyer_unit_id: Optional<string>;
  recipient_name: string;
  recipient_gstin: Optional<string>;
  /** shared-api DocumentParty (jsonb) */
  supplier: ColumnType<unknown, string, string>;
  recipient: ColumnType<unknown, string, string>;
  place_of_supply: string;
  supply_kind: 'INTRA' | 'INTER';
  item_count: number;
  gross_paise: number;
  discount_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  round_off_paise: number;
  total_paise: number;
  amount_in_words: string;
  note: Optional<string>;
  voucher_id: Optional<string>;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface CreditNoteLinesTable {
  credit_note_id: string;
  position: number;
  invoice_id: string;
  invoice_position: number;
  product_id: Optional<string>;
  batch_id: Optional<string>;
  product_name: string;
  manufacturer: string;
  pack: string;
  hsn: string;
  batch_no: string;
  /** 'YYYY-MM-DD' */
  expiry_date: string;
  mrp_paise: number;
  rate_paise: number;
  invoice_rate_paise: number;
  credit_percent_bp: number;
  quantity: number;
  free_quantity: number;
  discount_bp: number;
  discount_paise: number;
  gross_paise: number;
  taxable_paise: number;
  gst_rate_bp: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  reason: ReturnReason;
  destination: 'SALEABLE' | 'NON_SALEABLE';
}

export interface NonSaleableStockMovementsTable {
  id: string;
  unit_id: string;
  warehouse_id: Optional<string>;
  product_id: Optional<string>;
  batch_id: Optional<string>;
  product_name: string;
  batch_no: string;
  /** 'YYYY-MM-DD' */
  expiry_date: string;
  mrp_paise: number;
  quantity_delta: number;
  reason: ReturnReason | 'RECALL';
  source_type: string;
  source_id: Optional<string>;
  created_by: Optional<string>;
  created_at: Timestamp;
  /** Migration 047: the recall that quarantined (or moved on) these units; set exactly when reason is RECALL. */
  recall_id: Optional<string>;
}

/** View: the store's balance per batch (movements summed). */
export interface NonSaleableStockView {
  unit_id: string;
  warehouse_id: string | null;
  product_id: string | null;
  product_name: string;
  batch_no: string;
  expiry_date: string;
  mrp_paise: number;
  quantity: number;
}

// ---- UPI payments (018_payments.sql) ----

export interface PaymentRequestsTable {
  id: string;
  reference: string;
  kind: 'INVOICES' | 'AMOUNT' | 'MEMO' | 'PAYOUT';
  unit_id: string;
  payee_unit_id: string | null;
  payer_unit_id: string | null;
  party_account_id: string | null;
  payee_name: string;
  payee_vpa: string;
  payee_mobile: string | null;
  payer_name: string;
  payer_mobile: string | null;
  amount_paise: number;
  note: string | null;
  memo_kind: 'DELIVERY_MEMO' | 'CREDIT_MEMO' | null;
  memo_number: string | null;
  memo_date: string | null;
  image: Buffer | null;
  image_mime: string | null;
  status: 'OPEN' | 'PARTLY_PAID' | 'PAID' | 'CANCELLED';
  created_by: string | null;
  created_at: Timestamp;
}

export interface PaymentRequestInvoicesTable {
  request_id: string;
  invoice_id: string;
  amount_paise: number;
}

export interface PaymentsTable {
  id: string;
  payee_unit_id: string | null;
  payer_unit_id: string | null;
  payee_name: string;
  payer_name: string;
  method: 'UPI' | 'CASH' | 'CHEQUE' | 'BANK_TRANSFER';
  utr: string | null;
  cheque_number: string | null;
  provider: 'MANUAL' | 'GATEWAY' | 'STATEMENT';
  provider_payment_id: string | null;
  payer_vpa: string | null;
  amount_paise: number;
  paid_on: string;
  request_id: string | null;
  status: 'APPLIED' | 'UNMATCHED' | 'CLAIMED' | 'REJECTED';
  unmatched_reason: 'NO_REFERENCE' | 'UNKNOWN_REFERENCE' | 'AMOUNT_MISMATCH' | 'REQUEST_CLOSED' | 'STATEMENT' | null;
  note: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

/** Migration 054: a payer's record of a payment to a platform unit, waiting for the payee (issue 39). */
export interface PaymentClaimsTable {
  payment_id: string;
  payer_head_id: string;
  decided_how: 'PAYEE' | 'GATEWAY' | 'STATEMENT' | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  reject_reason: string | null;
}

export interface PaymentClaimLinesTable {
  payment_id: string;
  position: number;
  target: 'PURCHASE_BILL' | 'OPENING_BILL' | 'ON_ACCOUNT';
  document_id: string | null;
  document_number: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  amount_paise: number;
}

export interface PaymentAllocationsTable {
  payment_id: string;
  unit_id: string;
  position: number;
  target: 'SALES_INVOICE' | 'PURCHASE_BILL' | 'OPENING_BILL' | 'ON_ACCOUNT';
  document_id: string | null;
  document_number: string | null;
  document_date: string | null;
  due_paise: number | null;
  amount_paise: number;
  voucher_id: string;
  voucher_number: string;
}

export interface GatewayEventsTable {
  provider: string;
  event_id: string;
  provider_payment_id: string;
  type: string;
  occurred_at: Timestamp;
  outcome: 'APPLIED' | 'QUEUED' | 'DUPLICATE' | 'IGNORED';
  payment_id: string | null;
  body: ColumnType<unknown, string, string>;
  received_at: Timestamp;
}

export interface BankStatementLinesTable {
  id: string;
  unit_id: string;
  file_name: string;
  line_date: string;
  narration: string;
  utr: string | null;
  amount_paise: number;
  outcome: 'MATCHED' | 'QUEUED' | 'UNMATCHED' | 'SKIPPED';
  payment_id: string | null;
  contra_voucher_id: string | null;
  imported_at: Timestamp;
}

/** A statement file imported, by its bytes' SHA-256 (035): the same file is imported once per unit. */
export interface BankStatementImportsTable {
  unit_id: string;
  content_sha256: string;
  file_name: string;
  line_count: number;
  imported_by: string | null;
  imported_at: Timestamp;
}

// Deliveries and pickups (021).

export interface DeliveryMarketsTable {
  id: string;
  name: string;
  city: string;
  state: string;
  pincode_prefixes: string[];
}

export type ConsignmentStatusColumn = 'BOOKED' | 'ASSIGNED' | 'COLLECTED' | 'IN_TRANSIT' | 'DELIVERED' | 'FAILED' | 'RETURNED' | 'CANCELLED';

export interface ConsignmentsTable {
  id: string;
  barcode_id: string;
  kind: 'ONLINE' | 'OFFLINE';
  direction: 'SEND' | 'COLLECT' | null;
  owner_unit_id: string;
  receiver_unit_id: string | null;
  order_id: string | null;
  /** Null only for a TRANSPORT outside any shared market (migration 055). */
  market_id: string | null;
  /** 'YYYY-MM-DD' */
  pickup_date: string;
  packages: number;
  weight_grams: number;
  notes: string | null;
  from_unit_id: string | null;
  from_unit_code: string | null;
  from_name: string;
  from_mobile: string | null;
  from_address_line: string | null;
  from_landmark: string | null;
  from_city: string | null;
  from_pincode: string | null;
  from_latitude: number | null;
  from_longitude: number | null;
  to_unit_id: string | null;
  to_unit_code: string | null;
  to_name: string;
  to_mobile: string | null;
  to_address_line: string | null;
  to_landmark: string | null;
  to_city: string | null;
  to_pincode: string | null;
  to_latitude: number | null;
  to_longitude: number | null;
  distance_km: number | null;
  status: ConsignmentStatusColumn;
  assignee_user_id: string | null;
  vehicle_number: string | null;
  attempts: Defaulted<number>;
  free_delivery: Defaulted<boolean>;
  pin: string | null;
  pin_expires_at: NullableTimestamp;
  pin_tries: Defaulted<number>;
  last_latitude: number | null;
  last_longitude: number | null;
  last_position_at: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 023: what the overview's search matches, kept by a trigger (never written by the application). */
  search_text: Defaulted<string>;
  /** Migration 044: an offline pickup's declared goods (all null for ONLINE and for offline pickups without goods). */
  goods_document_type: Optional<'INV' | 'CHL' | 'BIL'>;
  goods_document_number: Optional<string>;
  /** 'YYYY-MM-DD' */
  goods_document_date: Optional<string>;
  goods_value_paise: Optional<number>;
  goods_hsn: Optional<string>;
  goods_party_gstin: Optional<string>;
  /** Migration 055 (issue 39): a delivery boy, or the seller's own transport / a courier under a docket. */
  carrier: Defaulted<'DELIVERY_BOY' | 'TRANSPORT'>;
  transporter_name: Optional<string>;
  /** The transporter's GSTIN or TRANSIN (an e-way bill's Part B). */
  transporter_id: Optional<string>;
  docket_number: Optional<string>;
  /** 'YYYY-MM-DD' */
  docket_date: Optional<string>;
  freight_paise: Optional<number>;
}

export interface ConsignmentEventsTable {
  id: string;
  consignment_id: string;
  status: ConsignmentStatusColumn;
  reason: string | null;
  by_user_id: string | null;
  by_name: string;
  at: Timestamp;
}

export interface ConsignmentImagesTable {
  id: string;
  consignment_id: string;
  kind: 'PARCEL' | 'SIGNATURE' | 'POD';
  mime_type: string;
  size_bytes: number;
  content: Uint8Array;
  uploaded_by: string | null;
  uploaded_by_name: string;
  created_at: Timestamp;
}

/** Migration 022: why, to whom and when a manual OUTWARD movement took stock out. */
export interface OutwardEntriesTable {
  movement_id: string;
  unit_id: string;
  reason: 'SAMPLE' | 'SUPPLIER_RETURN' | 'TRANSFER' | 'DAMAGED' | 'OTHER';
  party_name: string | null;
  document_number: string | null;
  note: string | null;
  /** 'YYYY-MM-DD' */
  entry_date: string;
}

export interface DB {
  outward_entries: OutwardEntriesTable;
  delivery_markets: DeliveryMarketsTable;
  consignments: ConsignmentsTable;
  consignment_events: ConsignmentEventsTable;
  consignment_images: ConsignmentImagesTable;
  provider_invoices: ProviderInvoicesTable;
  provider_invoice_counters: ProviderInvoiceCountersTable;
  payment_requests: PaymentRequestsTable;
  payment_request_invoices: PaymentRequestInvoicesTable;
  payments: PaymentsTable;
  payment_allocations: PaymentAllocationsTable;
  gateway_events: GatewayEventsTable;
  bank_statement_lines: BankStatementLinesTable;
  bank_statement_imports: BankStatementImportsTable;
  counter_settings: CounterSettingsTable;
  books_settings: BooksSettingsTable;
  e_invoices: EInvoicesTable;
  counter_sales: CounterSalesTable;
  quotations: QuotationsTable;
  quotation_lines: QuotationLinesTable;
  credit_notes: CreditNotesTable;
  credit_note_lines: CreditNoteLinesTable;
  non_saleable_stock_movements: NonSaleableStockMovementsTable;
  non_saleable_stock: NonSaleableStockView;
  ledger_accounts: LedgerAccountsTable;
  vouchers: VouchersTable;
  voucher_lines: VoucherLinesTable;
  financial_year_closures: FinancialYearClosuresTable;
  document_counters: DocumentCountersTable;
  sales_invoices: SalesInvoicesTable;
  sales_invoice_lines: SalesInvoiceLinesTable;
  purchase_bills: PurchaseBillsTable;
  purchase_bill_lines: PurchaseBillLinesTable;
  debit_notes: DebitNotesTable;
  debit_note_lines: DebitNoteLinesTable;
  supplier_orders: SupplierOrdersTable;
  supplier_order_lines: SupplierOrderLinesTable;
  inventory_imports: InventoryImportsTable;
  change_log: ChangeLogTable;
  search_history: SearchHistoryTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_allocations: OrderAllocationsTable;
  clearance_offers: ClearanceOffersTable;
  registrations: RegistrationsTable;
  registration_documents: RegistrationDocumentsTable;
  staff_members: StaffMembersTable;
  referral_credits: ReferralCreditsTable;
  payout_accounts: PayoutAccountsTable;
  units: UnitsTable;
  warehouses: WarehousesTable;
  users: UsersTable;
  otp_codes: OtpCodesTable;
  otp_refusals: OtpRefusalsTable;
  refresh_tokens: RefreshTokensTable;
  notifications: NotificationsTable;
  carts: CartsTable;
  cart_entries: CartEntriesTable;
  push_tokens: PushTokensTable;
  hsn_gst_rates: HsnGstRatesTable;
  products: ProductsTable;
  inventory_batches: InventoryBatchesTable;
  stock_movements: StockMovementsTable;
  connections: ConnectionsTable;
  schema_migrations: SchemaMigrationsTable;
}

/** Migration 013: purchase bills (platform and manual) and their lines. */
export interface PurchaseBillsTable {
  id: string;
  unit_id: string;
  source: 'PLATFORM' | 'MANUAL';
  sales_invoice_id: Optional<string>;
  supplier_unit_id: Optional<string>;
  creditor_account_id: Optional<string>;
  /** shared-api DocumentParty (jsonb) */
  supplier: ColumnType<unknown, string, string>;
  supplier_name: string;
  supplier_gstin: Optional<string>;
  bill_number: string;
  /** 'YYYY-MM-DD' */
  bill_date: string;
  supply_kind: 'INTRA' | 'INTER';
  item_count: number;
  gross_paise: number;
  discount_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  round_off_paise: number;
  total_paise: number;
  status: 'PENDING' | 'RECEIVED';
  warehouse_id: Optional<string>;
  voucher_id: Optional<string>;
  receipt_note: Optional<string>;
  received_by: Optional<string>;
  received_at: NullableTimestamp;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface PurchaseBillLinesTable extends Omit<SalesInvoiceLinesTable, 'invoice_id' | 'product_id' | 'batch_id' | 'order_line_id'> {
  bill_id: string;
  product_id: string;
  received_quantity: Optional<number>;
  sale_price_paise: Optional<number>;
  batch_id: Optional<string>;
}

/** Migration 037: how the unit's entries may be dated. */
export interface BooksSettingsTable {
  unit_id: string;
  allow_forward_dating: Defaulted<boolean>;
  /** Migration 043: the unit's B2B documents are reported to the IRP. */
  e_invoicing: Defaulted<boolean>;
  /** Migration 057: what stock arriving without a cost is valued at (issue 39 item 5). */
  stock_cost_basis: Defaulted<'PTS' | 'PTR' | 'PTR_LESS_MARGIN'>;
  stock_cost_margin_bp: Defaulted<number>;
  updated_at: Timestamp;
}

/** Migration 043: a document's registration on the Invoice Registration Portal. */
export interface EInvoicesTable {
  id: string;
  unit_id: string;
  document_type: 'INV' | 'CRN' | 'DBN';
  document_id: string;
  document_number: string;
  /** 'YYYY-MM-DD' */
  document_date: string;
  party_name: string;
  party_gstin: string;
  total_paise: number;
  status: Defaulted<'PENDING' | 'REGISTERED' | 'REFUSED' | 'CANCELLED'>;
  irn: Optional<string>;
  ack_no: Optional<string>;
  ack_date: NullableTimestamp;
  signed_qr: Optional<string>;
  signed_invoice: Optional<string>;
  refusal_code: Optional<string>;
  refusal_message: Optional<string>;
  attempts: Defaulted<number>;
  last_attempt_at: NullableTimestamp;
  next_attempt_at: NullableTimestamp;
  sending_until: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  cancel_reason_code: Optional<'1' | '2' | '3' | '4'>;
  cancel_remark: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 011: in-store (counter) sales and quotations. */
export interface CounterSettingsTable {
  unit_id: string;
  near_expiry_days: Defaulted<number>;
  near_expiry_policy: Defaulted<'WARN' | 'REFUSE'>;
  updated_at: Timestamp;
}

export interface CounterSalesTable {
  invoice_id: string;
  unit_id: string;
  payment_mode: 'CASH' | 'UPI' | 'CREDIT';
  settled_by: Optional<'CASH' | 'UPI'>;
  receipt_voucher_id: Optional<string>;
  receipt_number: Optional<string>;
  paid_at: NullableTimestamp;
  walk_in_mobile: Optional<string>;
  quotation_id: Optional<string>;
  warehouse_id: string;
  created_at: Timestamp;
}

export interface QuotationsTable extends Omit<SalesInvoicesTable, 'invoice_number' | 'invoice_date' | 'order_id' | 'recipient_gstin' | 'reverse_charge' | 'item_count' | 'voucher_id'> {
  quotation_number: string;
  /** 'YYYY-MM-DD' */
  quotation_date: string;
  valid_until: string;
  walk_in_mobile: Optional<string>;
}

export interface QuotationLinesTable extends Omit<SalesInvoiceLinesTable, 'invoice_id' | 'product_id' | 'batch_id' | 'order_line_id' | 'free_quantity'> {
  quotation_id: string;
  product_id: string;
  batch_id: string;
}

export interface DebitNotesTable {
  id: string;
  unit_id: string;
  bill_id: string;
  series: string;
  financial_year: string;
  serial: number;
  note_number: string;
  /** 'YYYY-MM-DD' */
  note_date: string;
  /** shared-api DocumentParty (jsonb) */
  issuer: ColumnType<unknown, string, string>;
  supplier: ColumnType<unknown, string, string>;
  supplier_name: string;
  supply_kind: 'INTRA' | 'INTER';
  reason: string;
  item_count: number;
  gross_paise: number;
  discount_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  round_off_paise: number;
  total_paise: number;
  amount_in_words: string;
  voucher_id: string;
  /** The seller's credit note this records on the buyer's side (migration 041); null for the buyer's own. */
  credit_note_id: Optional<string>;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface DebitNoteLinesTable extends Omit<PurchaseBillLinesTable, 'bill_id' | 'received_quantity' | 'sale_price_paise'> {
  debit_note_id: string;
  bill_position: number;
}

export interface SupplierOrdersTable {
  id: string;
  unit_id: string;
  series: string;
  financial_year: string;
  serial: number;
  order_number: string;
  /** 'YYYY-MM-DD' */
  order_date: string;
  supplier_name: string;
  supplier_gstin: Optional<string>;
  supplier_phone: Optional<string>;
  notes: Optional<string>;
  item_count: number;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface SupplierOrderLinesTable {
  order_id: string;
  position: number;
  product_id: string;
  product_name: string;
  manufacturer: string;
  pack: string;
  quantity: number;
  free_quantity: number;
  rate_paise: Optional<number>;
}

/** Migration 019: Medico B2B's monthly invoices to units, and its own gap-free series per financial year. */
export interface ProviderInvoiceCountersTable {
  financial_year: string;
  last_serial: number;
}

export interface ProviderInvoicesTable {
  id: string;
  unit_id: string;
  /** 'YYYY-MM' */
  month: string;
  financial_year: string;
  serial: number;
  invoice_number: string;
  /** 'YYYY-MM-DD' */
  invoice_date: string;
  recipient_name: string;
  recipient_gstin: string | null;
  recipient_address: string;
  place_of_supply: string | null;
  supply_kind: 'INTRA' | 'INTER';
  subscription_plan: string;
  plan_paise: number;
  deliveries: number;
  free_deliveries: number;
  billable_deliveries: number;
  per_delivery_paise: number;
  delivery_paise: number;
  taxable_paise: number;
  gst_rate_bp: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  status: 'UNPAID' | 'PAID';
  paid_on: Optional<string>;
  utr: Optional<string>;
  voucher_id: Optional<string>;
  paid_by: Optional<string>;
  paid_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Migration 025: buyers' searches and opens per product per IST day (the dashboard's most-searched products). */
export interface ProductSearchHitsTable {
  /** 'YYYY-MM-DD' */
  day: string;
  product_id: string;
  hits: number;
}

/** Appended rather than edited into DB above: interfaces of one module merge. */
export interface DB {
  product_search_hits: ProductSearchHitsTable;
}

/** Migration 044: e-way bills generated for consignments (issue 34). */
export interface EwayBillsTable {
  id: string;
  consignment_id: string;
  unit_id: string;
  ewb_number: string;
  generated_at: Timestamp;
  status: 'ACTIVE' | 'CANCELLED';
  valid_from: NullableTimestamp;
  valid_until: NullableTimestamp;
  distance_km: number;
  /** shared-api EwayBill['partA'] (jsonb) */
  part_a: ColumnType<unknown, string, string>;
  /** The EwbGeneratePayload sent (jsonb) */
  request: ColumnType<unknown, string, string>;
  vehicle_number: string | null;
  transport_mode: 'ROAD' | 'RAIL' | 'AIR' | 'SHIP' | null;
  part_b_updated_at: NullableTimestamp;
  cancel_reason_code: '1' | '2' | '3' | '4' | null;
  cancel_remark: string | null;
  cancelled_at: NullableTimestamp;
  extensions: Defaulted<number>;
  expiry_warned_for: NullableTimestamp;
  created_by: string | null;
}

/** Migration 046: a cancelled document (issue 34), one row per document, written with what undoes it. */
export interface DocumentCancellationsTable {
  id: string;
  unit_id: string;
  document_type: 'SALES_INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE' | 'PURCHASE_BILL';
  document_id: string;
  document_number: string;
  reason_code: '1' | '2' | '3' | '4';
  remark: string;
  follows: Optional<string>;
  reversal_voucher_id: Optional<string>;
  cancelled_by: Optional<string>;
  cancelled_at: Timestamp;
}

export interface DB {
  eway_bills: EwayBillsTable;
  document_cancellations: DocumentCancellationsTable;
}

/** Recalls (migration 047, issue 35). */
export interface RecallDocumentsTable {
  id: string;
  kind: 'LETTER' | 'DESTRUCTION_CERTIFICATE';
  unit_id: string;
  uploaded_by: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  content: Buffer;
  created_at: Timestamp;
}

export interface RecallsTable {
  id: string;
  recall_number: string;
  product_id: string;
  /** 'YYYY-MM-DD' */
  expiry_up_to: Optional<string>;
  reason: 'NSQ' | 'SPURIOUS' | 'MANUFACTURER_RECALL' | 'VOLUNTARY';
  action: 'QUARANTINE' | 'RETURN_TO_SUPPLIER';
  notice_number: Optional<string>;
  /** 'YYYY-MM-DD' */
  notice_date: Optional<string>;
  letter_document_id: Optional<string>;
  note: Optional<string>;
  raised_by_kind: 'STAFF' | 'MANUFACTURER' | 'STOCKIST';
  raised_by_unit_id: string;
  raised_by: string;
  import_id: Optional<string>;
  status: 'ACTIVE' | 'LIFTED';
  raised_at: Timestamp;
  lifted_at: NullableTimestamp;
  lifted_by: Optional<string>;
  lift_reason: Optional<string>;
}

export interface RecallBatchesTable {
  recall_id: string;
  batch_key: string;
  batch_no: string;
}

export interface RecallPartiesTable {
  recall_id: string;
  unit_id: string;
  role: 'HOLDER' | 'BUYER';
  units: number;
  told_at: Timestamp;
  asked_to_return_at: NullableTimestamp;
  asked_by_unit_id: Optional<string>;
}

export interface RecallOrderFlagsTable {
  recall_id: string;
  order_id: string;
  kind: 'RESERVATION_RELEASED' | 'REPLACE_OR_CANCEL';
  batch_no: string;
  units: number;
  created_at: Timestamp;
}

export interface DB {
  recall_documents: RecallDocumentsTable;
  recalls: RecallsTable;
  recall_batches: RecallBatchesTable;
  recall_parties: RecallPartiesTable;
  recall_order_flags: RecallOrderFlagsTable;
}

/** Staff imports of the regulator's recall list (migration 048). */
export interface RecallImportsTable {
  id: string;
  unit_id: string;
  created_by: string;
  file_name: string;
  file_type: 'XLSX' | 'XLS' | 'CSV' | 'PDF' | 'TXT';
  /** what the preview read (recall-imports/service.ts StoredPreview, jsonb) */
  preview: ColumnType<unknown, string, string>;
  status: 'PREVIEW' | 'IMPORTING' | 'IMPORTED';
  created_at: Timestamp;
  confirmed_by: Optional<string>;
  confirmed_at: NullableTimestamp;
  /** shared-api RecallImportResult (jsonb) */
  result: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface DB {
  recall_imports: RecallImportsTable;
}

/** Move-in (migration 053, issue 36). */
export interface MoveInsTable {
  unit_id: string;
  opening_date: string;
  difference_paise: Optional<number | string>;
  difference_voucher_id: Optional<string>;
  difference_confirmed_at: NullableTimestamp;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface MoveInImportsTable {
  id: string;
  unit_id: string;
  kind: 'PARTIES' | 'ITEMS' | 'BILLS' | 'TRIAL_BALANCE';
  source: 'MARG' | 'BUSY' | 'TALLY' | 'SHEET';
  file_name: string;
  file_type: string;
  file_hash: string;
  status: 'PREVIEW' | 'IMPORTED';
  /** shared-api MoveInImport without its result (jsonb) */
  preview: ColumnType<unknown, string, string>;
  /** every valid row, for the import (jsonb) */
  rows: ColumnType<unknown, string, string>;
  /** shared-api MoveInImportResult (jsonb) */
  result: ColumnType<unknown, string | null | undefined, string | null>;
  created_by: Optional<string>;
  created_at: Timestamp;
  imported_at: NullableTimestamp;
}

export interface BookPartiesTable {
  id: string;
  unit_id: string;
  role: 'CUSTOMER' | 'SUPPLIER';
  code: Optional<string>;
  name: string;
  name_key: string;
  gstin: Optional<string>;
  pan: Optional<string>;
  drug_licences: Defaulted<string[]>;
  address: Optional<string>;
  state_code: Optional<string>;
  pincode: Optional<string>;
  phone: Optional<string>;
  credit_limit_paise: Optional<number | string>;
  credit_days: Optional<number>;
  file_balance_paise: Optional<number | string>;
  account_id: string;
  /** false while only a bills file named it (migration 053) */
  listed: Defaulted<boolean>;
  linked_unit_id: Optional<string>;
  invited_at: NullableTimestamp;
  import_id: Optional<string>;
  created_at: Timestamp;
}

export interface OpeningBillsTable {
  id: string;
  unit_id: string;
  side: 'RECEIVABLE' | 'PAYABLE';
  party_id: string;
  bill_number: string;
  bill_key: string;
  bill_date: string;
  due_date: Optional<string>;
  bill_amount_paise: Optional<number | string>;
  pending_paise: number | string;
  voucher_id: string;
  import_id: string;
  created_at: Timestamp;
}

export interface OpeningBalancesTable {
  id: string;
  unit_id: string;
  head_name: string;
  group_code: Optional<string>;
  treatment: 'POST' | 'PARTIES_FILE' | 'STOCK_UPLOAD' | 'PROFIT_AND_LOSS';
  balance_paise: number | string;
  account_id: Optional<string>;
  voucher_id: Optional<string>;
  import_id: string;
  created_at: Timestamp;
}

export interface DB {
  move_ins: MoveInsTable;
  move_in_imports: MoveInImportsTable;
  book_parties: BookPartiesTable;
  opening_bills: OpeningBillsTable;
  opening_balances: OpeningBalancesTable;
}

// ---- one catalogue (issue 36, migration 051) ----

/** Reference data: a manufacturer's spellings (normalised) → its one key (catalogue/normalise.ts). */
export interface ManufacturerAliasesTable {
  alias_key: string;
  canonical_key: string;
  source: string;
}

/** A seller's item master and remembered mappings: its item (code or normalised key) is this product. */
export interface SellerItemsTable {
  id: string;
  unit_id: string;
  item_key: string;
  item_code: Optional<string>;
  product_id: string;
  name: string;
  pack: Defaulted<string>;
  manufacturer: Defaulted<string>;
  hsn: Optional<string>;
  gst_bp: Optional<number>;
  mrp_paise: Optional<number>;
  ptr_paise: Optional<number>;
  pts_paise: Optional<number>;
  scheme_buy: Optional<number>;
  scheme_free: Optional<number>;
  barcode: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB {
  manufacturer_aliases: ManufacturerAliasesTable;
  seller_items: SellerItemsTable;
  payment_claims: PaymentClaimsTable;
  payment_claim_lines: PaymentClaimLinesTable;
}

// ---- credit terms (issue 39, migration 056) ----

export interface CreditTermsTable {
  seller_unit_id: string;
  buyer_unit_id: string;
  credit_days: Optional<number>;
  credit_limit_paise: Optional<number | string>;
  block_new_orders: Defaulted<boolean>;
  updated_by: Optional<string>;
  updated_at: Timestamp;
}

/** Migration 056 adds these to the invoice (declaration merging keeps the table above as it was). */
export interface SalesInvoicesTable {
  /** The buyer's credit days at issue; null: due on receipt. */
  credit_days: Optional<number>;
  /** 'YYYY-MM-DD'; null on invoices issued before migration 056 (due on their date). */
  due_date: Optional<string>;
}

export interface DB {
  credit_terms: CreditTermsTable;
}
