import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CustomerType } from 'shared-api';
import type { Caller } from '../http/access';
import type { SmsSender } from '../modules/auth/sms';
import { DeliveriesService } from '../modules/deliveries/service';
import { listMarkets, marketOf } from '../modules/deliveries/markets';
import { istDate } from '../modules/search/text';
import type { DB } from './types';

/*
 * Demo data of deliveries (issue 12): Suresh Patil (Agarwal Pharma's employee) is its delivery staff; Vijay More is
 * an activated season boy in Mumbai connected to Lohar Chawl Medical Agencies and to Agarwal Pharma; a few
 * consignments in different statuses, made through the deliveries service (so timelines, pins, notifications and the
 * free delivery agree). Agarwal Pharma's stay BOOKED: its notification counts are what the account tests read.
 * Runs inside seedDemo's transaction, after the units, registrations and connections exist.
 */

export const DEMO_SEASON_BOY = { mobile: '9800000301', name: 'Vijay More', unitCode: 'SBY-MUM-001', vehicle: 'MH01AB1234' };

/** The seed never reaches a phone: a consignment that would text a pin is a mistake in this file. */
const NO_SMS: SmsSender = {
  sendOtp: () => Promise.reject(new Error('seed-deliveries: no SMS from the demo seed')),
  sendText: () => Promise.reject(new Error('seed-deliveries: no SMS from the demo seed')),
};

/** The signed-in caller a live user of that mobile would be: the seed (and tests) act through the services as people do. */
export async function callerByMobile(trx: Kysely<DB>, mobile: string): Promise<Caller> {
  const u = await trx
    .selectFrom('users as u')
    .innerJoin('units as un', 'un.id', 'u.unit_id')
    .select(['u.id', 'u.role', 'un.id as unit_id', 'un.unit_code', 'un.customer_type', 'un.activated'])
    .where('u.mobile', '=', mobile)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { userId: u.id, unitId: u.unit_id, unitCode: u.unit_code, customerType: u.customer_type as CustomerType, role: u.role, familyId: 'seed', activated: u.activated };
}

