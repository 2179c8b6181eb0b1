import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { ACCOUNTING_PATHS, BOOKS_PATHS, INVENTORY_PATHS, formatPaise, type AddStock, type BalanceSheet, type ProfitAndLoss, type StockBatch } from 'shared-api';
import { istStartOf } from '../src/modules/ledger/period';
import { batchStockAt, stockBroughtIn, stockValueAt } from '../src/modules/financials/stock-valuation';
import { booksWorld, buyAndReceive, counterSale, expenseJournal, returnUnits, signedIn } from './books-fixtures';
import { addProduct, unitId } from './cart-fixtures';
import { DEMO, bearer, body, build } from './helpers';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { HEADER, multipart, xlsxOf } from './inventory-fixtures';

const t = build();

describe('stock at cost, first in first out', () => {
  /** A batch of Sharma's (no stock of its own in the demo) with movements written at chosen instants. */
  async function batchWith(p: { pts: number | null; ptr: number; quantity: number; created: string; moves: { kind: string; delta: number; at: string; cost?: number }[] }) {
    const unit = await unitId(t.db, 'RTL-MUM-001');
    const warehouse = (await t.db.selectFrom('warehouses').select('id').where('unit_id', '=', unit).executeTakeFirstOrThrow()).id;
    const product = await addProduct(t.db, { name: `Layered ${randomUUID().slice(0, 6)}`, manufacturer: 'Ledgerly Labs' });
    const id = randomUUID();
    const created = new Date(p.created);
    await t.db
      .insertInto('inventory_batches')
      .values({ id, unit_id: unit, warehouse_id: warehouse, product_id: product, batch_no: 'L-1', expiry_date: '2028-12-31', mrp_paise: 3000, ptr_paise: p.ptr, pts_paise: p.pts, quantity: p.quantity, created_at: created, updated_at: created })
      .execute();
    for (const m of p.moves) {
      await t.db
        .insertInto('stock_movements')
        .values({ id: randomUUID(), batch_id: id, unit_id: unit, kind: m.kind as 'UPLOAD', quantity_delta: m.delta, unit_cost_paise: m.cost ?? null, created_at: new Date(m.at) })
        .execute();
    }
    return { unit, warehouse, id };
  }
  const endOf = (day: string) => istStartOf(day).getTime() + 86_400_000;

  it('values what is left as the newest layers, each at its own cost; uploads at PTS else PTR; adjustments take the oldest', async () => {
    const { unit, warehouse } = await batchWith({
      pts: null,
      ptr: 1000,
      quantity: 3,
      created: '2026-10-01T04:00:00Z',
      moves: [
        { kind: 'PURCHASE', delta: 10, at: '2026-10-01T05:00:00Z', cost: 500 },
        { kind: 'PURCHASE', delta: 10, at: '2026-10-02T05:00:00Z', cost: 700 },
        { kind: 'SALE', delta: -15, at: '2026-10-03T05:00:00Z' },
        // no cost known: the batch's PTR (no PTS)
        { kind: 'UPLOAD', delta: 4, at: '2026-10-04T05:00:00Z' },
        // takes the oldest 6 units: the 5 left at ₹7 and 1 of the upload at ₹10
        { kind: 'ADJUSTMENT', delta: -6, at: '2026-10-05T05:00:00Z' },
      ],
    });
    const scope = { unitId: unit, warehouseId: warehouse };
    const value = async (day: string) => stockValueAt(t.db, scope, new Date(endOf(day)));
    expect(await value('2026-09-30')).toBe(0);
    expect(await value('2026-10-01')).toBe(10 * 500);
    expect(await value('2026-10-02')).toBe(10 * 500 + 10 * 700);
    // the partial sale: 15 of 20 gone, the 5 left are the newest layer's
    expect(await value('2026-10-03')).toBe(5 * 700);
    expect(await value('2026-10-04')).toBe(5 * 700 + 4 * 1000);
    expect(await value('2026-10-05')).toBe(3 * 1000);
    // brought in without a bill: +4 at ₹10, then −6 at the FIFO cost of what it took (5 × ₹7 + 1 × ₹10)
    expect(await stockBroughtIn(t.db, scope, istStartOf('2026-10-04'), new Date(endOf('2026-10-04')))).toBe(4000);
    expect(await stockBroughtIn(t.db, scope, istStartOf('2026-10-05'), new Date(endOf('2026-10-05')))).toBe(-4500);
    expect(await stockBroughtIn(t.db, scope, null, new Date(endOf('2026-10-31')))).toBe(-500);
    const [row] = await batchStockAt(t.db, scope, new Date(endOf('2026-10-31')));
    expect(row).toMatchObject({ quantity: 3, valuePaise: 3000 });
  });

  it('a batch whose quantity its movements do not explain: the difference is opening stock at PTS, brought in at its creation', async () => {
    // 50 units written without a movement (as the marketplace fixtures do), then 20 sold.
    const { unit, warehouse } = await batchWith({ pts: 800, ptr: 1000, quantity: 30, created: '2026-10-01T04:00:00Z', moves: [{ kind: 'SALE', delta: -20, at: '2026-10-02T05:00:00Z' }] });
    const scope = { unitId: unit, warehouseId: warehouse };
    expect(await stockValueAt(t.db, scope, istStartOf('2026-10-01'))).toBe(0);
    expect(await stockValueAt(t.db, scope, new Date(endOf('2026-10-01')))).toBe(50 * 800);
    expect(await stockValueAt(t.db, scope, new Date(endOf('2026-10-02')))).toBe(30 * 800);
    expect(await stockBroughtIn(t.db, scope, null, new Date(endOf('2026-10-02')))).toBe(50 * 800);
  });
});

