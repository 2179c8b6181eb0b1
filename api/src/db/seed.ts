import { randomUUID } from 'node:crypto';
import type { NotificationType } from 'shared-api';
import { LINKS, notify } from '../modules/notifications/notify';
import type { Database } from './database';
import { seedInventory } from './seed-inventory';
import { seedMarketplace } from './seed-marketplace';
import { seedPayments } from './seed-payments';
import { seedConnections } from './seed-connections';
import { seedDeliveries } from './seed-deliveries';
import { seedRegistration } from './seed-registration';

/** Demo sign-ins printed at start (server.ts) and used by the tests and end-to-end tests. */
export const DEMO_LOGINS = [
  { mobile: '9800000001', who: 'Ramesh Agarwal — STOCKIST owner, Agarwal Pharma Distributors (Pune)' },
  { mobile: '9800000011', who: 'Suresh Patil — employee of Agarwal Pharma Distributors, its delivery staff' },
  { mobile: '9800000002', who: 'Priya Sharma — RETAILER owner, Sharma Medical Stores (Mumbai)' },
  { mobile: '9800000003', who: 'Anil Mehta — HOSPITAL owner, Lifeline Multispeciality Hospital (Ahmedabad)' },
  { mobile: '9800000090', who: 'Meera Kulkarni — back-office staff: verifies registrations (/app/staff/verifications)' },
  { mobile: '9800000201', who: 'Rajesh Shah — STOCKIST owner, Lohar Chawl Medical Agencies (Mumbai), connected with Sharma Medical Stores' },
  { mobile: '9800000202', who: 'Amit Joshi — STOCKIST owner, Thane Pharma Distributors (Thane), not yet connected' },
  { mobile: '9800000301', who: 'Vijay More — SEASON_BOY (delivery boy, Mumbai, MH01AB1234) for Lohar Chawl Medical Agencies and Agarwal Pharma' },
] as const;

interface SeedWarehouse {
  name: string;
  city: string;
  lat: number;
  lng: number;
}

interface SeedUnit {
  code: string;
  trade: string;
  type: 'STOCKIST' | 'RETAILER' | 'HOSPITAL';
  owner: { first: string; last: string; mobile: string; email: string };
  employees?: { first: string; last: string; mobile: string; email: string }[];
  address: string;
  city: string;
  state: string;
  pincode: string;
  lat: number;
  lng: number;
  activated?: boolean;
  subscription: [type: string, validUntil: string] | null;
  header: string;
  footer: string;
  /** The first is the owner's active warehouse. */
  warehouses: SeedWarehouse[];
  notifications?: { type: NotificationType; title: string; body: string; minutesAgo: number; read?: boolean; ownerOnly?: boolean; link?: string }[];
}

const wholesaleHeader = 'Wholesale distributors of allopathic medicines and surgicals';
const jurisdiction = (city: string) => `Subject to ${city} jurisdiction. Goods once sold will not be taken back.`;

