import type { FastifyBaseLogger } from 'fastify';
import type { GlobalSearchResult, StockistOffer, StockistsResult, SuggestResult } from 'shared-api';
import { NEAR_EXPIRY_DAYS } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { notFound } from '../../http/errors';
import { originOf } from '../connections/repository';
import { CachedMap } from '../../db/cached-map';
import type { ChangeFeed, Topic, TopicChanges } from '../../db/change-feed';
import { ProductIndex, type ProductText } from './product-index';
import { BatchedWriter } from './batched-writer';
import { addSearchHits, loadProducts, loadStock, offersOf, recentSearches, recordSearches, visibleSellerIds, type SearchHit, type SearchRecord } from './repository';
import { dateOfDay, dayNumber, StockCache, type ProductStock, type StockSummary } from './stock-cache';
import { addDays, haversineKm, istDate, queryWords } from './text';

const SUGGESTIONS = 10;
const RESULTS = 50;
const HISTORY = 10;
/**
 * How many matching products with stock are weighed before the best are picked (by rank, then seller count):
 * a few times the number shown, taken in rank-then-name order.
 */
const WEIGHED_PER_SHOWN = 3;
/** Stock of this many products is loaded per query while walking the matches. */
const LOAD_CHUNK = 200;

interface Catalogue {
  index: ProductIndex;
  stock: StockCache;
}

interface Found {
  product: ProductText;
  summary: StockSummary;
}

/** Buyers whose visible sellers are remembered at most. */
const VISIBLE_CACHE_BUYERS = 10_000;

/**
 * The header box and the search page. Product text is matched in memory (ProductIndex), and each product's stock
 * summary and each buyer's visible sellers are kept in memory until the change log says they changed (ChangeFeed).
 * The request hook (app.ts) catches the feed up before any signed-in request runs, so what is cached here is never
 * older than the request; a suggestion then usually costs no query of its own.
 */
export class SearchService {
  /** Replaced whole when the log says everything changed; positions in one mean nothing in another. */
  /** Loaded by the first search after start or after the log said everything changed, not by other requests. */
  private catalogue: Promise<Catalogue> | null = null;
  private readonly visibleSellers = new CachedMap<string, string[]>(VISIBLE_CACHE_BUYERS);