describe('profit and loss, balance sheet', () => {
  /**
   * Sharma buys Booksol twice (10 + 2 free at ₹10.00: ₹8.33 a unit; then 10 at ₹12.50), sells 15 at the counter
   * for cash (₹20.00 + 12 %), takes 2 back, and pays shop rent: ₹30 in October, ₹50 in November.
   */
  async function trading() {
    const w = await booksWorld(t);
    await expenseJournal(t, w.retailerUnit, { head: 'Shop Rent', group: 'INDIRECT_EXPENSES', date: '2026-10-20', amountPaise: 3000 });
    await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 10, free: 2, ptrPaise: 1000 });
    t.clock.advance(120);
    await buyAndReceive(t, w, { productId: w.product, batchId: w.sellerBatch, quantity: 10, ptrPaise: 1250 });
    t.clock.advance(120);
    const sale = await counterSale(w, w.product, 15);
    expect(sale.invoice.totals).toMatchObject({ taxablePaise: 30000, totalPaise: 33600, roundOffPaise: 0 });
    const costs = await t.db.selectFrom('stock_movements').select(['kind', 'quantity_delta', 'unit_cost_paise']).where('unit_id', '=', w.retailerUnit).orderBy('created_at').execute();
    expect(costs).toEqual([
      { kind: 'PURCHASE', quantity_delta: 12, unit_cost_paise: 833 },
      { kind: 'PURCHASE', quantity_delta: 10, unit_cost_paise: 1250 },
      { kind: 'SALE', quantity_delta: -15, unit_cost_paise: null },
    ]);
    // FIFO after the partial sale: the 7 units left are the second layer's, at ₹12.50
    expect(await stockValueAt(t.db, { unitId: w.retailerUnit }, istStartOf('2026-11-23'))).toBe(7 * 1250);
    t.clock.advance(120);
    const note = await returnUnits(w, sale.invoice.invoiceId, 2);
    // ₹44.80 rounds to ₹45: 20 paise on Round Off (an indirect expense)
    expect(note.totals).toMatchObject({ taxablePaise: 4000, totalPaise: 4500, roundOffPaise: 20 });
    await expenseJournal(t, w.retailerUnit, { head: 'Shop Rent', group: 'INDIRECT_EXPENSES', date: '2026-11-10', amountPaise: 5000 });
    return w;
  }

  it('P&L of a period: sales less returns, purchases, stock at FIFO cost, expenses; and the previous period', async () => {
    const w = await trading();
    const res = await w.retailer.get(BOOKS_PATHS.profitAndLoss, { from: '2026-11-01', to: '2026-11-22' });
    expect(res.statusCode).toBe(200);
    const pl = body<ProfitAndLoss>(res);
    // closing: 12 @ ₹8.33, 10 @ ₹12.50, 2 back at the latest layer's ₹12.50; 15 out → the newest 9 at ₹12.50
    expect(pl).toEqual({
      from: '2026-11-01',
      to: '2026-11-22',
      salesPaise: 30000,
      salesReturnsPaise: 4000,
      netSalesPaise: 26000,
      openingStockPaise: 0,
      purchasesPaise: 22500,
      purchaseReturnsPaise: 0,
      stockBroughtInPaise: 0,
      closingStockPaise: 11250,
      directExpenses: [],
      directIncomes: [],
      costOfGoodsSoldPaise: 11250,
      grossProfitPaise: 14750,
      indirectIncomes: [],
      indirectExpenses: [
        { accountId: expect.any(String), name: 'Round Off', group: 'INDIRECT_EXPENSES', amountPaise: 20 },
        { accountId: expect.any(String), name: 'Shop Rent', group: 'INDIRECT_EXPENSES', amountPaise: 5000 },
      ],
      netProfitPaise: 9730,
      months: [{ month: '2026-11', netSalesPaise: 26000, purchasesPaise: 22500, expensesPaise: 5020 }],
      previous: {
        from: '2026-10-10',
        to: '2026-10-31',
        salesPaise: 0,
        salesReturnsPaise: 0,
        netSalesPaise: 0,
        openingStockPaise: 0,
        purchasesPaise: 0,
        purchaseReturnsPaise: 0,
        stockBroughtInPaise: 0,
        closingStockPaise: 0,
        directExpenses: [],
        directIncomes: [],
        costOfGoodsSoldPaise: 0,
        grossProfitPaise: 0,
        indirectIncomes: [],
        indirectExpenses: [expect.objectContaining({ name: 'Shop Rent', amountPaise: 3000 })],
        netProfitPaise: -3000,
        months: [{ month: '2026-10', netSalesPaise: 0, purchasesPaise: 0, expensesPaise: 3000 }],
      },
    });
    // The financial year so far (from defaults to 1 April), no comparison.
    const year = body<ProfitAndLoss>(await w.retailer.get(BOOKS_PATHS.profitAndLoss, { to: '2026-11-22', compare: 'none' }));
    expect([year.from, year.netProfitPaise, year.previous, year.months.length]).toEqual(['2026-04-01', 6730, null, 8]);
    const bad = await w.retailer.get(BOOKS_PATHS.profitAndLoss, { from: '2026-11-23', to: '2026-11-01' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'E0001']);
  });

  it('balance sheet: assets = liabilities + equity, heads in their groups, against the previous year-end', async () => {
    const w = await trading();
    const sheet = body<BalanceSheet>(await w.retailer.get(BOOKS_PATHS.balanceSheet, { asOf: '2026-11-22' }));
    const sections = (s: BalanceSheet['assets']) => s.map((x) => [x.group, x.amountPaise, x.heads.map((h) => [h.name, h.amountPaise])]);
    expect(sections(sheet.assets)).toEqual([
      // the walk-in buyer paid cash and got 2 units' worth back as credit: a debtor in credit stays a (negative) debtor
      ['SUNDRY_DEBTORS', -4500, [['Walk-in Customers', -4500]]],
      ['CASH_IN_HAND', 25600, [['Cash', 25600]]],
    ]);
    expect(sections(sheet.liabilities)).toEqual([
      // output tax 3600 less 480 credited, less input tax 1200 + 1500: net 420
      [
        'DUTIES_TAXES',
        420,
        [
          ['Input CGST', -1350],
          ['Input SGST', -1350],
          ['Output CGST', 1560],
          ['Output SGST', 1560],
        ],
      ],
      ['SUNDRY_CREDITORS', 25200, [['Agarwal Pharma Distributors (STK-PUN-001) – Creditor', 25200]]],
    ]);
    expect(sheet).toMatchObject({
      asOf: '2026-11-22',
      closingStockPaise: 11250,
      totalAssetsPaise: 32350,
      totalLiabilitiesPaise: 25620,
      // this year's profit so far (the year's P&L above: 6730)
      equity: { capitalPaise: 0, stockBroughtInPaise: 0, profitPaise: 6730, totalPaise: 6730 },
      previous: { asOf: '2026-03-31', totalAssetsPaise: 0, equityPaise: 0 },
    });
    expect(sheet.totalAssetsPaise).toBe(sheet.totalLiabilitiesPaise + sheet.equity.totalPaise);
    // Before November's trading: only October's rent, paid from cash.
    const october = body<BalanceSheet>(await w.retailer.get(BOOKS_PATHS.balanceSheet, { asOf: '2026-10-31' }));
    expect(october).toMatchObject({ totalAssetsPaise: -3000, totalLiabilitiesPaise: 0, equity: { profitPaise: -3000, totalPaise: -3000 } });
  });
});