const UNITS: SeedUnit[] = [
  {
    code: 'STK-PUN-001',
    trade: 'Agarwal Pharma Distributors',
    type: 'STOCKIST',
    owner: { first: 'Ramesh', last: 'Agarwal', mobile: '9800000001', email: 'ramesh@agarwalpharma.in' },
    employees: [{ first: 'Suresh', last: 'Patil', mobile: '9800000011', email: 'suresh.patil@agarwalpharma.in' }],
    address: 'Shop 14, Market Yard, Gultekdi',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411037',
    lat: 18.4967,
    lng: 73.8676,
    subscription: ['GOLD', '2027-03-31'],
    header: wholesaleHeader,
    footer: jurisdiction('Pune'),
    warehouses: [
      { name: 'Pune Main Godown', city: 'Pune', lat: 18.4967, lng: 73.8676 },
      { name: 'Nashik Branch', city: 'Nashik', lat: 19.9975, lng: 73.7898 },
    ],
    notifications: [
      { type: 'B2B_ORDER', title: 'New order from Sharma Medical Stores', body: '12 items, ₹18,640. Confirm before 6 PM for same-day dispatch.', minutesAgo: 12, link: LINKS.onlineOrders },
      { type: 'PAYMENT', title: 'Payment received', body: '₹12,450.00 received from Lifeline Multispeciality Hospital by UPI.', minutesAgo: 95, link: LINKS.receivePayments },
      { type: 'CONNECTION_REQUEST', title: 'New connection request', body: 'Lajpat Nagar Chemists, Delhi wants to see your inventory.', minutesAgo: 240, ownerOnly: true, link: LINKS.customers('RETAILER', true) },
      { type: 'PICKUPS', title: 'Pickup scheduled', body: 'Delivery partner arrives at Pune Main Godown at 4:30 PM.', minutesAgo: 300, link: LINKS.ordersOverview },
      { type: 'GENERAL', title: 'Welcome to Medico', body: 'Upload your inventory to earn 3 more free deliveries.', minutesAgo: 4320, read: true },
    ],
  },
  {
    code: 'RTL-MUM-001',
    trade: 'Sharma Medical Stores',
    type: 'RETAILER',
    owner: { first: 'Priya', last: 'Sharma', mobile: '9800000002', email: 'priya@sharmamedical.in' },
    address: '7, Gundavali Road, Andheri East',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400069',
    lat: 19.1136,
    lng: 72.8697,
    subscription: ['SILVER', '2026-12-31'],
    header: 'Chemists and druggists',
    footer: jurisdiction('Mumbai'),
    warehouses: [{ name: 'Andheri Shop', city: 'Mumbai', lat: 19.1136, lng: 72.8697 }],
    notifications: [
      { type: 'DELIVERY_DELIVERED', title: 'Order delivered', body: 'Your order from Agarwal Pharma Distributors was delivered to Andheri Shop.', minutesAgo: 30, link: LINKS.ordersOverview },
      { type: 'INVOICE', title: 'Invoice ready', body: 'Invoice INV-2611-0042 for ₹18,640.00 is ready to pay.', minutesAgo: 180, link: LINKS.purchaseBills },
      { type: 'CART', title: 'Items waiting in your cart', body: 'Complete your order before stock runs out.', minutesAgo: 600, link: LINKS.cart },
      { type: 'GENERAL', title: 'Welcome to Medico', body: 'Search across stockists near you and order in one cart.', minutesAgo: 5000, read: true },
    ],
  },
  {
    code: 'HSP-AMD-001',
    trade: 'Lifeline Multispeciality Hospital',
    type: 'HOSPITAL',
    owner: { first: 'Anil', last: 'Mehta', mobile: '9800000003', email: 'anil.mehta@lifelinehospital.in' },
    address: 'Near Stadium Cross Roads, Navrangpura',
    city: 'Ahmedabad',
    state: 'Gujarat',
    pincode: '380009',
    lat: 23.0365,
    lng: 72.5611,
    subscription: ['GOLD', '2027-06-30'],
    header: 'Hospital pharmacy',
    footer: jurisdiction('Ahmedabad'),
    warehouses: [{ name: 'Main Pharmacy', city: 'Ahmedabad', lat: 23.0365, lng: 72.5611 }],
    notifications: [
      { type: 'ORDERS', title: 'Order confirmed', body: 'Agarwal Pharma Distributors confirmed your order of 24 items.', minutesAgo: 45, link: LINKS.purchaseOrders },
      { type: 'DELIVERY_COLLECTED', title: 'Order picked up', body: 'Your order is on the way to Main Pharmacy.', minutesAgo: 20, link: LINKS.ordersOverview },
      { type: 'STORE_CLOSED', title: 'Stockist closed today', body: 'Koti Pharma Distributors, Hyderabad is closed for a holiday.', minutesAgo: 720, link: LINKS.stockists },
    ],
  },
  {
    code: 'STK-DEL-001',
    trade: 'Bhagirath Medicos Pvt Ltd',
    type: 'STOCKIST',
    owner: { first: 'Vikas', last: 'Gupta', mobile: '9800000101', email: 'vikas@bhagirathmedicos.in' },
    address: '1942, Bhagirath Palace, Chandni Chowk',
    city: 'Delhi',
    state: 'Delhi',
    pincode: '110006',
    lat: 28.6562,
    lng: 77.23,
    subscription: ['GOLD', '2027-01-31'],
    header: wholesaleHeader,
    footer: jurisdiction('Delhi'),
    warehouses: [
      { name: 'Bhagirath Palace Godown', city: 'Delhi', lat: 28.6562, lng: 77.23 },
      { name: 'Okhla Warehouse', city: 'Delhi', lat: 28.5355, lng: 77.271 },
    ],
  },
  {
    code: 'RTL-DEL-001',
    trade: 'Lajpat Nagar Chemists',
    type: 'RETAILER',
    owner: { first: 'Neha', last: 'Kapoor', mobile: '9800000102', email: 'neha@lajpatchemists.in' },
    address: 'C-12, Central Market, Lajpat Nagar II',
    city: 'Delhi',
    state: 'Delhi',
    pincode: '110024',
    lat: 28.5677,
    lng: 77.2433,
    subscription: ['SILVER', '2026-12-31'],
    header: 'Chemists and druggists',
    footer: jurisdiction('Delhi'),
    warehouses: [{ name: 'Lajpat Nagar Shop', city: 'Delhi', lat: 28.5677, lng: 77.2433 }],
  },
  {
    code: 'STK-BLR-001',
    trade: 'Avenue Road Pharma Agencies',
    type: 'STOCKIST',
    owner: { first: 'Manjunath', last: 'Rao', mobile: '9800000103', email: 'manjunath@avenuepharma.in' },
    address: '112, Avenue Road, Chickpet',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560002',
    lat: 12.9698,
    lng: 77.577,
    subscription: ['GOLD', '2027-02-28'],
    header: wholesaleHeader,
    footer: jurisdiction('Bengaluru'),
    warehouses: [{ name: 'Chickpet Godown', city: 'Bengaluru', lat: 12.9698, lng: 77.577 }],
  },
  {
    code: 'HSP-BLR-001',
    trade: 'Jayanagar Care Hospital',
    type: 'HOSPITAL',
    owner: { first: 'Kavitha', last: 'Reddy', mobile: '9800000104', email: 'kavitha@jayanagarcare.in' },
    address: '30th Cross, 4th Block, Jayanagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560011',
    lat: 12.925,
    lng: 77.5938,
    subscription: ['SILVER', '2027-03-31'],
    header: 'Hospital pharmacy',
    footer: jurisdiction('Bengaluru'),
    warehouses: [{ name: 'Hospital Pharmacy', city: 'Bengaluru', lat: 12.925, lng: 77.5938 }],
  },
  {
    code: 'STK-MAA-001',
    trade: 'Parrys Corner Drug House',
    type: 'STOCKIST',
    owner: { first: 'Senthil', last: 'Kumar', mobile: '9800000105', email: 'senthil@parrysdrughouse.in' },
    address: '48, Armenian Street, George Town',
    city: 'Chennai',
    state: 'Tamil Nadu',
    pincode: '600001',
    lat: 13.0897,
    lng: 80.2877,
    subscription: ['GOLD', '2027-04-30'],
    header: wholesaleHeader,
    footer: jurisdiction('Chennai'),
    warehouses: [{ name: 'George Town Godown', city: 'Chennai', lat: 13.0897, lng: 80.2877 }],
  },
  {
    code: 'RTL-MAA-001',
    trade: 'T. Nagar Medicals',
    type: 'RETAILER',
    owner: { first: 'Lakshmi', last: 'Narayanan', mobile: '9800000106', email: 'lakshmi@tnagarmedicals.in' },
    address: '22, Usman Road, T. Nagar',
    city: 'Chennai',
    state: 'Tamil Nadu',
    pincode: '600017',
    lat: 13.0418,
    lng: 80.2341,
    subscription: ['TRIAL', '2026-12-15'],
    header: 'Chemists and druggists',
    footer: jurisdiction('Chennai'),
    warehouses: [{ name: 'Usman Road Shop', city: 'Chennai', lat: 13.0418, lng: 80.2341 }],
  },
  {
    code: 'STK-HYD-001',
    trade: 'Koti Pharma Distributors',
    type: 'STOCKIST',
    owner: { first: 'Srinivas', last: 'Reddy', mobile: '9800000107', email: 'srinivas@kotipharma.in' },
    address: '4-1-978, Bank Street, Koti',
    city: 'Hyderabad',
    state: 'Telangana',
    pincode: '500095',
    lat: 17.3833,
    lng: 78.4834,
    subscription: ['GOLD', '2027-05-31'],
    header: wholesaleHeader,
    footer: jurisdiction('Hyderabad'),
    warehouses: [{ name: 'Koti Godown', city: 'Hyderabad', lat: 17.3833, lng: 78.4834 }],
  },
  {
    code: 'HSP-HYD-001',
    trade: 'Banjara Hills Medical Centre',
    type: 'HOSPITAL',
    owner: { first: 'Farhan', last: 'Ali', mobile: '9800000108', email: 'farhan@banjaramedical.in' },
    address: 'Road No. 12, Banjara Hills',
    city: 'Hyderabad',
    state: 'Telangana',
    pincode: '500034',
    lat: 17.4156,
    lng: 78.4347,
    subscription: ['SILVER', '2027-01-31'],
    header: 'Hospital pharmacy',
    footer: jurisdiction('Hyderabad'),
    warehouses: [{ name: 'Main Pharmacy', city: 'Hyderabad', lat: 17.4156, lng: 78.4347 }],
  },
  {
    code: 'STK-CCU-001',
    trade: 'Bagri Market Pharma Traders',
    type: 'STOCKIST',
    owner: { first: 'Sourav', last: 'Banerjee', mobile: '9800000109', email: 'sourav@bagripharma.in' },
    address: '71, Canning Street, Bagri Market, Burrabazar',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700001',
    lat: 22.5862,
    lng: 88.3525,
    subscription: ['GOLD', '2027-03-31'],
    header: wholesaleHeader,
    footer: jurisdiction('Kolkata'),
    warehouses: [{ name: 'Bagri Market Godown', city: 'Kolkata', lat: 22.5862, lng: 88.3525 }],
  },
  {
    code: 'RTL-CCU-001',
    trade: 'Salt Lake Medical Hall',
    type: 'RETAILER',
    owner: { first: 'Moumita', last: 'Das', mobile: '9800000110', email: 'moumita@saltlakemedical.in' },
    address: 'BE-45, Sector I, Salt Lake City',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700064',
    lat: 22.5867,
    lng: 88.4171,
    subscription: ['SILVER', '2026-12-31'],
    header: 'Chemists and druggists',
    footer: jurisdiction('Kolkata'),
    warehouses: [{ name: 'Salt Lake Shop', city: 'Kolkata', lat: 22.5867, lng: 88.4171 }],
  },
  {
    code: 'STK-JAI-001',
    trade: 'Pink City Pharma Distributors',
    type: 'STOCKIST',
    owner: { first: 'Mahesh', last: 'Khandelwal', mobile: '9800000111', email: 'mahesh@pinkcitypharma.in' },
    address: '210, Chaura Rasta',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302003',
    lat: 26.9239,
    lng: 75.8267,
    subscription: ['GOLD', '2027-02-28'],
    header: wholesaleHeader,
    footer: jurisdiction('Jaipur'),
    warehouses: [{ name: 'Chaura Rasta Godown', city: 'Jaipur', lat: 26.9239, lng: 75.8267 }],
  },
  {
    code: 'RTL-JAI-001',
    trade: 'Malviya Nagar Medicos',
    type: 'RETAILER',
    owner: { first: 'Pooja', last: 'Jain', mobile: '9800000112', email: 'pooja@malviyamedicos.in' },
    address: 'D-34, Malviya Nagar',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302017',
    lat: 26.8549,
    lng: 75.8243,
    // Registered but not yet verified: shows the not-activated state.
    activated: false,
    subscription: null,
    header: 'Chemists and druggists',
    footer: jurisdiction('Jaipur'),
    warehouses: [{ name: 'Malviya Nagar Shop', city: 'Jaipur', lat: 26.8549, lng: 75.8243 }],
  },
];

