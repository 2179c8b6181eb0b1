import type { ColumnType } from 'kysely';

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
  created_at: Timestamp;
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
}

export interface CartsTable {
  id: string;
  buyer_unit_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
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
}

export type StockMovementKind = 'UPLOAD' | 'MANUAL_ADD' | 'ADJUSTMENT' | 'SALE' | 'RETURN' | 'ORDER';

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

export interface DB {
  units: UnitsTable;
  warehouses: WarehousesTable;
  users: UsersTable;
  otp_codes: OtpCodesTable;
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
