import type { Database } from '../../db/database';

export function findAccount(db: Database, userId: string, unitId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('units as un', 'un.id', 'u.unit_id')
    .select([
      'u.id',
      'u.role',
      'u.first_name',
      'u.last_name',
      'u.mobile',
      'u.email',
      'u.delivery_staff',
      'u.employee_role',
      'un.customer_type',
      'un.unit_code',
      'un.trade_name',
      'un.delivery_market',
      'un.activated',
      'un.trade_header',
      'un.trade_footer',
      'un.latitude',
      'un.longitude',
      'un.subscription_type',
      'un.subscription_valid_until',
    ])
    .where('u.id', '=', userId)
    .where('u.unit_id', '=', unitId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

export function listWarehouses(db: Database, unitId: string) {
  return db
    .selectFrom('warehouses')
    .selectAll()
    .where('unit_id', '=', unitId)
    .orderBy('created_at')
    .orderBy('display_name')
    .execute();
}

export async function activeWarehouseId(db: Database, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('active_warehouse_id').where('id', '=', userId).executeTakeFirst();
  return row?.active_warehouse_id ?? null;
}

/** Sets the active warehouse only when it belongs to the caller's unit; false otherwise. */
export async function setActiveWarehouse(db: Database, userId: string, unitId: string, warehouseId: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ active_warehouse_id: warehouseId })
    .where('id', '=', userId)
    .where('unit_id', '=', unitId)
    .where((eb) =>
      eb.exists(eb.selectFrom('warehouses').select('id').where('id', '=', warehouseId).where('unit_id', '=', unitId)),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
