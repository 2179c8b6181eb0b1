import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INVENTORY_PATHS, MARKETPLACE_PATHS, NOTIFICATION_PATHS, PATHS, SseParser, type LiveStock, type Session } from 'shared-api';
import { LIVE_MAX_PER_USER } from '../src/modules/live/hub';
import { marketplaceWorld, unitId } from './cart-fixtures';
import { buildApp } from '../src/app';
import { DEMO, bearer, build, login, openSecondDatabase } from './helpers';

/**
 * The live channel over real HTTP (ARCHITECTURE §11): the app listens on a free port and each stream is read the way
 * a browser's fetch reads it, event by event, while the changes are made through the API.
 */
const t = build();
let base: string;

beforeEach(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

interface LiveEvent {
  event: string;
  data: unknown;
}

interface Stream {
  status: number;
  headers: IncomingMessage['headers'];
  events: LiveEvent[];
  ended: Promise<void>;
  isEnded: () => boolean;
  /** Resolves with the first event (received so far or later) that matches, or fails after `ms`. */
  next: (event: string, match?: (data: unknown) => boolean, ms?: number) => Promise<LiveEvent>;
  close: () => void;
}

const open: Stream[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

/** GET the live path (of this app, or of the one listening at `at`) and parse Server-Sent Events as they arrive. */
function connect(headers: Record<string, string>, at = base): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${at}${NOTIFICATION_PATHS.live}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: LiveEvent[] = [];
      const waiters: (() => void)[] = [];
      let ended = false;
      const parser = new SseParser((event, data) => events.push({ event, data: JSON.parse(data) }));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        parser.push(chunk);
        for (const w of waiters.splice(0)) w();
      });
      const endedPromise = new Promise<void>((done) => res.on('close', () => ((ended = true), done())));
      const stream: Stream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        ended: endedPromise,
        isEnded: () => ended,
        next: (event, match = () => true, ms = 3000) =>
          new Promise((found, fail) => {
            const timer = setTimeout(() => fail(new Error(`no ${event} event within ${ms} ms; got ${JSON.stringify(events)}`)), ms);
            const look = () => {
              const hit = events.find((e) => e.event === event && match(e.data));
              if (hit) {
                clearTimeout(timer);
                found(hit);
              } else waiters.push(look);
            };
            look();
          }),
        close: () => req.destroy(),
      };
      open.push(stream);
      resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(session: Session, url: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
}

