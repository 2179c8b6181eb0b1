import type { MyAccount, Warehouse } from 'shared-api';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { isUuid } from '../../http/ids';
import { loggedOut, notFound } from '../../http/errors';
import * as repo from './repository';


export class AccountService {
  constructor(private readonly db: Database) {}

  async myAccount(caller: Caller): Promise<MyAccount> {
    const row = await repo.findAccount(this.db, caller.userId, caller.unitId);
    if (!row) throw loggedOut();
    return {
      userId: row.id,
      role: row.role,
      firstName: row.first_name,
      lastName: row.last_name,
      customerType: caller.customerType,
      customerTypeLogo: `/assets/customer-types/${caller.customerType.toLowerCase()}.svg`,
      unitCode: row.unit_code,
      tradeName: row.trade_name,
      mobileNumber: row.mobile,
      email: row.email,
      deliveryMarket: row.delivery_market,
      activated: row.activated,
      tradeHeader: row.trade_header,
      tradeFooter: row.trade_footer,
      latitude: row.latitude,
      longitude: row.longitude,
      subscription: row.subscription_type
        ? { type: row.subscription_type, validUntil: row.subscription_valid_until }
        : null,
      deliveryStaff: row.delivery_staff,
      ...(row.employee_role ? { employeeRole: row.employee_role } : {}),
    };
  }

  /** The unit's warehouses; the caller's chosen one is active (the first one until they choose). */
  async warehouses(caller: Caller): Promise<Warehouse[]> {
    const [rows, chosen] = await Promise.all([
      repo.listWarehouses(this.db, caller.unitId),
      repo.activeWarehouseId(this.db, caller.userId),
    ]);
    const activeId = rows.some((w) => w.id === chosen) ? chosen : rows[0]?.id;
    return rows.map((w) => ({
      id: w.id,
      displayName: w.display_name,
      isActive: w.id === activeId,
      profileImage: w.profile_image,
      market: { name: w.city },
      latitude: w.latitude,
      longitude: w.longitude,
      addressLine: w.address_line,
      pincode: w.pincode,
      closedUntil: w.closed_until,
      closedNote: w.closed_note,
    }));
  }

  async setActiveWarehouse(caller: Caller, warehouseId: string): Promise<Warehouse[]> {
    // Another unit's warehouse answers exactly like one that does not exist.
    if (!isUuid(warehouseId)) throw notFound();
    const changed = await repo.setActiveWarehouse(this.db, caller.userId, caller.unitId, warehouseId);
    if (!changed) throw notFound();
    return this.warehouses(caller);
  }
}
