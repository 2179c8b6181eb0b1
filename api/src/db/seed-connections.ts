import { randomUUID } from 'node:crypto';
import type { ConnectionStatus } from 'shared-api';
import type { Database } from './database';

/*
 * Demo data of the customers feature: three more stockists around Mumbai (so a Mumbai retailer has traders near it
 * to find and connect with), and connections across cities in every state. Runs inside seedDemo's transaction,
 * after the units of seed.ts exist.
 */

interface AreaStockist {
  code: string;
  trade: string;
  owner: { first: string; last: string; mobile: string; email: string };
  address: string;
  city: string;
  pincode: string;
  lat: number;
  lng: number;
  warehouse: string;
  autoApprove: boolean;
}

/** Mumbai-area stockists. Vashi approves every request at once (SPEC.md §3 preference "auto approve"). */
export const AREA_STOCKISTS: AreaStockist[] = [
  {
    code: 'STK-MUM-001',
    trade: 'Lohar Chawl Medical Agencies',
    owner: { first: 'Rajesh', last: 'Shah', mobile: '9800000201', email: 'rajesh@loharchawlmedical.in' },
    address: '32, Lohar Chawl, Kalbadevi',
    city: 'Mumbai',
    pincode: '400002',
    lat: 18.9474,
    lng: 72.8312,
    warehouse: 'Kalbadevi Godown',
    autoApprove: false,
  },
  {
    code: 'STK-THN-001',
    trade: 'Thane Pharma Distributors',
    owner: { first: 'Amit', last: 'Joshi', mobile: '9800000202', email: 'amit@thanepharma.in' },
    address: 'Gokhale Road, Naupada',
    city: 'Thane',
    pincode: '400602',
    lat: 19.189,
    lng: 72.971,
    warehouse: 'Naupada Godown',
    autoApprove: false,
  },
  {
    code: 'STK-NVM-001',
    trade: 'Vashi Medico Agencies',
    owner: { first: 'Sandeep', last: 'Naik', mobile: '9800000203', email: 'sandeep@vashimedico.in' },
    address: 'Plot 21, Sector 17, Vashi',
    city: 'Navi Mumbai',
    pincode: '400703',
    lat: 19.0771,
    lng: 72.9986,
    warehouse: 'Vashi Godown',
    autoApprove: true,
  },
];

type SeedConnection = [buyer: string, seller: string, status: ConnectionStatus, hasAccess: boolean, daysAgo: number];

/** buyer → seller. The first four are the ones tests and the brief rely on. */
const CONNECTIONS: SeedConnection[] = [
  ['RTL-MUM-001', 'STK-PUN-001', 'APPROVED', true, 60],
  ['RTL-MUM-001', 'STK-MUM-001', 'APPROVED', true, 45],
  ['HSP-AMD-001', 'STK-PUN-001', 'APPROVED', false, 30],
  // Matches the stockist's seeded CONNECTION_REQUEST notification.
  ['RTL-DEL-001', 'STK-PUN-001', 'PENDING', false, 0],
  ['STK-PUN-001', 'STK-MUM-001', 'APPROVED', true, 80],
  ['RTL-DEL-001', 'STK-DEL-001', 'APPROVED', true, 70],
  ['STK-JAI-001', 'STK-DEL-001', 'APPROVED', true, 50],
  ['HSP-BLR-001', 'STK-BLR-001', 'APPROVED', true, 40],
  ['RTL-MAA-001', 'STK-MAA-001', 'APPROVED', true, 35],
  ['HSP-HYD-001', 'STK-HYD-001', 'APPROVED', false, 20],
  ['RTL-CCU-001', 'STK-CCU-001', 'PENDING', false, 2],
  ['HSP-AMD-001', 'STK-JAI-001', 'DECLINED', false, 15],
];

export async function seedConnections(db: Database, now: Date): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const created = new Date(now.getTime() - 90 * day);

  for (const s of AREA_STOCKISTS) {
    const unitId = randomUUID();
    const warehouseId = randomUUID();
    await db
      .insertInto('units')
      .values({
        id: unitId,
        unit_code: s.code,
        trade_name: s.trade,
        customer_type: 'STOCKIST',
        activated: true,
        subscription_type: 'GOLD',
        subscription_valid_until: '2027-03-31',
        trade_header: 'Wholesale distributors of allopathic medicines and surgicals',
        trade_footer: `Subject to ${s.city} jurisdiction. Goods once sold will not be taken back.`,
        address_line: s.address,
        city: s.city,
        state: 'Maharashtra',
        pincode: s.pincode,
        latitude: s.lat,
        longitude: s.lng,
        delivery_market: s.city,
        auto_approve: s.autoApprove,
        created_at: created,
      })
      .execute();
    await db
      .insertInto('warehouses')
      .values({ id: warehouseId, unit_id: unitId, display_name: s.warehouse, city: s.city, latitude: s.lat, longitude: s.lng, created_at: created })
      .execute();
    await db
      .insertInto('users')
      .values({
        id: randomUUID(),
        unit_id: unitId,
        role: 'OWNER',
        first_name: s.owner.first,
        last_name: s.owner.last,
        mobile: s.owner.mobile,
        email: s.owner.email,
        active_warehouse_id: warehouseId,
        created_at: created,
      })
      .execute();
  }

  const units = await db.selectFrom('units').select(['id', 'unit_code']).execute();
  const idOf = new Map(units.map((u) => [u.unit_code, u.id]));
  const unitId = (code: string) => {
    const id = idOf.get(code);
    if (!id) throw new Error(`seed-connections: no unit ${code}`);
    return id;
  };
  // E-invoices (issue 34): Lohar Chawl reports its B2B documents to the IRP (the local adapter), so the demo shows
  // IRNs on its invoices to Sharma Medical Stores; every other unit starts with e-invoicing off.
  await db.insertInto('books_settings').values({ unit_id: unitId('STK-MUM-001'), e_invoicing: true, updated_at: created }).execute();
  await db
    .insertInto('connections')
    .values(
      CONNECTIONS.map(([buyer, seller, status, hasAccess, daysAgo]) => {
        // Four hours earlier in the day: the pending Delhi request matches the stockist's seeded notification.
        const requested = new Date(now.getTime() - daysAgo * day - 4 * 60 * 60 * 1000);
        return {
          id: randomUUID(),
          buyer_unit_id: unitId(buyer),
          seller_unit_id: unitId(seller),
          status,
          has_access: hasAccess,
          requested_at: requested,
          decided_at: status === 'PENDING' ? null : new Date(requested.getTime() + 60 * 60 * 1000),
        };
      }),
    )
    // The marketplace seed may have written the retailer's first connection already.
    .onConflict((oc) => oc.columns(['buyer_unit_id', 'seller_unit_id']).doNothing())
    .execute();
}