describe('stock at cost does not rewrite history (issue 32)', () => {
  /**
   * Agarwal (the demo stockist) adds 100 "Costlayer 500" by hand on 22 Nov (PTS ₹8), sells 30 at the counter on
   * 23 Nov, then adds 1 unit to the same batch at a new price (PTS ₹12), then edits the batch's prices with an upload
   * (the units it holds, new prices, no PTS: a batch priced at PTR from then on).
   */
  it('adding a unit at a new price moves no earlier balance sheet nor the profit of earlier sales; a price edit moves no past period', async () => {
    await booksWorld(t);
    let s = await signedIn(t, DEMO.stockist);
    const line: AddStock = { productName: 'Costlayer 500', manufacturer: 'Ledgerly Labs', pack: '10 tablets', hsn: '30049099', batchNo: 'CL-1', expiryDate: '2028-06-30', mrpPaise: 2240, ptrPaise: 1500, ptsPaise: 800, quantity: 100 };
    const added = await s.post(INVENTORY_PATHS.add, line);
    expect(added.statusCode).toBe(200);
    const productId = body<StockBatch>(added).productId;
    t.clock.advance(86_400);
    // a day later the access token has expired: sign in again
    s = await signedIn(t, DEMO.stockist);
    const sale = await s.post(ACCOUNTING_PATHS.instoreSales, { buyer: { walkInName: 'Ravi Kumar' }, lines: [{ productId, quantity: 30 }], paymentMode: 'CASH' });
    expect(sale.statusCode).toBe(200);

    const sheet = async (asOf: string) => body<BalanceSheet>(await s.get(BOOKS_PATHS.balanceSheet, { asOf }));
    const profit = async (day: string) => body<ProfitAndLoss>(await s.get(BOOKS_PATHS.profitAndLoss, { from: day, to: day, compare: 'none' }));
    const costlayer = async (asOf: string) => (await batchStockAt(t.db, { unitId: await unitId(t.db, 'STK-PUN-001') }, new Date(istStartOf(asOf).getTime() + 86_400_000))).find((b) => b.productId === productId)!.valuePaise;
    const yesterday = await sheet('2026-11-22');
    const pastDay = await profit('2026-11-22');
    const today = await profit('2026-11-23');
    expect([await costlayer('2026-11-22'), await costlayer('2026-11-23')]).toEqual([100 * 800, 70 * 800]);

    // 1 unit at a new price: a layer of its own (₹12), nothing before it changes.
    const more = await s.post(INVENTORY_PATHS.add, { ...line, ptrPaise: 1800, ptsPaise: 1200, quantity: 1 });
    expect(more.statusCode).toBe(200);
    expect(await sheet('2026-11-22')).toEqual(yesterday);
    expect(await costlayer('2026-11-23')).toBe(70 * 800 + 1200);
    const after = await profit('2026-11-23');
    expect(after).toEqual({ ...today, closingStockPaise: today.closingStockPaise + 1200, stockBroughtInPaise: today.stockBroughtInPaise + 1200 });

    // A price edit (an upload listing the batch with the units it holds and new prices, no PTS): no movement, no
    // layer; the past stays, and so does the batch's stock at cost today.
    const file = await xlsxOf([HEADER, ['Costlayer 500', '10 tablets', 'Ledgerly Labs', 'CL-1', '06/28', '30.00', '25.00', 71, '', '30049099', '12']]);
    const form = multipart('prices.xlsx', file, { mode: 'REPLACE' });
    const edit = await t.app.inject({ method: 'POST', url: INVENTORY_PATHS.uploadImport, headers: { ...bearer(s.session), ...form.headers }, payload: form.payload });
    expect(edit.statusCode).toBe(200);
    const batch = await t.db.selectFrom('inventory_batches').select(['quantity', 'ptr_paise', 'pts_paise']).where('product_id', '=', productId).executeTakeFirstOrThrow();
    expect(batch).toEqual({ quantity: 71, ptr_paise: 2500, pts_paise: null });
    expect(await sheet('2026-11-22')).toEqual(yesterday);
    expect(await profit('2026-11-22')).toEqual(pastDay);
    expect(await costlayer('2026-11-23')).toBe(70 * 800 + 1200);
  });
});

