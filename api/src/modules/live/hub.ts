import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_KEEPALIVE_MS, LIVE_STOCK_MAX_IDS, type CustomerType, type LiveEventName, type LiveStock } from 'shared-api';
import { CachedMap } from '../../db/cached-map';
import type { ChangeFeed, TopicChanges } from '../../db/change-feed';
import type { Caller } from '../../http/access';

/** A tab holds one stream; more than this per user is a runaway client, and its oldest streams are closed. */
export const LIVE_MAX_PER_USER = 12;
/** A client this far behind on reading (bytes queued) is closed instead of buffered for: it reconnects and revalidates. */
const MAX_QUEUED_BYTES = 256 * 1024;
/** SPEC.md §6: only buyers search, so only their tabs hear about stock. */
const BUYER_TYPES: ReadonlySet<CustomerType> = new Set(['RETAILER', 'HOSPITAL']);
/** Buyer units whose visible sellers are kept at most (a bound on memory: beyond it the map starts afresh). */
const VISIBLE_CACHE_BUYERS = 10_000;

/** Resolves a stream's Authorization header to its caller again, refusing (throwing) once the session has ended. */
export type Reauthenticate = (authorization: string) => Promise<Caller>;

/** The sellers whose stock a buyer unit may see (connections/visibility.ts), the buyer itself not included. */
export type SellersVisibleTo = (buyerUnitId: string) => Promise<readonly string[]>;

interface Stream {
  caller: Caller;
  authorization: string;
  res: ServerResponse;
  closed: boolean;
}

export interface LiveHubOptions {
  keepAliveMs?: number;
  maxPerUser?: number;
}

function frame(event: LiveEventName, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function add<K>(index: Map<K, Set<Stream>>, key: K, stream: Stream): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(stream);
}

function remove<K>(index: Map<K, Set<Stream>>, key: K, stream: Stream): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(stream);
  if (!set.size) index.delete(key);
}

/**
 * The live channel of one API process (ARCHITECTURE §11): the open Server-Sent Events streams of its signed-in tabs,
 * fed from the change log this process follows, so a change committed through any process (or psql) reaches every
 * tab on every process within the feed's poll interval. Events only say what to revalidate; the data itself is read
 * through the ordinary, authorized routes.
 */
export class LiveHub {
  private readonly streams = new Set<Stream>();
  private readonly byUnit = new Map<string, Set<Stream>>();
  private readonly byFamily = new Map<string, Set<Stream>>();
  /** Per user in opening order, so the oldest is the first to go when the cap is reached. */
  private readonly byUser = new Map<string, Set<Stream>>();
  /** Buyers' streams by unit: a stock change is told to the units that may see the seller's stock. */
  private readonly buyers = new Map<string, Set<Stream>>();
  /**
   * Each buyer unit's visible sellers, loaded when a stock change first concerns it and kept until the change log
   * says its connections changed ('connection', keyed by the buyer): a stock frame costs no query per stream.
   */
  private readonly visible = new CachedMap<string, ReadonlySet<string>>(VISIBLE_CACHE_BUYERS);
  private readonly maxPerUser: number;
  private readonly ticker: NodeJS.Timeout;

