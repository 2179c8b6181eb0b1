import { MOVE_IN_PATHS, type BillMatches, type ConnectResult, type InviteResult, type MoveInImport, type MoveInKind, type MoveInParties, type MoveInParty } from 'shared-api';
import type { SmsSender } from '../src/modules/auth/sms';
import { billMatchKey } from '../src/modules/move-in/network';
import { DEMO, bearer, body, build, login } from './helpers';
import { multipart } from './inventory-fixtures';

/** The texts the SMS adapter was asked to send; `failFor` numbers make it throw (a gateway outage). */
const sent: { mobile: string; message: string }[] = [];
const failFor = new Set<string>();
const sms: SmsSender = {
  sendOtp: async () => undefined,
  sendText: async (mobile, message) => {
    if (failFor.has(mobile)) throw new Error('gateway down');
    sent.push({ mobile, message });
  },
};

const t = build({ sms });

beforeEach(() => {
  sent.length = 0;
  failFor.clear();
});

/** Thane Pharma Distributors: a stockist moving in. Agarwal (DEMO.stockist): a stockist here that sells to it. */
const MOVER = '9800000202';
const OPENING = '2026-10-31';
type Headers = Record<string, string>;

const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n'));

async function owner(mobile: string): Promise<Headers> {
  const headers = bearer(await login(t.app, mobile));
  const res = await t.app.inject({ method: 'PUT', url: MOVE_IN_PATHS.openingDate, headers, payload: { openingDate: OPENING } });
  expect(res.statusCode).toBe(200);
  return headers;
}

async function imported(headers: Headers, kind: MoveInKind, bytes: Buffer, fields: Record<string, string> = {}): Promise<void> {
  const form = multipart(`${kind.toLowerCase()}.csv`, bytes, { kind, ...fields });
  const preview = await t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.imports, headers: { ...headers, ...form.headers }, payload: form.payload });
  expect(preview.statusCode).toBe(200);
  t.clock.advance(60);
  const res = await t.app.inject({ method: 'POST', url: MOVE_IN_PATHS.confirm(body<MoveInImport>(preview).importId), headers, payload: {} });
  expect(res.statusCode).toBe(200);
}

async function unitOf(mobile: string) {
  return t.db.selectFrom('users as u').innerJoin('units as n', 'n.id', 'u.unit_id').select(['n.id', 'n.unit_code', 'n.trade_name']).where('u.mobile', '=', mobile).executeTakeFirstOrThrow();
}

async function gstinOf(unitCode: string): Promise<string> {
  const row = await t.db.selectFrom('registrations as r').innerJoin('units as u', 'u.id', 'r.unit_id').select('r.gstin').where('u.unit_code', '=', unitCode).where('r.gstin', 'is not', null).orderBy('r.created_at', 'desc').executeTakeFirstOrThrow();
  return row.gstin!;
}

async function parties(headers: Headers, query: Record<string, string> = {}): Promise<MoveInParties> {
  const res = await t.app.inject({ method: 'GET', url: MOVE_IN_PATHS.parties, headers, query });
  expect(res.statusCode).toBe(200);
  return body<MoveInParties>(res);
}