  /**
   * Recent searches, in batches: reading the caller's history writes what is waiting first, so this process always
   * shows a search it answered; another process shows it within 100 ms.
   */
  private readonly searches: BatchedWriter<SearchRecord>;
  /** Buyers' interest per product and day (the dashboard's most-searched products), added up once a second. */
  private readonly hits: BatchedWriter<SearchHit>;

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    feed: ChangeFeed,
    log: FastifyBaseLogger,
    /**
     * The stock, products and visibility reads (DATABASE_READ_URL's replica when it is fresh enough, src/db/reader.ts).
     * A buyer's recent searches are written by this process after the request began: read from `db`.
     */
    private readonly reader: Database = db,
  ) {
    this.searches = new BatchedWriter({ delayMs: 100, write: (records) => recordSearches(db, records), what: 'recording recent searches', log });
    this.hits = new BatchedWriter({
      delayMs: 1000,
      write: (hits) => addSearchHits(db, hits),
      merge: (a, b) => ({ ...a, hits: a.hits + b.hits }),
      what: 'counting product searches',
      log,
    });
    feed.subscribe((changes) => this.apply(changes));
  }

  async suggest(caller: Caller, text: string): Promise<SuggestResult> {
    const words = queryWords(text);
    if (!words.length) return { suggestors: [] };
    const hits = await this.find(words, SUGGESTIONS);
    return {
      suggestors: hits.map(({ product: p, summary }) => ({
        productId: p.id,
        name: p.name,
        suggestion: [p.name, p.pack && `(${p.pack})`, `· ${p.manufacturer}`].filter(Boolean).join(' '),
        stockists: summary.sellers,
      })),
    };
  }

  async global(caller: Caller, text: string): Promise<GlobalSearchResult> {
    const query = text.trim().replace(/\s+/g, ' ');
    const words = queryWords(query);
    const record = { userId: caller.userId, query: query.toLowerCase(), at: this.config.now() };
    this.searches.add(`${record.userId} ${record.query}`, record);
    const visibleIds = await this.visibleSellers.get(caller.unitId, (buyer) => visibleSellerIds(this.reader, buyer));
    const hits = words.length ? await this.find(words, RESULTS, visibleIds) : [];
    // The best match is what the buyer was after; the rest of the page is not counted as interest.
    if (hits[0]) this.countHit(hits[0].product.id);
    return {
      query,
      products: hits.map(({ product: p, summary }) => ({
        productId: p.id,
        name: p.name,
        manufacturer: p.manufacturer,
        composition: p.composition,
        pack: p.pack,
        sellerCount: summary.sellers,
        visibleSellerCount: summary.visibleSellers,
        lowestPtrPaise: summary.lowestPtrPaise,
        nearestExpiry: summary.nearestExpiryDay === null ? null : dateOfDay(summary.nearestExpiryDay),
      })),
    };
  }

  async history(caller: Caller): Promise<string[]> {
    await this.searches.flush();
    return recentSearches(this.db, caller.userId, HISTORY);
  }

  /** Writes the searches and hits still waiting (the app calls this when it closes). */
  async close(): Promise<void> {
    await Promise.all([this.searches.flush(), this.hits.flush()]);
  }

  /**
   * Adds the product hits counted so far and answers how many writes of hits this process has made: the dashboard
   * reads the counters after this, and recounts its cached top products when the number moved.
   */
  async flushHits(): Promise<number> {
    await this.hits.flush();
    return this.hits.writes;
  }

  private countHit(productId: string): void {
    const day = this.today();
    this.hits.add(`${day} ${productId}`, { day, productId, hits: 1 });
  }

  /** Every seller with sellable stock of the product, nearest first; stock and prices only where visible (§6). */
  async stockists(caller: Caller, productId: string): Promise<StockistsResult> {
    const product = await this.reader
      .selectFrom('products')
      .select(['id', 'name', 'manufacturer', 'composition', 'pack'])
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) throw notFound();
    const today = this.today();
    this.countHit(product.id);
    const nearLimit = addDays(today, NEAR_EXPIRY_DAYS);
    const [rows, origin] = await Promise.all([
      offersOf(this.reader, caller.unitId, productId, today),
      originOf(this.reader, caller.userId, caller.unitId),
    ]);
    const bySeller = new Map<string, StockistOffer>();
    for (const r of rows) {
      if (r.seller_unit_id === caller.unitId) continue;
      let offer = bySeller.get(r.seller_unit_id);
      if (!offer) {
        offer = {
          sellerUnitCode: r.seller_unit_code,
          tradeName: r.trade_name,
          city: r.city,
          distanceKm: null,
          visible: r.visible,
          connectionStatus: r.connection_status ?? 'NONE',
          availableQuantity: r.visible ? 0 : null,
          batches: [],
        };
        bySeller.set(r.seller_unit_id, offer);
      }
      const lat = r.w_lat ?? r.unit_lat;
      const lng = r.w_lng ?? r.unit_lng;
      if (origin && lat !== null && lng !== null) {
        const km = haversineKm(origin.latitude, origin.longitude, lat, lng);
        offer.distanceKm = offer.distanceKm === null ? km : Math.min(offer.distanceKm, km);
      }
      if (!r.visible) continue;
      offer.availableQuantity = (offer.availableQuantity ?? 0) + r.available;
      offer.batches.push({
        batchNo: r.batch_no,
        expiryDate: r.expiry_date,
        nearExpiry: r.expiry_date <= nearLimit,
        available: r.available,
        ptrPaise: r.ptr_paise,
        mrpPaise: r.mrp_paise,
        schemeBuy: r.scheme_buy,
        schemeFree: r.scheme_free,
      });
    }
    const stockists = [...bySeller.values()].sort(
      (a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) || a.tradeName.localeCompare(b.tradeName),
    );
    return { product: { productId: product.id, name: product.name, manufacturer: product.manufacturer, composition: product.composition, pack: product.pack }, stockists };
  }

  private today(): string {
    return istDate(this.config.now());
  }

  /**
   * Best basket (issue 18): the catalogue products a shopping-list line may mean, best match first (the index's rank,
   * then name), with the same typo and salt tolerance as the search box; stock is not looked at here.
   */
  async candidates(text: string, limit: number): Promise<{ product: ProductText; rank: number }[]> {
    const words = queryWords(text);
    if (!words.length) return [];
    const { index } = await this.loadCatalogue();
    const matches = index.match(words);
    const found: { product: ProductText; rank: number }[] = [];
    for (let i = 0; i < matches.length && found.length < limit; i++) found.push({ product: index.product(matches.product(i)), rank: matches.rank(i) });
    return found;
  }

  /**
   * Products matching the words that some seller has sellable stock of, best match first, then by how many sellers
   * have them; with the visible sellers' lowest PTR and nearest expiry when `visibleIds` is given.
   */
  private async find(words: string[], shown: number, visibleIds: string[] = []): Promise<Found[]> {
    const { index, stock } = await this.loadCatalogue();
    const today = this.today();
    const todayNumber = dayNumber(today);
    const matches = index.match(words);
    const loaded = new Map<number, ProductStock>();
    const weighed: { position: number; rank: number; sellers: number }[] = [];
    for (let from = 0; from < matches.length && weighed.length < shown * WEIGHED_PER_SHOWN; from += LOAD_CHUNK) {
      const to = Math.min(matches.length, from + LOAD_CHUNK);
      const missing: number[] = [];
      for (let i = from; i < to; i++) if (!stock.has(matches.product(i))) missing.push(matches.product(i));
      if (missing.length) {
        const started = stock.startLoad();
        const rows = await loadStock(this.reader, missing.map((p) => index.product(p).id), today);
        for (const [product, entry] of stock.store(started, missing, (id) => index.positionOf(id), rows)) loaded.set(product, entry);
      }
      for (let i = from; i < to && weighed.length < shown * WEIGHED_PER_SHOWN; i++) {
        const position = matches.product(i);
        const sellers = stock.summarise(position, todayNumber, undefined, loaded).sellers;
        if (sellers > 0) weighed.push({ position, rank: matches.rank(i), sellers });
      }
    }
    weighed.sort((a, b) => a.rank - b.rank || b.sellers - a.sellers || index.compareNames(a.position, b.position));
    const visible = new Set(visibleIds.map((id) => stock.unitNumber(id)).filter((n) => n !== undefined));
    return weighed.slice(0, shown).map(({ position }) => ({ product: index.product(position), summary: stock.summarise(position, todayNumber, visible, loaded) }));
  }

  private loadCatalogue(): Promise<Catalogue> {
    const loading = (this.catalogue ??= loadProducts(this.reader).then(
      (products) => {
        const catalogue = { index: new ProductIndex(), stock: new StockCache() };
        for (const product of products) catalogue.index.upsert(product);
        return catalogue;
      },
      (error: unknown) => {
        // Not kept: the next search tries again.
        if (this.catalogue === loading) this.catalogue = null;
        throw error;
      },
    ));
    return loading;
  }

  /** Applies what the change log reported: new or renamed products into the index, changed stock out of the cache. */
  private async apply(changes: ReadonlyMap<Topic, TopicChanges>): Promise<void> {
    const connections = changes.get('connection');
    if (connections?.all) this.visibleSellers.clear();
    else if (connections) this.visibleSellers.delete(connections.keys);

    const products = changes.get('product');
    if (products?.all || !this.catalogue) {
      // Requests still running keep the pair they started with (positions differ between two).
      this.catalogue = null;
      return;
    }
    // A catalogue still loading may have read before these changes: applying them again is harmless.
    const catalogue = await this.catalogue.catch(() => null);
    if (!catalogue) return;
    const { index, stock } = catalogue;
    if (products?.keys.size) {
      const loaded = await loadProducts(this.reader, [...products.keys]);
      // A product gone from the catalogue (merged into another) cannot be taken out of the index: it is read again
      // whole at the next search, as after a TRUNCATE. Merges are rare.
      const found = new Set(loaded.map((p) => p.id));
      if ([...products.keys].some((id) => !found.has(id) && index.positionOf(id) !== undefined)) {
        this.catalogue = null;
        return;
      }
      for (const product of loaded) index.upsert(product);
    }
    const stocks = changes.get('stock');
    if (stocks?.all) stock.clear();
    else if (stocks?.keys.size || products?.keys.size) {
      // A product's change may be its HSN getting (or losing) a GST rate: its stock is offered (or not) from now.
      const positions: number[] = [];
      for (const id of [...(stocks?.keys ?? []), ...(products?.keys ?? [])]) {
        const at = index.positionOf(id);
        if (at !== undefined) positions.push(at);
      }
      stock.invalidate(positions);
    }
  }
}