/** Fills a fresh database with the demo units. Does nothing when the demo stockist already exists. */
export async function seedDemo(db: Database, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('units').select('id').where('unit_code', '=', 'STK-PUN-001').executeTakeFirst();
    if (existing) return false;
    const created = new Date(now.getTime() - 90 * 24 * 60 * 60 * 1000);
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);

    for (const u of UNITS) {
      const unitId = randomUUID();
      await trx
        .insertInto('units')
        .values({
          id: unitId,
          unit_code: u.code,
          trade_name: u.trade,
          customer_type: u.type,
          activated: u.activated ?? true,
          subscription_type: u.subscription?.[0] ?? null,
          subscription_valid_until: u.subscription?.[1] ?? null,
          trade_header: u.header,
          trade_footer: u.footer,
          address_line: u.address,
          city: u.city,
          state: u.state,
          pincode: u.pincode,
          latitude: u.lat,
          longitude: u.lng,
          delivery_market: u.city,
          created_at: created,
        })
        .execute();

      const warehouseIds = u.warehouses.map(() => randomUUID());
      await trx
        .insertInto('warehouses')
        .values(
          u.warehouses.map((w, i) => ({
            id: warehouseIds[i]!,
            unit_id: unitId,
            display_name: w.name,
            city: w.city,
            latitude: w.lat,
            longitude: w.lng,
            profile_image: null,
            // Keeps the listed order stable: the first warehouse is the oldest.
            created_at: new Date(created.getTime() + i * 1000),
          })),
        )
        .execute();

      const ownerId = randomUUID();
      const people = [
        { id: ownerId, role: 'OWNER' as const, ...u.owner },
        ...(u.employees ?? []).map((e) => ({ id: randomUUID(), role: 'EMPLOYEE' as const, ...e })),
      ];
      await trx
        .insertInto('users')
        .values(
          people.map((p, i) => ({
            id: p.id,
            unit_id: unitId,
            role: p.role,
            // Demo employees keep every employee right (033): the owner may narrow them on Employees → Logins.
            employee_role: p.role === 'EMPLOYEE' ? ('MANAGER' as const) : null,
            first_name: p.first,
            last_name: p.last,
            mobile: p.mobile,
            email: p.email,
            active_warehouse_id: warehouseIds[0] ?? null,
            created_at: new Date(created.getTime() + i * 1000),
          })),
        )
        .execute();

      // Demo history: written as it was (read or not), never pushed.
      for (const n of u.notifications ?? []) {
        await notify(
          trx,
          n.ownerOnly ? { userId: ownerId } : { unitIds: [unitId] },
          { type: n.type, title: n.title, body: n.body, link: n.link ?? null },
          { at: at(n.minutesAgo), history: { readAt: n.read ? at(n.minutesAgo - 5) : null } },
        );
      }
    }
    await seedConnections(trx, now);
    await seedRegistration(trx, now);
    await seedInventory(trx, now);
    await seedMarketplace(trx, now);
    await seedPayments(trx, now);
    await seedDeliveries(trx, now);
    return true;
  });
}