const post = (headers: Headers, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
const byName = (list: MoveInParties) => new Map(list.items.map((p) => [p.name, p]));

describe('move-in network: imported parties join the platform', () => {
  it('links parties by their GSTIN to units here, invites the others by SMS once a day with a filled sign-up link, and offers connections', async () => {
    let headers = await owner(MOVER);
    const agarwal = await unitOf(DEMO.stockist);
    const retailer = await unitOf(DEMO.retailer);
    const [agarwalGstin, retailerGstin] = [await gstinOf(agarwal.unit_code), await gstinOf(retailer.unit_code)];
    await imported(
      headers,
      'PARTIES',
      csv([
        ['Party Name', 'Group', 'GSTIN', 'Mobile', 'PIN', 'Balance'],
        ['Agarwal as we call them', 'Sundry Creditors', agarwalGstin, '', '', '12,000.00 Cr'],
        ['Sharma (our name)', 'Sundry Debtors', retailerGstin, '', '', '5,000.00 Dr'],
        ['Gupta Chemists', 'Sundry Debtors', '', '9822000001', '400602', '2,000.00 Dr'],
        ['Kale Medicals', 'Sundry Debtors', '', '', '', '1,000.00 Dr'],
      ]),
    );

    const list = await parties(headers);
    expect(list).toMatchObject({ total: 4, onPlatform: 2, invitable: 1 });
    const p = byName(list);
    expect(p.get('Agarwal as we call them')).toMatchObject({ role: 'SUPPLIER', linkedUnitCode: agarwal.unit_code, linkedUnitName: agarwal.trade_name, status: 'ON_PLATFORM', balancePaise: -1_200_000 });
    expect(p.get('Sharma (our name)')).toMatchObject({ role: 'CUSTOMER', linkedUnitCode: retailer.unit_code, status: 'ON_PLATFORM' });
    expect(p.get('Gupta Chemists')).toMatchObject({ linkedUnitCode: null, status: 'NOT_ON_PLATFORM', phone: '9822000001', invitedAt: null });
    expect((await parties(headers, { status: 'ON_PLATFORM' })).items.map((x) => x.name)).toEqual(['Agarwal as we call them', 'Sharma (our name)']);
    expect((await parties(headers, { q: 'gupta' })).items.map((x) => x.name)).toEqual(['Gupta Chemists']);

    const id = (name: string) => p.get(name)!.partyId;
    const stranger = '00000000-0000-4000-8000-000000000001';
    const invite = await post(headers, MOVE_IN_PATHS.invite, { partyIds: [id('Gupta Chemists'), id('Kale Medicals'), id('Sharma (our name)'), stranger] });
    expect(invite.statusCode).toBe(200);
    expect(body<InviteResult>(invite)).toEqual({
      invited: 1,
      skipped: [
        { partyId: id('Kale Medicals'), reason: 'No mobile number to send the invitation to' },
        { partyId: id('Sharma (our name)'), reason: `Already on Medico as ${retailer.trade_name}: send a connection request instead` },
        { partyId: stranger, reason: 'Not one of your imported parties' },
      ],
    });
    const mover = await unitOf(MOVER);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.mobile).toBe('9822000001');
    expect(sent[0]!.message).toContain(`${mover.trade_name} now keeps its books and orders on Medico and invites Gupta Chemists to join`);
    const link = new URL(/Sign up: (\S+)$/.exec(sent[0]!.message)![1]!);
    expect(link.pathname).toBe('/registration');
    expect(Object.fromEntries(link.searchParams)).toEqual({ name: 'Gupta Chemists', mobile: '9822000001', pincode: '400602', ref: mover.unit_code });
    expect(byName(await parties(headers)).get('Gupta Chemists')).toMatchObject({ status: 'INVITED', invitedAt: t.clock.now().toISOString() });

    // Never twice within a day; again the next day (signed in again: a day outlives the access token).
    t.clock.advance(23 * 3600);
    headers = bearer(await login(t.app, MOVER));
    expect(body<InviteResult>(await post(headers, MOVE_IN_PATHS.invite, { partyIds: [id('Gupta Chemists')] }))).toEqual({ invited: 0, skipped: [{ partyId: id('Gupta Chemists'), reason: 'Invited less than a day ago' }] });
    expect(sent).toHaveLength(1);
    t.clock.advance(3600);
    headers = bearer(await login(t.app, MOVER));
    expect(body<InviteResult>(await post(headers, MOVE_IN_PATHS.invite, { partyIds: [id('Gupta Chemists')] }))).toEqual({ invited: 1, skipped: [] });
    expect(sent).toHaveLength(2);

    // Connection offers: a request to the supplier (we buy from it), a notice to the customer; not twice a day.
    const connect = await post(headers, MOVE_IN_PATHS.connect, { partyIds: [id('Agarwal as we call them'), id('Sharma (our name)'), id('Kale Medicals')] });
    expect(connect.statusCode).toBe(200);
    expect(body<ConnectResult>(connect)).toEqual({ requested: 2, skipped: [{ partyId: id('Kale Medicals'), reason: 'Not on Medico yet: invite it instead' }] });
    const connection = await t.db.selectFrom('connections').select(['status']).where('buyer_unit_id', '=', mover.id).where('seller_unit_id', '=', agarwal.id).executeTakeFirstOrThrow();
    expect(['PENDING', 'APPROVED']).toContain(connection.status);
    const notice = await t.db
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('unit_id', '=', retailer.id)
      .where('title', '=', `${mover.trade_name} moved its books to Medico`)
      .executeTakeFirst();
    expect(notice?.body).toContain('lists you as a customer');
    const after = byName(await parties(headers));
    expect(after.get('Agarwal as we call them')!.status).toBe(connection.status === 'APPROVED' ? 'CONNECTED' : 'REQUESTED');
    expect(after.get('Sharma (our name)')!.status).toBe('REQUESTED');
    const again = body<ConnectResult>(await post(headers, MOVE_IN_PATHS.connect, { partyIds: [id('Sharma (our name)')] }));
    expect(again).toEqual({ requested: 0, skipped: [{ partyId: id('Sharma (our name)'), reason: 'Offered a connection less than a day ago' }] });
  });

  it('an SMS that does not go out leaves the party uninvited, to be tried again at once', async () => {
    const headers = await owner(MOVER);
    await imported(headers, 'PARTIES', csv([['Party Name', 'Group', 'Mobile', 'Balance'], ['Gupta Chemists', 'Sundry Debtors', '9822000001', '2,000.00 Dr']]));
    const gupta = (await parties(headers)).items[0]!;
    failFor.add('9822000001');
    expect(body<InviteResult>(await post(headers, MOVE_IN_PATHS.invite, { partyIds: [gupta.partyId] }))).toEqual({ invited: 0, skipped: [{ partyId: gupta.partyId, reason: 'The SMS could not be sent: try again later' }] });
    expect((await parties(headers)).items[0]).toMatchObject<Partial<MoveInParty>>({ status: 'NOT_ON_PLATFORM', invitedAt: null });
    failFor.clear();
    expect(body<InviteResult>(await post(headers, MOVE_IN_PATHS.invite, { partyIds: [gupta.partyId] })).invited).toBe(1);
  });

  it('links a party whose GSTIN joins the platform after the import', async () => {
    const headers = await owner(MOVER);
    const gstin = '27AAPFU0939F1ZV';
    await imported(headers, 'PARTIES', csv([['Party Name', 'Group', 'GSTIN', 'Balance'], ['Late Joiner Pharma', 'Sundry Debtors', gstin, '1,000.00 Dr']]));
    expect((await parties(headers)).items[0]).toMatchObject({ status: 'NOT_ON_PLATFORM', linkedUnitCode: null });
    const retailer = await unitOf(DEMO.retailer);
    await t.db.updateTable('registrations').set({ gstin }).where('unit_id', '=', retailer.id).execute();
    expect((await parties(headers)).items[0]).toMatchObject({ status: 'ON_PLATFORM', linkedUnitCode: retailer.unit_code });
  });

  it('is the owner’s alone', async () => {
    const employee = bearer(await login(t.app, DEMO.stockistEmployee));
    for (const [method, url] of [
      ['GET', MOVE_IN_PATHS.parties],
      ['POST', MOVE_IN_PATHS.invite],
      ['POST', MOVE_IN_PATHS.connect],
      ['GET', MOVE_IN_PATHS.billMatches],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: employee, ...(method === 'POST' ? { payload: { partyIds: ['00000000-0000-4000-8000-000000000001'] } } : {}) });
      expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 403, 'E0040']);
    }
  });

  it('refuses an empty or malformed choice of parties', async () => {
    const headers = await owner(MOVER);
    for (const url of [MOVE_IN_PATHS.invite, MOVE_IN_PATHS.connect]) {
      for (const payload of [{ partyIds: [] }, { partyIds: ['x'] }, {}]) {
        const res = await post(headers, url, payload);
        expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'E0001']);
      }
    }
  });
});

