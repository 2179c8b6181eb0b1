import {
  lineAmounts,
  schemeFreeFor,
  type BasketList,
  type BasketLineResult,
  type BasketObjective,
  type BasketOffer,
  type BasketProduct,
  type BasketResult,
  type BasketSellerPlan,
  type BasketToCart,
  type Cart,
  type SupplyKind,
  type SolveBasket,
} from 'shared-api';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { CartService } from '../cart/service';
import { originOf } from '../connections/repository';
import { decodeText } from '../inventory/parsers/text';
import { readXlsx } from '../inventory/parsers/xlsx';
import { gstRatesOn } from '../ledger/gst-rates';
import { placeOfSupply, unitTaxDetails } from '../ledger/parties';
import type { SearchService } from '../search/service';
import { addDays, haversineKm, istDate, queryWords, wordsOf } from '../search/text';
import { parseListRows, parseListText } from './list-parser';
import { optimise, sellerTotals, BasketTimeout, type BasketCell, type BasketGoal } from './optimiser';
import { basketBatches, placedOrderLines, type BasketBatchRow } from './repository';

/** Catalogue products weighed per line before the best match is picked. */
const CANDIDATES = 10;
/** Distance weight of a seller with no location on record: behind every located one (tenths of a km). */
const UNKNOWN_DISTANCE = 1_000_000;

const GOAL: Record<BasketObjective, BasketGoal> = { COST: 'COST', FEWEST_SELLERS: 'SELLERS', NEAREST: 'WEIGHT', LONGEST_EXPIRY: 'WEIGHT' };

interface Seller {
  id: string;
  code: string;
  name: string;
  city: string;
  minimum: number;
  distanceKm: number | null;
}

interface Priced extends BasketOffer {
  sellerId: string;
  units: number;
}

type SolveInput = z.output<typeof SolveBasket>;

