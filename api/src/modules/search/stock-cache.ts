/*
 * What search shows of a product's stock (how many sellers, the lowest PTR, the nearest expiry), kept per product in
 * memory between the change log's reports. A product's entry holds its batches that had something left after
 * reservations and had not expired when loaded, ordered by seller; expiry is checked again against the day of each
 * search, so a batch drops out at midnight without anything being reloaded.
 */

export interface StockRow {
  product_id: string;
  unit_id: string;
  expiry_date: string;
  ptr_paise: number;
}

export interface ProductStock {
  units: Int32Array;
  expiryDays: Int32Array;
  ptr: Int32Array;
}

export interface StockSummary {
  sellers: number;
  visibleSellers: number;
  lowestPtrPaise: number | null;
  nearestExpiryDay: number | null;
}

const DAY_MS = 86_400_000;
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const EMPTY: ProductStock = { units: new Int32Array(0), expiryDays: new Int32Array(0), ptr: new Int32Array(0) };

export class StockCache {
  private readonly entries = new Map<number, ProductStock>();
  private readonly unitNumbers = new Map<string, number>();
  /** Bumped by every invalidation; a load that raced one is used once but not kept. */
  private generation = 0;
  private readonly invalidatedAt = new Map<number, number>();
  private clearedAt = 0;

  has(product: number): boolean {
    return this.entries.has(product);
  }

  unitNumber(unitId: string): number | undefined {
    return this.unitNumbers.get(unitId);
  }

  startLoad(): number {
    return this.generation;
  }

  /** Stores loaded rows (ordered by product, then seller) for the products asked for; those without rows hold nothing. */
  store(started: number, asked: readonly number[], positionOf: (productId: string) => number | undefined, rows: readonly StockRow[]): Map<number, ProductStock> {
    const grouped = new Map<number, StockRow[]>();
    for (const row of rows) {
      const product = positionOf(row.product_id);
      if (product === undefined) continue;
      let list = grouped.get(product);
      if (!list) grouped.set(product, (list = []));
      list.push(row);
    }
    const loaded = new Map<number, ProductStock>();
    for (const product of asked) {
      const list = grouped.get(product);
      const stock = list ? this.pack(list) : EMPTY;
      loaded.set(product, stock);
      if (started >= this.clearedAt && (this.invalidatedAt.get(product) ?? 0) <= started) this.entries.set(product, stock);
    }
    return loaded;
  }

  invalidate(products: Iterable<number>): void {
    this.generation++;
    for (const product of products) {
      this.entries.delete(product);
      this.invalidatedAt.set(product, this.generation);
    }
  }

  clear(): void {
    this.clearedAt = ++this.generation;
    this.entries.clear();
    this.invalidatedAt.clear();
  }

  /** Sellers with a batch not expired on `today` (and of those, the ones in `visible`: their lowest PTR and nearest expiry). */
  summarise(product: number, today: number, visible?: ReadonlySet<number>, loaded?: Map<number, ProductStock>): StockSummary {
    const stock = this.entries.get(product) ?? loaded?.get(product) ?? EMPTY;
    const summary: StockSummary = { sellers: 0, visibleSellers: 0, lowestPtrPaise: null, nearestExpiryDay: null };
    let lastUnit = -1;
    let lastVisibleUnit = -1;
    for (let i = 0; i < stock.units.length; i++) {
      if (stock.expiryDays[i]! <= today) continue;
      const unit = stock.units[i]!;
      if (unit !== lastUnit) summary.sellers++;
      lastUnit = unit;
      if (!visible?.has(unit)) continue;
      if (unit !== lastVisibleUnit) summary.visibleSellers++;
      lastVisibleUnit = unit;
      if (summary.lowestPtrPaise === null || stock.ptr[i]! < summary.lowestPtrPaise) summary.lowestPtrPaise = stock.ptr[i]!;
      if (summary.nearestExpiryDay === null || stock.expiryDays[i]! < summary.nearestExpiryDay) summary.nearestExpiryDay = stock.expiryDays[i]!;
    }
    return summary;
  }

  private pack(rows: readonly StockRow[]): ProductStock {
    const stock: ProductStock = { units: new Int32Array(rows.length), expiryDays: new Int32Array(rows.length), ptr: new Int32Array(rows.length) };
    rows.forEach((row, i) => {
      let unit = this.unitNumbers.get(row.unit_id);
      if (unit === undefined) this.unitNumbers.set(row.unit_id, (unit = this.unitNumbers.size));
      stock.units[i] = unit;
      stock.expiryDays[i] = dayNumber(row.expiry_date);
      stock.ptr[i] = row.ptr_paise;
    });
    return stock;
  }
}