  constructor(
    feed: ChangeFeed,
    private readonly reauthenticate: Reauthenticate,
    private readonly sellersVisibleTo: SellersVisibleTo,
    private readonly log: FastifyBaseLogger,
    options: LiveHubOptions = {},
  ) {
    this.maxPerUser = options.maxPerUser ?? LIVE_MAX_PER_USER;
    feed.subscribe((changes) => this.onChanges(changes));
    // The comment keeps proxies from closing an idle stream; the re-check ends streams whose token has expired or
    // whose session ended without a logged change (a refresh token running out): the tab reconnects with a fresh one.
    this.ticker = setInterval(() => {
      this.broadcast(this.streams, ': keepalive\n\n');
      this.recheck(this.streams);
    }, options.keepAliveMs ?? LIVE_KEEPALIVE_MS);
    this.ticker.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /** Starts a stream on `res` (the reply was hijacked; `headers` are the ones other hooks set, e.g. CORS). */
  open(caller: Caller, authorization: string, res: ServerResponse, headers: Record<string, string | number | string[] | undefined>): void {
    const stream: Stream = { caller, authorization, res, closed: false };
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: a compressing proxy would hold events back until its buffer fills.
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    res.on('close', () => this.forget(stream));
    res.on('error', () => this.forget(stream));

    const own = this.byUser.get(caller.userId);
    if (own && own.size >= this.maxPerUser) {
      const [oldest] = own;
      if (oldest) this.end(oldest);
    }
    this.streams.add(stream);
    add(this.byUnit, caller.unitId, stream);
    add(this.byFamily, caller.familyId, stream);
    add(this.byUser, caller.userId, stream);
    if (BUYER_TYPES.has(caller.customerType)) add(this.buyers, caller.unitId, stream);
    this.write(stream, frame('ready', {}));
  }

  /** Ends every stream (the app is closing: an open stream would keep the server from closing). */
  close(): void {
    clearInterval(this.ticker);
    for (const stream of [...this.streams]) this.end(stream);
  }

  private onChanges(changes: ReadonlyMap<string, TopicChanges>): void {
    const notification = changes.get('notification');
    if (notification) {
      const event = frame('notifications', {});
      if (notification.all) this.broadcast(this.streams, event);
      else for (const unitId of notification.keys) this.broadcast(this.byUnit.get(unitId), event);
    }
    // Before the stock: a buyer given access in the same changes hears of the seller's stock at once.
    const connection = changes.get('connection');
    if (connection?.all) this.visible.clear();
    else if (connection) this.visible.delete(connection.keys);
    const stock = changes.get('stock');
    if (stock && this.buyers.size) {
      // Rows that name no seller (the whole topic, or logged before migration 036): "revalidate all" names nothing.
      const named = new Set([...stock.byUnit.values()].flatMap((keys) => [...keys]));
      if (stock.all || [...stock.keys].some((key) => !named.has(key))) {
        for (const streams of this.buyers.values()) this.broadcast(streams, frame('stock', { productIds: [], all: true } satisfies LiveStock));
      } else {
        // Not awaited: the feed hands changes to the caches before every request, which must not wait on this.
        this.tellBuyers(stock.byUnit).catch((err: unknown) => this.log.error({ err }, 'live stock frames not sent'));
      }
    }
    // A logout, a revoked family, a deleted user or unit: those streams' sessions are checked again (the auth
    // service, subscribed before the hub, has already dropped them from its cache).
    const affected = new Set<Stream>();
    const collect = (topic: TopicChanges | undefined, index: Map<string, Set<Stream>>) => {
      if (!topic) return;
      if (topic.all) for (const s of this.streams) affected.add(s);
      else for (const key of topic.keys) for (const s of index.get(key) ?? []) affected.add(s);
    };
    collect(changes.get('session'), this.byFamily);
    collect(changes.get('user'), this.byUser);
    collect(changes.get('unit'), this.byUnit);
    if (affected.size) this.recheck(affected);
  }

  /** Each buyer unit with open streams hears of the products of the sellers whose stock it may see (or its own). */
  private async tellBuyers(bySeller: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
    for (const unitId of [...this.buyers.keys()]) {
      const sellers = await this.visible.get(unitId, async (buyer) => new Set(await this.sellersVisibleTo(buyer)));
      const productIds = new Set<string>();
      for (const [seller, products] of bySeller) if (seller === unitId || sellers.has(seller)) for (const p of products) productIds.add(p);
      if (!productIds.size) continue;
      const all = productIds.size > LIVE_STOCK_MAX_IDS;
      const data: LiveStock = { productIds: all ? [] : [...productIds], all };
      this.broadcast(this.buyers.get(unitId), frame('stock', data));
    }
  }

  private recheck(streams: Iterable<Stream>): void {
    for (const stream of [...streams]) {
      this.reauthenticate(stream.authorization).then(
        (caller) => {
          // Same session, but its user may have moved unit or changed role: a new stream is indexed afresh.
          if (caller.unitId !== stream.caller.unitId || caller.customerType !== stream.caller.customerType) this.end(stream);
        },
        () => this.end(stream),
      );
    }
  }

  private broadcast(streams: Iterable<Stream> | undefined, text: string): void {
    if (!streams) return;
    for (const stream of [...streams]) this.write(stream, text);
  }

  private write(stream: Stream, text: string): void {
    if (stream.closed) return;
    if (stream.res.writableLength > MAX_QUEUED_BYTES) {
      this.log.warn({ userId: stream.caller.userId }, 'live stream not read; closed');
      this.end(stream);
      return;
    }
    stream.res.write(text);
  }

  private end(stream: Stream): void {
    this.forget(stream);
    if (!stream.res.writableEnded) stream.res.end();
  }

  private forget(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    remove(this.byUnit, stream.caller.unitId, stream);
    remove(this.byFamily, stream.caller.familyId, stream);
    remove(this.byUser, stream.caller.userId, stream);
    remove(this.buyers, stream.caller.unitId, stream);
  }
}