export class BasketService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly search: SearchService,
  ) {}

  parseText(text: string): BasketList {
    return nonEmpty(parseListText(text));
  }

  /** XLSX (first sheet with rows), CSV or TXT. */
  async parseFile(fileName: string, bytes: Buffer): Promise<BasketList> {
    const ext = fileName.toLowerCase().split('.').pop() ?? '';
    if (!bytes.length) throw new AppError('E0017', 400, 'The file is empty', { file: 'The file is empty' });
    if (ext === 'xlsx') {
      if (bytes.subarray(0, 4).compare(Buffer.from([0x50, 0x4b, 0x03, 0x04])) !== 0) {
        throw new AppError('E0017', 400, 'This file is not really an Excel (.xlsx) file', { file: 'Not an .xlsx file' });
      }
      return nonEmpty(parseListRows(await readXlsx(bytes)));
    }
    if (ext === 'csv' || ext === 'txt') return nonEmpty(parseListText(decodeText(bytes)));
    throw new AppError('E0017', 400, 'Upload the list as .xlsx, .csv or .txt (save an .xls sheet as .xlsx first)', { file: 'Use .xlsx, .csv or .txt' });
  }

  /** The lines of one of the buyer's placed orders: the units received (charged + free) of each product. */
  async buyAgain(caller: Caller, orderId: string): Promise<BasketList> {
    const lines = await placedOrderLines(this.db, caller.unitId, orderId);
    if (!lines) throw notFound();
    return {
      lines: lines.map((l, i) => ({ lineNo: i + 1, text: [l.product_name, l.pack && `(${l.pack})`].filter(Boolean).join(' '), quantity: l.quantity + l.free_quantity, productId: l.product_id })),
      errors: [],
    };
  }

  async solve(caller: Caller, input: SolveInput): Promise<BasketResult> {
    const today = istDate(this.config.now());
    const products = await this.resolveProducts(input.lines);
    const productIds = [...new Set([...products.values()].flatMap((c) => c.map((p) => p.productId)))];
    const [rows, origin] = await Promise.all([
      basketBatches(this.db, caller.unitId, productIds, today, input.excludeSellerCodes),
      originOf(this.db, caller.userId, caller.unitId),
    ]);

    const sellers = new Map<string, Seller>();
    const stock = new Map<string, Map<string, BasketBatchRow[]>>();
    const hsnOf = new Map<string, string | null>();
    for (const r of rows) {
      hsnOf.set(r.product_id, r.hsn);
      let seller = sellers.get(r.seller_unit_id);
      if (!seller) {
        seller = { id: r.seller_unit_id, code: r.seller_unit_code, name: r.trade_name, city: r.city, minimum: r.minimum_order_paise ?? 0, distanceKm: null };
        sellers.set(r.seller_unit_id, seller);
      }
      if (origin && r.lat !== null && r.lng !== null) {
        const km = haversineKm(origin.latitude, origin.longitude, r.lat, r.lng);
        seller.distanceKm = seller.distanceKm === null ? km : Math.min(seller.distanceKm, km);
      }
      const bySeller = stock.get(r.product_id) ?? new Map<string, BasketBatchRow[]>();
      stock.set(r.product_id, bySeller);
      bySeller.set(r.seller_unit_id, [...(bySeller.get(r.seller_unit_id) ?? []), r]);
    }
    const [supplies, rates] = await Promise.all([this.suppliesTo(caller.unitId, [...sellers.keys()]), gstRatesOn(this.db, [...hsnOf.values()], today)]);

    // Each line: its product, and what every seller would deliver of it.
    const results: BasketLineResult[] = [];
    const fullOffers: Priced[][] = [];
    for (const line of input.lines) {
      const days = line.minShelfLifeDays ?? input.minShelfLifeDays;
      const minExpiryDate = days > 0 ? addDays(today, days) : null;
      const base = { lineNo: line.lineNo, text: line.text, quantity: line.quantity, minExpiryDate, candidates: [] as BasketProduct[], offer: null, message: null };
      const candidates = products.get(line.lineNo) ?? [];
      const offered = candidates.filter((p) => stock.has(p.productId));
      if (!candidates.length) {
        results.push({ ...base, status: 'NOT_FOUND', product: null, message: line.productId ? 'This product is no longer in the catalogue' : 'No product matches this name' });
        fullOffers.push([]);
        continue;
      }
      if (!offered.length) {
        const product = candidates.length === 1 ? candidates[0]! : null;
        results.push({ ...base, status: 'NO_OFFER', product, candidates: product ? [] : candidates, message: 'None of the sellers you buy from has this in stock' });
        fullOffers.push([]);
        continue;
      }
      if (offered.length > 1) {
        results.push({ ...base, status: 'AMBIGUOUS', product: null, candidates: offered, message: 'Several products match: pick one' });
        fullOffers.push([]);
        continue;
      }
      const product = offered[0]!;
      const priced: Priced[] = [];
      for (const [sellerId, batches] of stock.get(product.productId)!) {
        const usable = minExpiryDate ? batches.filter((b) => b.expiry_date >= minExpiryDate) : batches;
        const offer = usable.length ? this.price(line.quantity, usable, sellers.get(sellerId)!, rates.get(hsnOf.get(product.productId) ?? '') ?? null, supplies.get(sellerId)!) : null;
        if (offer) priced.push(offer);
      }
      const full = priced.filter((p) => p.units >= line.quantity);
      fullOffers.push(full);
      if (full.length) {
        results.push({ ...base, status: 'CHOSEN', product });
      } else if (priced.length) {
        const best = priced.sort((a, b) => b.units - a.units || a.landedPaise - b.landedPaise)[0]!;
        results.push({ ...base, status: 'PARTIAL', product, offer: strip(best), message: `No seller has all ${line.quantity}: at most ${best.units} at ${best.tradeName}` });
      } else {
        results.push({ ...base, status: 'NO_OFFER', product, message: minExpiryDate ? `No seller has it expiring on or after ${minExpiryDate}` : 'None of the sellers you buy from has this in stock' });
      }
    }

    // The optimisation over the lines some seller can fill fully.
    const planned = results.flatMap((r, i) => (r.status === 'CHOSEN' ? [i] : []));
    const sellerList = [...sellers.values()].sort((a, b) => a.code.localeCompare(b.code));
    const sellerIndex = new Map(sellerList.map((s, i) => [s.id, i]));
    const lastExpiry = Math.max(0, ...planned.flatMap((i) => fullOffers[i]!.map((o) => dayOf(o.expiryDate))));
    const cells: BasketCell[] = [];
    const cellOffers: Priced[] = [];
    planned.forEach((i, line) => {
      for (const offer of fullOffers[i]!) {
        const seller = sellers.get(offer.sellerId)!;
        const weight =
          input.objective === 'NEAREST' ? (seller.distanceKm === null ? UNKNOWN_DISTANCE : Math.round(seller.distanceKm * 10))
          : input.objective === 'LONGEST_EXPIRY' ? lastExpiry - dayOf(offer.expiryDate)
          : 0;
        cells.push({ line, seller: sellerIndex.get(offer.sellerId)!, cost: offer.landedPaise, weight });
        cellOffers.push(offer);
      }
    });
    const instance = { lineCount: planned.length, minimums: sellerList.map((s) => s.minimum), cells };
    let solution;
    try {
      solution = await optimise(instance, GOAL[input.objective]);
    } catch (error) {
      if (error instanceof BasketTimeout) throw new AppError('E0018', 503);
      throw error;
    }
    const totals = sellerTotals(instance, solution.cellOfLine);
    const unmetMinimums = solution.broken.map((s) => ({ sellerUnitCode: sellerList[s]!.code, tradeName: sellerList[s]!.name, minimumOrderPaise: sellerList[s]!.minimum, plannedPaise: totals.get(s) ?? 0 }));

    const plans = new Map<number, BasketSellerPlan>();
    planned.forEach((i, line) => {
      const result = results[i]!;
      if (!solution.feasible) {
        results[i] = { ...result, status: 'UNPLANNED', message: "No plan meets every seller's minimum order" };
        return;
      }
      const cell = instance.cells[solution.cellOfLine[line]!]!;
      const offer = cellOffers[solution.cellOfLine[line]!]!;
      results[i] = { ...result, offer: strip(offer) };
      const seller = sellerList[cell.seller]!;
      const plan = plans.get(cell.seller) ?? {
        sellerUnitCode: seller.code,
        tradeName: seller.name,
        city: seller.city,
        distanceKm: seller.distanceKm,
        minimumOrderPaise: seller.minimum || null,
        lineNos: [],
        taxablePaise: 0,
        gstPaise: 0,
        landedPaise: 0,
      };
      plan.lineNos.push(result.lineNo);
      plan.taxablePaise += offer.taxablePaise;
      plan.gstPaise += offer.gstPaise;
      plan.landedPaise += offer.landedPaise;
      plans.set(cell.seller, plan);
    });
    const sellerPlans = [...plans.values()].sort((a, b) => b.landedPaise - a.landedPaise || a.tradeName.localeCompare(b.tradeName));
    const landedPaise = sellerPlans.reduce((s, p) => s + p.landedPaise, 0);
    return {
      objective: input.objective,
      lines: results,
      sellers: sellerPlans,
      totals: {
        lines: solution.feasible ? planned.length : 0,
        sellers: sellerPlans.length,
        taxablePaise: sellerPlans.reduce((s, p) => s + p.taxablePaise, 0),
        gstPaise: sellerPlans.reduce((s, p) => s + p.gstPaise, 0),
        landedPaise,
      },
      singleSeller: solution.feasible && planned.length ? this.cheapestSingle(instance, sellerList, landedPaise) : null,
      feasible: solution.feasible,
      unmetMinimums,
    };
  }

  /**
   * Every planned line into the cart through the cart's own addEntry (its access, scheme and stock checks), in one
   * transaction: a line the cart refuses leaves the cart as it was.
   */
  async toCart(caller: Caller, input: BasketToCart): Promise<Cart> {
    return new CartService(this.db, this.config).addEntries(
      caller,
      input.entries,
      (index, error) => new AppError('E0019', error.statusCode, `Nothing was added: line ${index + 1} was refused (${error.message})`),
    );
  }

  /**
   * Catalogue products per line: the picked product, or the best matches of the line's text (the search's rank, then
   * how many of the words are whole words of the name, so "Dolo 650" is Dolo and not "Dolokind 650"). Only
   * candidates that tie for best are kept; which of them any seller has decides later.
   */
  private async resolveProducts(lines: SolveInput['lines']): Promise<Map<number, BasketProduct[]>> {
    const picked = [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
    const known = new Map<string, BasketProduct>();
    if (picked.length) {
      const rows = await this.db.selectFrom('products').select(['id', 'name', 'manufacturer', 'pack']).where('id', 'in', picked).execute();
      for (const r of rows) known.set(r.id, { productId: r.id, name: r.name, manufacturer: r.manufacturer, pack: r.pack });
    }
    const out = new Map<number, BasketProduct[]>();
    for (const line of lines) {
      if (line.productId) {
        const product = known.get(line.productId);
        out.set(line.lineNo, product ? [product] : []);
        continue;
      }
      const words = queryWords(line.text);
      const found = (await this.search.candidates(line.text, CANDIDATES)).map(({ product, rank }) => {
        const nameWords = new Set(wordsOf(product.name));
        return { product, rank, whole: words.filter((w) => nameWords.has(w)).length };
      });
      const best = found.filter((f) => f.rank === found[0]?.rank);
      const mostWhole = Math.max(0, ...best.map((f) => f.whole));
      out.set(
        line.lineNo,
        best.filter((f) => f.whole === mostWhole).map(({ product: p }) => ({ productId: p.id, name: p.name, manufacturer: p.manufacturer, pack: p.pack })),
      );
    }
    return out;
  }

  /**
   * The cheapest cart entry giving at least `wanted` units from these batches (first expiry first): the wanted
   * quantity charged, or fewer charged units on whole scheme sets when the free units make up the rest (wanting 11
   * under "10 + 1": 10 + 1 free). With less stock than wanted, the most units the seller can give.
   */
  private price(wanted: number, batches: BasketBatchRow[], seller: Seller, rateBp: number | null, supply: SupplyKind): Priced {
    const first = batches[0]!;
    const available = batches.reduce((sum, b) => sum + b.available, 0);
    const buy = first.scheme_buy;
    const get = first.scheme_free;
    const options: { quantity: number; freeQuantity: number }[] = [];
    const target = Math.min(wanted, available);
    options.push({ quantity: target, freeQuantity: 0 });
    if (buy && get) {
      // Whole sets only: enough sets to reach the target, or (short of stock) as many as fit.
      const sets = wanted <= available ? Math.ceil(wanted / (buy + get)) : Math.floor(available / (buy + get));
      if (sets > 0 && sets * (buy + get) <= available) options.push({ quantity: sets * buy, freeQuantity: schemeFreeFor(sets * buy, buy, get) });
    }
    const money = (o: { quantity: number; freeQuantity: number }) => lineAmounts({ quantity: o.quantity, freeQuantity: o.freeQuantity, ratePaise: first.ptr_paise, gstRateBp: rateBp ?? 0 }, supply);
    const ranked = options
      .map((o) => ({ ...o, units: o.quantity + o.freeQuantity, money: money(o) }))
      .filter((o) => o.units >= target)
      // Fewest paise; at the same price the free units are kept.
      .sort((a, b) => a.money.totalPaise - b.money.totalPaise || b.units - a.units);
    const best = ranked[0]!;
    return {
      sellerId: seller.id,
      sellerUnitCode: seller.code,
      tradeName: seller.name,
      quantity: best.quantity,
      freeQuantity: best.freeQuantity,
      units: best.units,
      ptrPaise: first.ptr_paise,
      mrpPaise: first.mrp_paise,
      schemeBuy: buy,
      schemeFree: get,
      expiryDate: first.expiry_date,
      taxablePaise: best.money.taxablePaise,
      gstPaise: best.money.taxPaise,
      landedPaise: best.money.totalPaise,
      available,
    };
  }

  /** CGST + SGST or IGST from each seller to the buyer, as orders price it (ledger/parties.ts supplyBetween). */
  private async suppliesTo(buyerUnitId: string, sellerIds: string[]): Promise<Map<string, SupplyKind>> {
    const units = await unitTaxDetails(this.db, [buyerUnitId, ...sellerIds]);
    const buyerState = units.get(buyerUnitId)?.stateCode ?? null;
    return new Map(
      sellerIds.map((id) => {
        const sellerState = units.get(id)?.stateCode;
        return [id, sellerState ? placeOfSupply(sellerState, { stateCode: buyerState }).kind : 'INTRA'];
      }),
    );
  }

  /** The cheapest seller that alone fills every planned line and meets its own minimum with them. */
  private cheapestSingle(instance: { lineCount: number; cells: BasketCell[] }, sellers: Seller[], planPaise: number): BasketResult['singleSeller'] {
    const lines = new Map<number, number>();
    const totals = new Map<number, number>();
    instance.cells.forEach((cell) => {
      lines.set(cell.seller, (lines.get(cell.seller) ?? 0) + 1);
      totals.set(cell.seller, (totals.get(cell.seller) ?? 0) + cell.cost);
    });
    let best: number | null = null;
    for (const [s, count] of lines) {
      if (count === instance.lineCount && totals.get(s)! >= sellers[s]!.minimum && (best === null || totals.get(s)! < totals.get(best)!)) best = s;
    }
    if (best === null) return null;
    return { sellerUnitCode: sellers[best]!.code, tradeName: sellers[best]!.name, landedPaise: totals.get(best)!, savingPaise: totals.get(best)! - planPaise };
  }
}

function nonEmpty(list: BasketList): BasketList {
  if (!list.lines.length && !list.errors.length) throw new AppError('E0017', 400, 'The list has no lines: one product and quantity per line', { text: 'Nothing to read' });
  return list;
}

const dayOf = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

function strip(offer: Priced): BasketOffer {
  const { sellerId: _seller, units: _units, ...rest } = offer;
  return rest;
}

