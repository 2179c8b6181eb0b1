import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { ACCOUNT_GROUPS, SYSTEM_HEADS, type AccountGroup, type SystemHead } from 'shared-api';
import { balanceSheetFigures } from '../src/modules/financials/balance-sheet';
import { profitAndLossFigures } from '../src/modules/financials/profit-loss';
import { StockBook } from '../src/modules/financials/stock-valuation';
import { createCustomHead, type AccountRef } from '../src/modules/ledger/accounts';
import { dayBefore, istStartOf } from '../src/modules/ledger/period';
import { postVoucher } from '../src/modules/ledger/post';
import { addDays } from '../src/modules/search/text';
import { addProduct } from './cart-fixtures';
import { build } from './helpers';

const t = build();

const FIRST_DAY = '2025-01-01';
const DAYS = 700;
const day = (offset: number) => addDays(FIRST_DAY, offset);

const GROUPS = Object.keys(ACCOUNT_GROUPS) as AccountGroup[];
const SYSTEM = Object.keys(SYSTEM_HEADS) as SystemHead[];
/** A head: a default one by code, or the custom head made in a group (every nature is covered either way). */
const headArb = fc.oneof(fc.constantFrom(...SYSTEM).map((head) => ({ head })), fc.constantFrom(...GROUPS).map((group) => ({ group })));

const voucherArb = fc.record({
  day: fc.integer({ min: 0, max: DAYS }),
  // debit lines, then credit lines that add up to the same
  debits: fc.array(fc.record({ head: headArb, amount: fc.integer({ min: 1, max: 5_000_000 }) }), { minLength: 1, maxLength: 3 }),
  credits: fc.array(headArb, { minLength: 1, maxLength: 3 }),
});

const KINDS = ['UPLOAD', 'MANUAL_ADD', 'ADJUSTMENT', 'SALE', 'RETURN', 'ORDER', 'PURCHASE', 'PURCHASE_RETURN'] as const;
const batchArb = fc.record({
  pts: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
  ptr: fc.integer({ min: 0, max: 50_000 }),
  createdDay: fc.integer({ min: 0, max: DAYS }),
  // quantity the movements do not explain (a batch written without a movement)
  unexplained: fc.integer({ min: 0, max: 30 }),
  moves: fc.array(
    fc.record({
      kind: fc.constantFrom(...KINDS),
      quantity: fc.integer({ min: 1, max: 200 }),
      day: fc.integer({ min: 0, max: DAYS }),
      minute: fc.integer({ min: 0, max: 1439 }),
      cost: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: null }),
    }),
    { maxLength: 12 },
  ),
});