describe('statements as downloads (issue 39 item 5)', () => {
  it('gives the profit and loss, trial balance and balance sheet as XLSX, CSV and PDF with the figures of the screens', async () => {
    // A sale over the counter, so the statements hold something.
    const w = await booksWorld(t);
    const sale = await w.stockist.post(ACCOUNTING_PATHS.instoreSales, { buyer: { walkInName: 'Export Walk-in' }, lines: [{ productId: w.product, quantity: 3 }], paymentMode: 'CASH' });
    expect(sale.statusCode).toBe(200);
    const get = w.stockist.get;
    const today = t.clock.now().toISOString().slice(0, 10);
    const pl = body<ProfitAndLoss>(await get(BOOKS_PATHS.profitAndLoss, { compare: 'none' }));
    const sheet = body<BalanceSheet>(await get(BOOKS_PATHS.balanceSheet, { asOf: today }));

    const rowsOf = async (res: { rawPayload: Buffer }) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = book.worksheets[0]!;
      const out: unknown[][] = [];
      ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    const plXlsx = await get(BOOKS_PATHS.statementExport, { statement: 'PROFIT_AND_LOSS', format: 'xlsx' });
    expect(plXlsx.statusCode).toBe(200);
    expect(plXlsx.headers['content-disposition']).toBe(`attachment; filename="Profit-and-Loss-${pl.from}-${pl.to}.xlsx"`);
    const plRows = await rowsOf(plXlsx);
    expect(plRows[0]).toEqual(['Profit and Loss']);
    expect(plRows.find((r) => r[0] === 'Gross profit')).toEqual(['Gross profit', pl.grossProfitPaise / 100]);
    expect(plRows.find((r) => r[0] === 'Net sales')).toEqual(['Net sales', pl.netSalesPaise / 100]);
    expect(pl.netSalesPaise).toBeGreaterThan(0);

    const tbRows = await rowsOf(await get(BOOKS_PATHS.statementExport, { statement: 'TRIAL_BALANCE', format: 'xlsx', asOf: today }));
    const total = tbRows.find((r) => r[0] === 'Total')!;
    // Σ debit balances = Σ credit balances, as the screen's trial balance.
    expect(total[2]).toBeGreaterThan(0);
    expect(total[2]).toBe(total[3]);

    const csv = await get(BOOKS_PATHS.statementExport, { statement: 'BALANCE_SHEET', format: 'csv', asOf: today });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain(`Total assets,${(sheet.totalAssetsPaise / 100).toFixed(2)}`);

    const pdf = await get(BOOKS_PATHS.statementExport, { statement: 'BALANCE_SHEET', format: 'pdf', asOf: today });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { lines } = await readIsolated('PDF', pdf.rawPayload);
    const text = lines.map((items) => items.map((i) => i.s).join(' ')).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Balance Sheet');
    expect(text).toContain('Agarwal Pharma Distributors');
    expect(text).toContain(formatPaise(sheet.totalAssetsPaise));

    expect((await get(BOOKS_PATHS.statementExport, { statement: 'CASH_FLOW', format: 'xlsx' })).json()).toMatchObject({ code: 'E0001' });
  });
});
