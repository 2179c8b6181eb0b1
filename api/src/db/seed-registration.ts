import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { gstinCheckChar } from 'shared-api';
import { addStaffIn } from '../modules/staff/service';
import type { Database } from './database';

/** Demo back-office staff login (signs in by OTP like everyone; see README, Configuration). */
export const DEMO_STAFF = { mobile: '9800000090', name: 'Meera Kulkarni' };

const gstin = (stateCode: string, pan: string) => {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckChar(first14);
};

// A one-page PDF: enough for the staff screen to open a demo "licence".
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

type Identifiers = {
  trade_name: string | null;
  certificate_trade_name?: string | null;
  gstin?: string | null;
  pan?: string | null;
  drug_licence_1?: string | null;
  drug_licence_2?: string | null;
  food_licence?: string | null;
  aadhaar?: string | null;
  date_of_birth?: string | null;
  driving_licence?: string | null;
  vehicle_number?: string | null;
  vehicle_type?: string | null;
};

/** The demo units' approved applications (their identifiers on the profile), two awaiting staff, and a staff login. */
export async function seedRegistration(db: Database, now: Date): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const token = () => createHash('sha256').update(randomBytes(16)).digest('hex');
  await addStaffIn(db, DEMO_STAFF.mobile, DEMO_STAFF.name, new Date(now.getTime() - 120 * day));

  const approved: { code: string; ids: Identifiers; landmark: string; district: string }[] = [
    {
      code: 'STK-PUN-001',
      landmark: 'Near Gate No. 4, Market Yard',
      district: 'Pune',
      ids: {
        trade_name: 'Agarwal Pharma Distributors',
        certificate_trade_name: 'M/S. AGARWAL PHARMA DISTRIBUTORS',
        gstin: gstin('27', 'AAJFA4821L'),
        pan: 'AAJFA4821L',
        drug_licence_1: 'MH-PZ1-20B-118452',
        drug_licence_2: 'MH-PZ1-21B-118453',
        food_licence: '11521034000217',
      },
    },
    {
      code: 'RTL-MUM-001',
      landmark: 'Opp. Andheri East station',
      district: 'Mumbai Suburban',
      ids: {
        trade_name: 'Sharma Medical Stores',
        certificate_trade_name: 'Sharma Medical Stores',
        gstin: gstin('27', 'BXKPS5512M'),
        pan: 'BXKPS5512M',
        drug_licence_1: 'MH-MZ2-20-509871',
        drug_licence_2: 'MH-MZ2-21-509872',
      },
    },
    {
      code: 'HSP-AMD-001',
      landmark: 'Near Navrangpura bus stand',
      district: 'Ahmedabad',
      ids: {
        trade_name: 'Lifeline Multispeciality Hospital',
        certificate_trade_name: 'LIFELINE MULTISPECIALITY HOSPITAL',
        gstin: gstin('24', 'AACCL7734Q'),
        pan: 'AACCL7734Q',
        drug_licence_1: 'GJ-AHD-20-104522',
        drug_licence_2: 'GJ-AHD-21-104523',
      },
    },
    // The Mumbai-area stockists sell to the demo retailer, so they need a GSTIN and drug licences to invoice.
    {
      code: 'STK-MUM-001',
      landmark: 'Near Mumbadevi Temple',
      district: 'Mumbai City',
      ids: {
        trade_name: 'Lohar Chawl Medical Agencies',
        certificate_trade_name: 'LOHAR CHAWL MEDICAL AGENCIES',
        gstin: gstin('27', 'AAKFL3390H'),
        pan: 'AAKFL3390H',
        drug_licence_1: 'MH-MZ1-20B-230716',
        drug_licence_2: 'MH-MZ1-21B-230717',
      },
    },
    {
      code: 'STK-THN-001',
      landmark: 'Opp. Gaondevi Maidan',
      district: 'Thane',
      ids: {
        trade_name: 'Thane Pharma Distributors',
        certificate_trade_name: 'THANE PHARMA DISTRIBUTORS',
        gstin: gstin('27', 'AAEFT5521K'),
        pan: 'AAEFT5521K',
        drug_licence_1: 'MH-TZ1-20B-145098',
        drug_licence_2: 'MH-TZ1-21B-145099',
      },
    },
  ];
  for (const a of approved) {
    const unit = await db
      .selectFrom('units as un')
      .innerJoin('users as u', (join) => join.onRef('u.unit_id', '=', 'un.id').on('u.role', '=', 'OWNER'))
      .select(['un.id', 'un.customer_type', 'un.address_line', 'un.city', 'un.state', 'un.pincode', 'un.latitude', 'un.longitude', 'un.created_at', 'u.id as user_id', 'u.first_name', 'u.last_name', 'u.mobile', 'u.email'])
      .where('un.unit_code', '=', a.code)
      .executeTakeFirst();
    if (!unit) continue;
    await db
      .insertInto('registrations')
      .values({
        id: randomUUID(),
        mobile: unit.mobile,
        token_hash: token(),
        status: 'APPROVED',
        step: 4,
        customer_type: unit.customer_type,
        first_name: unit.first_name,
        last_name: unit.last_name,
        email: unit.email,
        pincode: unit.pincode,
        address_line: unit.address_line,
        landmark: a.landmark,
        city: unit.city,
        district: a.district,
        state: unit.state,
        latitude: unit.latitude,
        longitude: unit.longitude,
        ...a.ids,
        terms_accepted_at: unit.created_at,
        consent_accepted_at: unit.created_at,
        submitted_at: unit.created_at,
        unit_id: unit.id,
        user_id: unit.user_id,
        decided_at: unit.created_at,
        created_at: unit.created_at,
        updated_at: unit.created_at,
      })
      .execute();
    await db.insertInto('referral_credits').values({ id: randomUUID(), unit_id: unit.id, deliveries: 5, reason: 'ACTIVATION', created_at: unit.created_at }).execute();
  }

  // Two applications awaiting verification: a Nagpur retailer and a Pune season boy.
  const pending: {
    mobile: string; type: string; first: string; last: string; email: string; unitCode: string; trade: string;
    address: string; landmark: string; city: string; district: string; pincode: string; lat: number; lng: number;
    ids: Identifiers; docs: string[]; hoursAgo: number;
  }[] = [
    {
      mobile: '9876501234', type: 'RETAILER', first: 'Mahesh', last: 'Khandelwal', email: 'mahesh@shreeganeshmedicals.in', unitCode: 'RTL-NAG-001',
      trade: 'Shree Ganesh Medicals', address: '14, Sitabuldi Main Road', landmark: 'Near Variety Square', city: 'Nagpur', district: 'Nagpur', pincode: '440012',
      lat: 21.1458, lng: 79.0882, hoursAgo: 20,
      ids: {
        trade_name: 'Shree Ganesh Medicals', certificate_trade_name: 'SHREE GANESH MEDICALS', gstin: gstin('27', 'CQRPK6621D'), pan: 'CQRPK6621D',
        drug_licence_1: 'MH-NZ1-20-221904', drug_licence_2: 'MH-NZ1-21-221905',
      },
      docs: ['GST_CERTIFICATE', 'DRUG_LICENCE_1', 'DRUG_LICENCE_2'],
    },
    {
      mobile: '9890012345', type: 'SEASON_BOY', first: 'Rahul', last: 'Jadhav', email: 'rahul.jadhav92@gmail.com', unitCode: 'SBY-PUN-001',
      trade: 'Rahul Jadhav', address: 'Flat 7, Shivneri Apartments, Kasba Peth', landmark: 'Behind Kasba Ganpati temple', city: 'Pune', district: 'Pune', pincode: '411011',
      lat: 18.5196, lng: 73.8553, hoursAgo: 6,
      ids: { trade_name: null, aadhaar: '234123412346', date_of_birth: '1992-08-14', driving_licence: 'MH12 20140012345', vehicle_number: 'MH12KL4821', vehicle_type: 'TWO_WHEELER' },
      docs: ['AADHAAR', 'DRIVING_LICENCE'],
    },
  ];
  for (const p of pending) {
    const at = new Date(now.getTime() - p.hoursAgo * 60 * 60 * 1000);
    const unitId = randomUUID();
    const userId = randomUUID();
    const warehouseId = randomUUID();
    await db
      .insertInto('units')
      .values({ id: unitId, unit_code: p.unitCode, trade_name: p.trade, customer_type: p.type, activated: false, address_line: `${p.address}, ${p.landmark}`, city: p.city, state: 'Maharashtra', pincode: p.pincode, latitude: p.lat, longitude: p.lng, delivery_market: p.city, created_at: at })
      .execute();
    await db.insertInto('warehouses').values({ id: warehouseId, unit_id: unitId, display_name: `${p.city} Main`, city: p.city, latitude: p.lat, longitude: p.lng, address_line: p.address, pincode: p.pincode, created_at: at }).execute();
    await db.insertInto('users').values({ id: userId, unit_id: unitId, role: 'OWNER', first_name: p.first, last_name: p.last, mobile: p.mobile, email: p.email, active_warehouse_id: warehouseId, created_at: at }).execute();
    const registrationId = randomUUID();
    await db
      .insertInto('registrations')
      .values({
        id: registrationId, mobile: p.mobile, token_hash: token(), status: 'SUBMITTED', step: 4, customer_type: p.type, first_name: p.first, last_name: p.last, email: p.email,
        pincode: p.pincode, address_line: p.address, landmark: p.landmark, city: p.city, district: p.district, state: 'Maharashtra', latitude: p.lat, longitude: p.lng,
        ...p.ids, terms_accepted_at: at, consent_accepted_at: at, submitted_at: at, unit_id: unitId, user_id: userId, created_at: at, updated_at: at,
      })
      .execute();
    for (const kind of p.docs) {
      await db
        .insertInto('registration_documents')
        .values({ id: randomUUID(), registration_id: registrationId, kind, file_name: `${kind.toLowerCase()}.pdf`, mime_type: 'application/pdf', size_bytes: DEMO_PDF.length, content: DEMO_PDF, created_at: at })
        .execute();
    }
  }
}