const historyArb = fc.record({
  vouchers: fc.array(voucherArb, { maxLength: 14 }),
  batches: fc.array(batchArb, { maxLength: 4 }),
  days: fc.array(fc.integer({ min: 0, max: DAYS }), { minLength: 1, maxLength: 3 }),
  period: fc.tuple(fc.integer({ min: 0, max: DAYS }), fc.integer({ min: 0, max: DAYS })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
});

/** Splits `total` into `parts` positive-or-zero integers (the voucher drops zero lines). */
const split = (total: number, parts: number) => Array.from({ length: parts }, (_, i) => Math.floor((total * (i + 1)) / parts) - Math.floor((total * i) / parts));

/** Stock at cost by the book: layers in a queue, outflows take from the front, what is left is valued. */
function fifoValue(batches: readonly { events: readonly { at: number; delta: number; cost: number | null }[]; defaultCost: number }[], before: number): number {
  let value = 0;
  for (const b of batches) {
    const queue: { units: number; cost: number }[] = [];
    for (const e of b.events.filter((x) => x.at < before)) {
      if (e.delta > 0) queue.push({ units: e.delta, cost: e.cost ?? b.defaultCost });
      let out = -e.delta;
      while (out > 0 && queue.length) {
        const take = Math.min(out, queue[0]!.units);
        queue[0]!.units -= take;
        out -= take;
        if (queue[0]!.units === 0) queue.shift();
      }
    }
    value += queue.reduce((s, l) => s + l.units * l.cost, 0);
  }
  return value;
}

describe('the books hold together whatever happened', () => {
  it('for random vouchers and stock movements: stock is valued FIFO, the balance sheet balances on any day, and a period’s net profit is the change in profit', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(historyArb, async (h) => {
        const unit = randomUUID();
        const warehouse = randomUUID();
        const at = t.clock.now();
        run += 1;
        await t.db.insertInto('units').values({ id: unit, unit_code: `STK-FIN-${run}`, trade_name: `Books Property ${run}`, customer_type: 'STOCKIST', city: 'Pune', created_at: at }).execute();
        await t.db.insertInto('warehouses').values({ id: warehouse, unit_id: unit, display_name: 'Godown', city: 'Pune', created_at: at }).execute();

        // Vouchers: custom heads per group made on first use.
        const custom = new Map<AccountGroup, string>();
        await t.db.transaction().execute(async (trx) => {
          const ref = async (x: { head: SystemHead } | { group: AccountGroup }): Promise<AccountRef> => {
            if ('head' in x) return x;
            if (!custom.has(x.group)) custom.set(x.group, await createCustomHead(trx, unit, { name: `Custom ${x.group}`, group: x.group }, at));
            return { accountId: custom.get(x.group)! };
          };
          for (const v of h.vouchers) {
            const total = v.debits.reduce((s, d) => s + d.amount, 0);
            const lines = [];
            // one at a time: a custom head is made once
            for (const d of v.debits) lines.push({ account: await ref(d.head), debitPaise: d.amount });
            for (const [i, amount] of split(total, v.credits.length).entries()) lines.push({ account: await ref(v.credits[i]!), creditPaise: amount });
            await postVoucher(trx, { unitId: unit, kind: 'JOURNAL', date: day(v.day), documentType: 'JOURNAL', lines, at });
          }
        });

        const model: { events: { at: number; ord: number; delta: number; cost: number | null }[]; defaultCost: number }[] = [];
        // Stock: movements in time order never take out more than is there; the batch holds what they leave plus
        // the unexplained units.
        for (const b of h.batches) {
          const product = await addProduct(t.db, { name: `Prop ${randomUUID().slice(0, 8)}`, manufacturer: 'Ledgerly Labs' });
          const moves = [...b.moves].sort((x, y) => x.day - y.day || x.minute - y.minute);
          let onHand = 0;
          const rows = moves.flatMap((m, i) => {
            const outbound = ['SALE', 'ORDER', 'PURCHASE_RETURN'].includes(m.kind) || (m.kind === 'ADJUSTMENT' && m.quantity % 2 === 0);
            const delta = outbound ? -Math.min(m.quantity, onHand) : m.quantity;
            if (delta === 0) return [];
            onHand += delta;
            // + i seconds: no two movements of a batch at the same instant, so their order is the model's
            return [{ kind: m.kind, delta, at: new Date(istStartOf(day(m.day)).getTime() + m.minute * 60_000 + i * 1000), cost: delta > 0 ? m.cost : null }];
          });
          const created = istStartOf(day(b.createdDay));
          // The model: the unexplained units first at the batch's creation, then the movements, in time order.
          model.push({
            events: [...(b.unexplained ? [{ at: created.getTime(), ord: 0, delta: b.unexplained, cost: null }] : []), ...rows.map((r) => ({ at: r.at.getTime(), ord: 1, delta: r.delta, cost: r.cost }))].sort((x, y) => x.at - y.at || x.ord - y.ord),
            defaultCost: b.pts ?? b.ptr,
          });
          const batchId = randomUUID();
          await t.db
            .insertInto('inventory_batches')
            .values({ id: batchId, unit_id: unit, warehouse_id: warehouse, product_id: product, batch_no: 'P-1', expiry_date: '2030-12-31', mrp_paise: 90_000, ptr_paise: b.ptr, pts_paise: b.pts, quantity: onHand + b.unexplained, created_at: created, updated_at: created })
            .execute();
          if (rows.length) {
            await t.db
              .insertInto('stock_movements')
              .values(rows.map((r) => ({ id: randomUUID(), batch_id: batchId, unit_id: unit, kind: r.kind, quantity_delta: r.delta, unit_cost_paise: r.cost, created_at: r.at })))
              .execute();
          }
        }

        for (const d of h.days) {
          const sheet = await balanceSheetFigures(t.db, unit, day(d));
          expect(sheet.totalAssetsPaise).toBe(sheet.totalLiabilitiesPaise + sheet.equity.totalPaise);
          expect(sheet.closingStockPaise).toBe(fifoValue(model, istStartOf(addDays(day(d), 1)).getTime()));
        }

        const [from, to] = [day(h.period[0]), day(h.period[1])];
        const [pl, end, start] = await Promise.all([profitAndLossFigures(t.db, unit, { from, to }), balanceSheetFigures(t.db, unit, to), balanceSheetFigures(t.db, unit, dayBefore(from))]);
        // net profit = Δ equity − Δ capital − Δ stock brought in
        const profitChange = end.equity.totalPaise - start.equity.totalPaise - (end.equity.capitalPaise - start.equity.capitalPaise) - (end.equity.stockBroughtInPaise - start.equity.stockBroughtInPaise);
        expect(pl.netProfitPaise).toBe(profitChange);
        expect([pl.openingStockPaise, pl.closingStockPaise]).toEqual([start.closingStockPaise, end.closingStockPaise]);
        expect(pl.stockBroughtInPaise).toBe(end.equity.stockBroughtInPaise - start.equity.stockBroughtInPaise);
        expect(pl.months.reduce((s, m) => s + m.netSalesPaise, 0)).toBe(pl.netSalesPaise);
      }),
      { numRuns: 30 },
    );
  });
});

/*
 * Issue 32: stock at cost does not rewrite history. Receipts (with a known cost, as a bill's, or without, as an
 * upload's or a manual addition's: the batch's price at that moment), sales and price edits, in time order; after
 * each event the stock at cost and the stock brought in at every earlier instant are what they were when first
 * computed, and what is on hand is the newest layers, each at the cost it came in at.
 */
