import type { GlobalSearchResult, StockistOffer, StockistsResult, SuggestResult } from 'shared-api';
import { NEAR_EXPIRY_DAYS } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { notFound } from '../../http/errors';
import { originOf } from '../connections/repository';
import { offersOf, productVocabulary, recentSearches, recordSearch, searchProducts, suggestProducts, type WordMatch } from './repository';
import { addDays, corrections, haversineKm, hasPrefix, isNumber, istDate, queryWords } from './text';

const SUGGESTIONS = 10;
const RESULTS = 50;
const HISTORY = 10;
/** The typo vocabulary is reloaded at most this often; exact and prefix matches never depend on it. */
const VOCABULARY_TTL_MS = 30_000;

export class SearchService {
  private vocabulary: { words: string[]; loadedAt: number; corrections: Map<string, string[]> } | null = null;

  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  async suggest(caller: Caller, text: string): Promise<SuggestResult> {
    const words = await this.match(text);
    if (!words.length) return { suggestors: [] };
    const rows = await suggestProducts(this.db, words, this.today(), SUGGESTIONS);
    return {
      suggestors: rows.map((r) => ({
        productId: r.product_id,
        name: r.name,
        suggestion: [r.name, r.pack && `(${r.pack})`, `· ${r.manufacturer}`].filter(Boolean).join(' '),
        stockists: r.stockists,
      })),
    };
  }

  async global(caller: Caller, text: string): Promise<GlobalSearchResult> {
    const query = text.trim().replace(/\s+/g, ' ');
    await recordSearch(this.db, caller.userId, query.toLowerCase(), this.config.now());
    const words = await this.match(query);
    const rows = words.length ? await searchProducts(this.db, caller.unitId, words, this.today(), RESULTS) : [];
    return {
      query,
      products: rows.map((r) => ({
        productId: r.product_id,
        name: r.name,
        manufacturer: r.manufacturer,
        composition: r.composition,
        pack: r.pack,
        sellerCount: r.seller_count,
        visibleSellerCount: r.visible_seller_count,
        lowestPtrPaise: r.lowest_ptr_paise,
        nearestExpiry: r.nearest_expiry,
      })),
    };
  }

  history(caller: Caller): Promise<string[]> {
    return recentSearches(this.db, caller.userId, HISTORY);
  }

  /** Every seller with sellable stock of the product, nearest first; stock and prices only where visible (§6). */
  async stockists(caller: Caller, productId: string): Promise<StockistsResult> {
    const product = await this.db
      .selectFrom('products')
      .select(['id', 'name', 'manufacturer', 'composition', 'pack'])
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) throw notFound();
    const today = this.today();
    const nearLimit = addDays(today, NEAR_EXPIRY_DAYS);
    const [rows, origin] = await Promise.all([
      offersOf(this.db, caller.unitId, productId, today),
      originOf(this.db, caller.userId, caller.unitId),
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

  /** Query words with their typo alternatives: a word no product word starts with is matched to its near spellings. */
  private async match(text: string): Promise<WordMatch[]> {
    const words = queryWords(text);
    if (!words.length) return [];
    let vocabulary = await this.loadVocabulary(false);
    const result: WordMatch[] = [];
    for (const word of words) {
      if (isNumber(word)) {
        result.push({ word, whole: true, alternatives: [] });
        continue;
      }
      if (!hasPrefix(vocabulary, word)) vocabulary = await this.loadVocabulary(true);
      const alternatives = hasPrefix(vocabulary, word) ? [] : this.correctionsOf(word);
      result.push({ word, whole: false, alternatives });
    }
    return result;
  }

  /** Near spellings of a word, remembered until the vocabulary is reloaded (a scan of every known word). */
  private correctionsOf(word: string): string[] {
    const cache = this.vocabulary!.corrections;
    let found = cache.get(word);
    if (!found) {
      found = corrections(word, this.vocabulary!.words);
      if (cache.size > 10_000) cache.clear();
      cache.set(word, found);
    }
    return found;
  }

  private async loadVocabulary(fresh: boolean): Promise<string[]> {
    const now = Date.now();
    if (!this.vocabulary || (fresh && now - this.vocabulary.loadedAt > VOCABULARY_TTL_MS / 10) || now - this.vocabulary.loadedAt > VOCABULARY_TTL_MS) {
      this.vocabulary = { words: await productVocabulary(this.db), loadedAt: now, corrections: new Map() };
    }
    return this.vocabulary.words;
  }
}