export async function seedDeliveries(trx: Kysely<DB>, now: Date): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const agarwal = await trx.selectFrom('units').select('id').where('unit_code', '=', 'STK-PUN-001').executeTakeFirst();
  const lohar = await trx.selectFrom('units').select('id').where('unit_code', '=', 'STK-MUM-001').executeTakeFirst();
  if (!agarwal || !lohar) return;

  await trx.updateTable('users').set({ delivery_staff: true }).where('mobile', '=', '9800000011').where('unit_id', '=', agarwal.id).execute();

  // Vijay More: a season boy registered and verified two months ago, like any approved applicant.
  const joined = new Date(now.getTime() - 60 * day);
  const unitId = randomUUID();
  const userId = randomUUID();
  const warehouseId = randomUUID();
  const home = { address: 'Room 12, Vithalwadi Chawl, Kalbadevi Road', landmark: 'Near Kalbadevi post office', pincode: '400002', lat: 18.9488, lng: 72.8297 };
  await trx
    .insertInto('units')
    .values({ id: unitId, unit_code: DEMO_SEASON_BOY.unitCode, trade_name: DEMO_SEASON_BOY.name, customer_type: 'SEASON_BOY', activated: true, address_line: home.address, city: 'Mumbai', state: 'Maharashtra', pincode: home.pincode, latitude: home.lat, longitude: home.lng, delivery_market: 'Mumbai', created_at: joined })
    .execute();
  await trx.insertInto('warehouses').values({ id: warehouseId, unit_id: unitId, display_name: 'Mumbai Main', city: 'Mumbai', latitude: home.lat, longitude: home.lng, address_line: home.address, pincode: home.pincode, created_at: joined }).execute();
  await trx.insertInto('users').values({ id: userId, unit_id: unitId, role: 'OWNER', first_name: 'Vijay', last_name: 'More', mobile: DEMO_SEASON_BOY.mobile, email: 'vijay.more.delivery@gmail.com', active_warehouse_id: warehouseId, created_at: joined }).execute();
  await trx
    .insertInto('registrations')
    .values({
      id: randomUUID(),
      mobile: DEMO_SEASON_BOY.mobile,
      token_hash: createHash('sha256').update(randomBytes(16)).digest('hex'),
      status: 'APPROVED',
      step: 4,
      customer_type: 'SEASON_BOY',
      first_name: 'Vijay',
      last_name: 'More',
      email: 'vijay.more.delivery@gmail.com',
      pincode: home.pincode,
      address_line: home.address,
      landmark: home.landmark,
      city: 'Mumbai',
      district: 'Mumbai City',
      state: 'Maharashtra',
      latitude: home.lat,
      longitude: home.lng,
      trade_name: null,
      aadhaar: '456745674563',
      date_of_birth: '1994-03-21',
      driving_licence: 'MH01 20150034567',
      vehicle_number: DEMO_SEASON_BOY.vehicle,
      vehicle_type: 'TWO_WHEELER',
      terms_accepted_at: joined,
      consent_accepted_at: joined,
      submitted_at: joined,
      unit_id: unitId,
      user_id: userId,
      decided_at: joined,
      created_at: joined,
      updated_at: joined,
    })
    .execute();
  // The season boy asked to work for both stockists, and they approved (buyer = season boy, seller = stockist).
  await trx
    .insertInto('connections')
    .values(
      [lohar.id, agarwal.id].map((seller, i) => ({
        id: randomUUID(),
        buyer_unit_id: unitId,
        seller_unit_id: seller,
        status: 'APPROVED' as const,
        has_access: false,
        requested_at: new Date(joined.getTime() + (i + 1) * day),
        decided_at: new Date(joined.getTime() + (i + 1) * day + 60 * 60 * 1000),
      })),
    )
    .execute();

  // Consignments, each step a few minutes apart and all before `now` (tests' own notifications sort first).
  let clock = now.getTime() - 6 * 60 * 60 * 1000;
  const at = () => new Date((clock += 7 * 60 * 1000));
  const service = new DeliveriesService(trx, { delivery: { pinTtlMinutes: 720, heavyWeightKg: 25 }, now: () => new Date(clock) }, NO_SMS);
  const markets = await listMarkets(trx);
  const mumbai = marketOf(markets, '400002')!;
  const pune = marketOf(markets, '411037')!;
  const rajesh = await callerByMobile(trx, '9800000201');
  const ramesh = await callerByMobile(trx, '9800000001');
  const vijay = await callerByMobile(trx, DEMO_SEASON_BOY.mobile);
  const today = istDate(now);
  const tomorrow = istDate(new Date(now.getTime() + day));
  const ride = { deliveryBoyUserId: vijay.userId, vehicleNumber: DEMO_SEASON_BOY.vehicle };
  const offline = (o: { direction: 'SEND' | 'COLLECT'; partyName: string; mobile: string; addressLine: string; landmark: string; pincode: string; marketId: string; packages: number; weightKg: number; notes?: string; pickupDate?: string }) => ({
    ...o,
    pickupDate: o.pickupDate ?? today,
  });

  // Lohar Chawl Medical Agencies: delivered, in transit, collected, assigned (heavy), booked for tomorrow, cancelled.
  const delivered = await service.createOfflineIn(trx, rajesh, offline({ direction: 'COLLECT', partyName: 'Girgaon Nursing Home', mobile: '9820011223', addressLine: '88, Jagannath Shankarseth Road, Girgaon', landmark: 'Opp. Girgaon Chowpatty', pincode: '400004', marketId: mumbai.id, packages: 2, weightKg: 6.5, notes: 'Unused insulin back in the cold chain' }), at());
  await service.assignIn(trx, rajesh, delivered, ride, at());
  await service.changeStatusIn(trx, vijay, delivered, { status: 'COLLECTED' }, at());
  await service.changeStatusIn(trx, vijay, delivered, { status: 'IN_TRANSIT' }, at());
  // Lohar Chawl received the pin in its notification and told it to Vijay at the door.
  const { pin } = await trx.selectFrom('consignments').select('pin').where('id', '=', delivered).executeTakeFirstOrThrow();
  const outcome = await service.deliverIn(trx, vijay, delivered, pin!, at());
  if (typeof outcome !== 'string') throw outcome;

  const inTransit = await service.createOfflineIn(trx, rajesh, offline({ direction: 'COLLECT', partyName: 'Crawford Market Chemists', mobile: '9820044556', addressLine: 'Shop 5, Mahatma Jyotiba Phule Mandai', landmark: 'Crawford Market main gate', pincode: '400001', marketId: mumbai.id, packages: 3, weightKg: 12, notes: 'Expired stock returned for credit' }), at());
  await service.assignIn(trx, rajesh, inTransit, ride, at());
  await service.changeStatusIn(trx, vijay, inTransit, { status: 'COLLECTED' }, at());
  await service.changeStatusIn(trx, vijay, inTransit, { status: 'IN_TRANSIT' }, at());
  await trx.updateTable('consignments').set({ last_latitude: 18.9445, last_longitude: 72.8339, last_position_at: at() }).where('id', '=', inTransit).execute();

  const collected = await service.createOfflineIn(trx, rajesh, offline({ direction: 'SEND', partyName: 'Mazgaon Dock Dispensary', mobile: '9820077889', addressLine: 'Dockyard Road, Mazgaon', landmark: 'Near Dockyard Road station', pincode: '400010', marketId: mumbai.id, packages: 1, weightKg: 2.25 }), at());
  await service.assignIn(trx, rajesh, collected, ride, at());
  await service.changeStatusIn(trx, vijay, collected, { status: 'COLLECTED' }, at());

  const heavy = await service.createOfflineIn(trx, rajesh, offline({ direction: 'SEND', partyName: 'Byculla Polyclinic', mobile: '9820099001', addressLine: '14, Clare Road, Byculla', landmark: 'Behind Byculla fire station', pincode: '400008', marketId: mumbai.id, packages: 6, weightKg: 38, notes: 'IV fluids: 6 cartons' }), at());
  await service.assignIn(trx, rajesh, heavy, ride, at());

  await service.createOfflineIn(trx, rajesh, offline({ direction: 'COLLECT', partyName: 'Dadar Medical Hall', mobile: '9820033445', addressLine: '3, Ranade Road, Dadar West', landmark: 'Near Dadar flower market', pincode: '400028', marketId: mumbai.id, packages: 2, weightKg: 4, pickupDate: tomorrow }), at());

  const cancelled = await service.createOfflineIn(trx, rajesh, offline({ direction: 'SEND', partyName: 'Colaba Health Centre', mobile: '9820055667', addressLine: 'Colaba Causeway', landmark: 'Near Regal cinema', pincode: '400005', marketId: mumbai.id, packages: 1, weightKg: 1 }), at());
  await service.changeStatusIn(trx, rajesh, cancelled, { status: 'CANCELLED', reason: 'The clinic collected it at the counter' }, at());

  // Agarwal Pharma Distributors: two bookings waiting for a delivery boy (Suresh Patil, or Vijay More).
  await service.createOfflineIn(trx, ramesh, offline({ direction: 'SEND', partyName: 'Sahyadri Clinic, Kothrud', mobile: '9822012345', addressLine: 'Plot 7, Karve Road, Kothrud', landmark: 'Opp. Kothrud bus depot', pincode: '411038', marketId: pune.id, packages: 2, weightKg: 5 }), at());
  await service.createOfflineIn(trx, ramesh, offline({ direction: 'COLLECT', partyName: 'Swargate Medicos', mobile: '9822054321', addressLine: '21, Shankarseth Road, Swargate', landmark: 'Near Swargate bus stand', pincode: '411042', marketId: pune.id, packages: 1, weightKg: 3, notes: 'Short-expiry stock to take back', pickupDate: tomorrow }), at());
}