const costEventArb = fc.record({
  batch: fc.nat(2),
  kind: fc.constantFrom('RECEIPT', 'SALE', 'PRICE'),
  quantity: fc.integer({ min: 1, max: 50 }),
  cost: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: null }),
  pts: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
  ptr: fc.integer({ min: 0, max: 50_000 }),
});
const costHistoryArb = fc.record({
  batches: fc.array(fc.record({ pts: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }), ptr: fc.integer({ min: 0, max: 50_000 }), unexplained: fc.integer({ min: 0, max: 20 }) }), { minLength: 3, maxLength: 3 }),
  events: fc.array(costEventArb, { minLength: 1, maxLength: 12 }),
});

describe('stock at cost is fixed when the goods arrive', () => {
  it('for random receipts, sales and price edits: the valuation of any past instant never changes, and layers keep their cost', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(costHistoryArb, async (h) => {
        run += 1;
        const unit = randomUUID();
        const warehouse = randomUUID();
        const start = istStartOf('2026-06-01').getTime();
        const at = (hour: number) => new Date(start + hour * 3_600_000);
        await t.db.insertInto('units').values({ id: unit, unit_code: `STK-LAY-${run}`, trade_name: `Layers ${run}`, customer_type: 'STOCKIST', city: 'Pune', created_at: at(0) }).execute();
        await t.db.insertInto('warehouses').values({ id: warehouse, unit_id: unit, display_name: 'Godown', city: 'Pune', created_at: at(0) }).execute();
        const scope = { unitId: unit };
        // The model: per batch its layers (units, cost) in arrival order and its current price.
        const model = h.batches.map((b) => ({ id: randomUUID(), onHand: b.unexplained, price: b.pts ?? b.ptr, layers: b.unexplained ? [{ units: b.unexplained, cost: b.pts ?? b.ptr }] : [] }));
        for (const [i, b] of h.batches.entries()) {
          const product = await addProduct(t.db, { name: `Layer ${randomUUID().slice(0, 8)}`, manufacturer: 'Ledgerly Labs' });
          // written without a movement: the unexplained units are opening stock at the price of the batch's creation
          await t.db
            .insertInto('inventory_batches')
            .values({ id: model[i]!.id, unit_id: unit, warehouse_id: warehouse, product_id: product, batch_no: 'C-1', expiry_date: '2030-12-31', mrp_paise: 90_000, ptr_paise: b.ptr, pts_paise: b.pts, quantity: b.unexplained, created_at: at(0), updated_at: at(0) })
            .execute();
        }
        const fifo = () => model.reduce((s, b) => s + b.layers.reduce((v, l) => v + l.units * l.cost, 0), 0);
        // instant (just after event i) → [stock at cost, brought in since the beginning], as first computed
        const seen = new Map<number, [number, number]>();
        for (const [i, e] of h.events.entries()) {
          const b = model[e.batch]!;
          const when = at(i + 1);
          if (e.kind === 'PRICE') {
            await t.db.updateTable('inventory_batches').set({ pts_paise: e.pts, ptr_paise: e.ptr, updated_at: when }).where('id', '=', b.id).execute();
            b.price = e.pts ?? e.ptr;
          } else {
            const delta = e.kind === 'RECEIPT' ? e.quantity : -Math.min(e.quantity, b.onHand);
            if (delta !== 0) {
              await t.db.updateTable('inventory_batches').set({ quantity: b.onHand + delta, updated_at: when }).where('id', '=', b.id).execute();
              const kind = e.kind === 'SALE' ? 'SALE' : e.cost === null ? 'MANUAL_ADD' : 'PURCHASE';
              await t.db.insertInto('stock_movements').values({ id: randomUUID(), batch_id: b.id, unit_id: unit, kind, quantity_delta: delta, unit_cost_paise: e.kind === 'RECEIPT' ? e.cost : null, created_at: when }).execute();
              b.onHand += delta;
              if (delta > 0) b.layers.push({ units: delta, cost: e.cost ?? b.price });
              let out = -delta;
              while (out > 0) {
                const take = Math.min(out, b.layers[0]!.units);
                b.layers[0]!.units -= take;
                out -= take;
                if (b.layers[0]!.units === 0) b.layers.shift();
              }
            }
          }
          const instant = when.getTime() + 1000;
          const instants = [...seen.keys(), instant].map((x) => new Date(x));
          const book = await StockBook.load(t.db, scope, instants);
          for (const [x, [value, broughtIn]] of seen) expect([x, book.valueAt(new Date(x)), book.broughtIn(null, new Date(x))]).toEqual([x, value, broughtIn]);
          seen.set(instant, [book.valueAt(new Date(instant)), book.broughtIn(null, new Date(instant))]);
          expect(book.valueAt(new Date(instant))).toBe(fifo());
        }
      }),
      { numRuns: 40 },
    );
  });
});