describe('GET /notifications/live', () => {
  it('refuses a caller without a session with the error envelope, and opens no stream', async () => {
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}${NOTIFICATION_PATHS.live}`, (r) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ type: 'error', code: 'E0039' });
  });

  it('streams events with the CORS headers of a screen origin, then tells the seller of an order (only that unit)', async () => {
    const w = await marketplaceWorld(t.db);
    const seller = await login(t.app, DEMO.stockist);
    const buyer = await login(t.app, DEMO.retailer);
    const other = await login(t.app, DEMO.hospital);
    const sellerStream = await connect({ ...bearer(seller), origin: 'http://localhost:3000' });
    const otherStream = await connect(bearer(other));
    expect(sellerStream.status).toBe(200);
    expect(sellerStream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(sellerStream.headers['cache-control']).toMatch(/no-cache/);
    expect(sellerStream.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    await sellerStream.next('ready');
    await otherStream.next('ready');

    await post(buyer, MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 10 });
    expect((await post(buyer, MARKETPLACE_PATHS.cartSubmit)).statusCode).toBe(200);
    // Within the promise of a second of the commit (the feed polls every LIVE_POLL_MS, 250 ms by default).
    const committedAt = Date.now();
    await sellerStream.next('notifications');
    expect(Date.now() - committedAt).toBeLessThan(1000);
    const sellerUnit = await unitId(t.db, 'STK-PUN-001');
    const told = await t.db.selectFrom('notifications').select('type').where('unit_id', '=', sellerUnit).where('read_at', 'is', null).execute();
    expect(told.map((n) => n.type)).toContain('B2B_ORDER');

    await sleep(400);
    expect(otherStream.events.map((e) => e.event)).not.toContain('notifications');
  });

  it('tells buyers (not sellers) which products changed stock', async () => {
    const seller = await login(t.app, DEMO.stockist);
    const buyer = await login(t.app, DEMO.retailer);
    const buyerStream = await connect(bearer(buyer));
    const sellerStream = await connect(bearer(seller));
    await buyerStream.next('ready');
    await sellerStream.next('ready');

    const added = await post(seller, INVENTORY_PATHS.add, {
      productName: 'Dolovex 650 Tablet',
      manufacturer: 'Microvia Labs',
      pack: '15 tablets',
      batchNo: 'LIVE-1',
      expiryDate: '2028-03-31',
      mrpPaise: 3400,
      ptrPaise: 2800,
      quantity: 25,
    });
    expect(added.statusCode).toBe(200);
    const productId = (await t.db.selectFrom('inventory_batches').select('product_id').where('batch_no', '=', 'LIVE-1').executeTakeFirstOrThrow()).product_id;
    const { data } = await buyerStream.next('stock', (d) => (d as LiveStock).productIds.includes(productId));
    expect(data).toEqual({ productIds: [productId], all: false });
    await sleep(300);
    expect(sellerStream.events.map((e) => e.event)).not.toContain('stock');
  });

  it("tells a seller's stock changes only to buyers that may see that seller's stock", async () => {
    const seller = await login(t.app, DEMO.stockist);
    // Sharma Medical sees Agarwal Pharma's stock; Lifeline Hospital is connected to it without access (demo seed).
    const withAccess = await connect(bearer(await login(t.app, DEMO.retailer)));
    const withoutAccess = await connect(bearer(await login(t.app, DEMO.hospital)));
    await withAccess.next('ready');
    await withoutAccess.next('ready');
    const addBatch = async (batchNo: string) => {
      const added = await post(seller, INVENTORY_PATHS.add, { productName: 'Dolovex 650 Tablet', manufacturer: 'Microvia Labs', pack: '15 tablets', batchNo, expiryDate: '2028-03-31', mrpPaise: 3400, ptrPaise: 2800, quantity: 25 });
      expect(added.statusCode).toBe(200);
      return (await t.db.selectFrom('inventory_batches').select('product_id').where('batch_no', '=', batchNo).executeTakeFirstOrThrow()).product_id;
    };

    const productId = await addBatch('SEEN-1');
    const { data } = await withAccess.next('stock', (d) => (d as LiveStock).productIds.includes(productId));
    expect(data).toEqual({ productIds: [productId], all: false });
    await sleep(400);
    expect(withoutAccess.events.map((e) => e.event)).not.toContain('stock');

    // The seller gives the hospital access: from then on its stream hears of the seller's changes too.
    const hospitalUnit = await unitId(t.db, 'HSP-AMD-001');
    const sellerUnit = await unitId(t.db, 'STK-PUN-001');
    await t.db.updateTable('connections').set({ has_access: true }).where('buyer_unit_id', '=', hospitalUnit).where('seller_unit_id', '=', sellerUnit).execute();
    await addBatch('SEEN-2');
    expect((await withoutAccess.next('stock', (d) => (d as LiveStock).productIds.includes(productId))).data).toEqual({ productIds: [productId], all: false });
  });

  it("tells a stock change made through another API process only to that process's streams of buyers who may see it", async () => {
    // A second app on its own connections to the same database, as another process would be (multi-instance.test.ts).
    const db = await openSecondDatabase(t.db);
    const other = await buildApp(t.config, { db });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
      const withAccess = await connect(bearer(await login(t.app, DEMO.retailer)), otherBase);
      const withoutAccess = await connect(bearer(await login(t.app, DEMO.hospital)), otherBase);
      await withAccess.next('ready');
      await withoutAccess.next('ready');
      const seller = await login(t.app, DEMO.stockist);
      const added = await post(seller, INVENTORY_PATHS.add, { productName: 'Dolovex 650 Tablet', manufacturer: 'Microvia Labs', pack: '15 tablets', batchNo: 'OTHER-1', expiryDate: '2028-03-31', mrpPaise: 3400, ptrPaise: 2800, quantity: 5 });
      expect(added.statusCode).toBe(200);
      const productId = (await t.db.selectFrom('inventory_batches').select('product_id').where('batch_no', '=', 'OTHER-1').executeTakeFirstOrThrow()).product_id;
      expect((await withAccess.next('stock', (d) => (d as LiveStock).productIds.includes(productId))).data).toEqual({ productIds: [productId], all: false });
      await sleep(400);
      expect(withoutAccess.events.map((e) => e.event)).not.toContain('stock');
    } finally {
      for (const s of open.splice(0)) s.close();
      await other.close();
      await db.destroy();
    }
  });

  it(`keeps at most ${LIVE_MAX_PER_USER} streams per user, closing the oldest`, async () => {
    const session = await login(t.app, DEMO.retailer);
    const streams: Stream[] = [];
    for (let i = 0; i < LIVE_MAX_PER_USER; i++) {
      const s = await connect(bearer(session));
      await s.next('ready');
      streams.push(s);
    }
    expect(streams.some((s) => s.isEnded())).toBe(false);
    const newest = await connect(bearer(session));
    await newest.next('ready');
    await streams[0]!.ended;
    expect(streams.slice(1).some((s) => s.isEnded())).toBe(false);
    expect(newest.isEnded()).toBe(false);
  });

  it('ends the stream of a session that logs out, and not the others', async () => {
    const first = await login(t.app, DEMO.retailer);
    t.clock.advance(61);
    const second = await login(t.app, DEMO.retailer);
    const a = await connect(bearer(first));
    const b = await connect(bearer(second));
    await a.next('ready');
    await b.next('ready');
    expect((await post(first, PATHS.logout)).statusCode).toBe(200);
    await a.ended;
    await sleep(300);
    expect(b.isEnded()).toBe(false);
  });

  it('ends every stream when the app closes (no hang on shutdown)', async () => {
    const session = await login(t.app, DEMO.stockist);
    const s = await connect(bearer(session));
    await s.next('ready');
    const closing = t.app.close();
    await s.ended;
    await closing;
  });
});