describe('move-in network: open bills between two units that both moved in', () => {
  it('compares bill numbers as both books write them: matched, amount differs, missing there; not moved in until the other imports', async () => {
    const mover = await unitOf(MOVER);
    const agarwal = await unitOf(DEMO.stockist);
    const moverHeaders = await owner(MOVER);
    await imported(moverHeaders, 'PARTIES', csv([['Party Name', 'Group', 'GSTIN', 'Balance'], ['Agarwal Pharma', 'Sundry Creditors', await gstinOf(agarwal.unit_code), '18,000.00 Cr']]));
    await imported(
      moverHeaders,
      'BILLS',
      csv([
        ['Party Name', 'Bill No', 'Bill Date', 'Pending Amount'],
        ['Agarwal Pharma', 'AG/26-27/0101', '20-10-2026', '10,000.00'],
        ['Agarwal Pharma', 'AG/26-27/0102', '21-10-2026', '5,000.00'],
        ['Agarwal Pharma', 'AG/26-27/0103', '22-10-2026', '3,000.00'],
      ]),
      { side: 'PAYABLE' },
    );
    const before = body<BillMatches>(await t.app.inject({ method: 'GET', url: MOVE_IN_PATHS.billMatches, headers: moverHeaders }));
    expect(before.counts).toEqual({ MATCHED: 0, AMOUNT_DIFFERS: 0, MISSING_THERE: 0, NOT_MOVED_IN: 3 });

    const agarwalHeaders = await owner(DEMO.stockist);
    await imported(agarwalHeaders, 'PARTIES', csv([['Party Name', 'Group', 'GSTIN', 'Balance'], ['Thane Pharma', 'Sundry Debtors', await gstinOf(mover.unit_code), '14,000.00 Dr']]));
    await imported(
      agarwalHeaders,
      'BILLS',
      csv([
        ['Party Name', 'Bill No', 'Bill Date', 'Pending Amount'],
        ['Thane Pharma', 'ag 26-27 101', '20-10-2026', '10,000.00'],
        ['Thane Pharma', 'AG-26-27-102', '21-10-2026', '4,000.00'],
      ]),
      { side: 'RECEIVABLE' },
    );

    const ours = body<BillMatches>(await t.app.inject({ method: 'GET', url: MOVE_IN_PATHS.billMatches, headers: moverHeaders }));
    expect(ours.items.map((b) => [b.billNumber, b.side, b.partyName, b.partyUnitCode, b.ourPendingPaise, b.theirPendingPaise, b.status])).toEqual([
      ['AG/26-27/0101', 'PAYABLE', 'Agarwal Pharma', agarwal.unit_code, 1_000_000, 1_000_000, 'MATCHED'],
      ['AG/26-27/0102', 'PAYABLE', 'Agarwal Pharma', agarwal.unit_code, 500_000, 400_000, 'AMOUNT_DIFFERS'],
      ['AG/26-27/0103', 'PAYABLE', 'Agarwal Pharma', agarwal.unit_code, 300_000, null, 'MISSING_THERE'],
    ]);
    expect(ours.counts).toEqual({ MATCHED: 1, AMOUNT_DIFFERS: 1, MISSING_THERE: 1, NOT_MOVED_IN: 0 });
    const theirs = body<BillMatches>(await t.app.inject({ method: 'GET', url: MOVE_IN_PATHS.billMatches, headers: agarwalHeaders }));
    expect(theirs.items.map((b) => [b.billNumber, b.side, b.partyUnitCode, b.theirPendingPaise, b.status])).toEqual([
      ['ag 26-27 101', 'RECEIVABLE', mover.unit_code, 1_000_000, 'MATCHED'],
      ['AG-26-27-102', 'RECEIVABLE', mover.unit_code, 500_000, 'AMOUNT_DIFFERS'],
    ]);
  });

  it('billMatchKey: separators, case and leading zeros do not matter; different numbers stay apart', () => {
    expect(billMatchKey('INV/26-27/0101')).toBe(billMatchKey('inv 26 27 101'));
    expect(billMatchKey('INV/26-27/0101')).not.toBe(billMatchKey('INV/26-27/1010'));
    expect(billMatchKey('A1-23')).not.toBe(billMatchKey('A12-3'));
  });
});
