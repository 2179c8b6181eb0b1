import { RECALL_IMPORT_PATHS, RECALL_IMPORT_TYPES_MESSAGE, type RecallImport } from 'shared-api';
import { AppError } from '../src/http/errors';
import { RecallsService } from '../src/modules/recalls/service';
import { addBatch, addProduct } from './cart-fixtures';
import { DEMO, bearer, build, login } from './helpers';
import { multipart, pdfTable, xlsxOf } from './inventory-fixtures';

const t = build();

/** Back-office staff (the demo seed's Meera Kulkarni). */
const STAFF = '9800000090';

async function staff() {
  return bearer(await login(t.app, STAFF));
}

async function upload(headers: Record<string, string>, name: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = multipart(name, bytes, fields);
  return t.app.inject({ method: 'POST', url: RECALL_IMPORT_PATHS.imports, headers: { ...headers, ...form.headers }, payload: form.payload });
}

async function previewed(headers: Record<string, string>, name: string, bytes: Buffer, fields: Record<string, string> = {}): Promise<RecallImport> {
  const res = await upload(headers, name, bytes, fields);
  if (res.statusCode !== 200) throw new Error(`preview answered ${res.statusCode}: ${res.body}`);
  return res.json().body;
}

async function confirm(headers: Record<string, string>, importId: string, payload: object) {
  return t.app.inject({ method: 'POST', url: RECALL_IMPORT_PATHS.confirm(importId), headers, payload });
}

const csvOf = (rows: (string | number)[][]) => Buffer.from(rows.map((r) => r.map((c) => (/[",]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : c)).join(',')).join('\r\n'));

/** The CDSCO's monthly list, as it heads its columns. */
const CDSCO_HEADER = ['S. No.', 'Name of Drugs/medical device/cosmetics', 'Batch No.', 'Date of Manufacture', 'Date of Expiry', 'Manufactured By', 'Reason for failure'];

const batchesOf = async (productId: string) =>
  t.db.selectFrom('inventory_batches').select(['batch_no', 'recall_id']).where('product_id', '=', productId).orderBy('batch_no').execute();

/** Products and batches the lists name (besides the demo seed's Dolo 650 Tablet and Zerodol SP Tablet). */
async function fixtures() {
  const dolo = await t.db.selectFrom('products').select('id').where('name', '=', 'Dolo 650 Tablet').executeTakeFirstOrThrow();
  const zerodolSp = await t.db.selectFrom('products').select('id').where('name', '=', 'Zerodol SP Tablet').executeTakeFirstOrThrow();
  // The product master outlives each test (helpers.ts KEPT): added once.
  const known = await t.db.selectFrom('products').select('id').where('name', '=', 'Zerodol P Tablet').executeTakeFirst();
  const zerodolP = known?.id ?? (await addProduct(t.db, { name: 'Zerodol P Tablet', manufacturer: 'Ipca', pack: '10 Tab', hsn: '3004' }));
  await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: dolo.id, batchNo: 'RCI-0001', expiry: '2028-01-31', quantity: 50, ptr: 2688, mrp: 3360 });
  await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: dolo.id, batchNo: 'RCI-0002', expiry: '2028-01-31', quantity: 20, ptr: 2688, mrp: 3360 });
  await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: dolo.id, batchNo: 'RCI-0003', expiry: '2028-01-31', quantity: 20, ptr: 2688, mrp: 3360 });
  await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: zerodolP, batchNo: 'ZP-77', expiry: '2027-06-30', quantity: 10, ptr: 9000, mrp: 12000 });
  return { dolo: dolo.id, zerodolSp: zerodolSp.id, zerodolP };
}

describe('recall list import', () => {
  it('reads an XLSX list: detects the columns, matches name variants, rejects unknown products and bad rows, offers candidates for ambiguous rows', async () => {
    const { dolo, zerodolP, zerodolSp } = await fixtures();
    const headers = await staff();
    const file = await xlsxOf(
      [
        CDSCO_HEADER,
        [1, 'DOLO-650 TAB', 'rci 0001, RCI/0002', 'Feb-2026', 'Jan-2028', 'Micro Labs Ltd.', 'Dissolution'],
        [2, 'Zerodol', 'ZP-77', 'Jun-2025', 'Jun-2027', 'Ipca', 'Not of Standard Quality'],
        [3, 'Qwertyzine 10 Tablet', 'Q1', '', '', 'Nobody Pharma', 'NSQ'],
        [4, 'Dolo 650 Tablet', '', '', 'Jan-2028', 'Micro Labs', 'Spurious'],
        [5, 'Dolo 650 Tablet', 'RCI-0003', '', 'next year', 'Micro Labs', 'Spurious'],
      ],
      ['CENTRAL DRUGS STANDARD CONTROL ORGANIZATION', 'Drug Alert list for the month of October 2026'],
    );
    const preview = await previewed(headers, 'nsq-october.xlsx', file);
    expect(preview).toMatchObject({ status: 'PREVIEW', fileType: 'XLSX', headerRow: 3, missingFields: [], dataRows: 5, rejectedRows: 3, ambiguousRows: 1, result: null });
    expect(preview.mapping).toEqual({ name: 1, batch: 2, expiry: 4, manufacturer: 5, reason: 6 });
    expect(preview.rows).toEqual([
      expect.objectContaining({ rowNumber: 4, match: 'MATCHED', productId: dolo, batchNos: ['rci 0001', 'RCI/0002'], expiryDate: '2028-01-31', reason: null, reasonText: 'Dissolution' }),
      expect.objectContaining({ rowNumber: 5, match: 'AMBIGUOUS', productId: null, reason: 'NSQ', reasonText: null }),
    ]);
    expect(preview.rows[1]!.candidates.map((c) => c.productId).sort()).toEqual([zerodolP, zerodolSp].sort());
    expect(preview.rejected.map((r) => [r.rowNumber, r.problems])).toEqual([
      [6, ['no product in the master matches "Qwertyzine 10 Tablet" by Nobody Pharma']],
      [7, ['missing batch number']],
      [8, ['expiry "next year" is not a date']],
    ]);
    // Nothing is raised by reading.
    expect(await t.db.selectFrom('recalls').select('id').execute()).toEqual([]);
    // The import is kept as read.
    const again = await t.app.inject({ method: 'GET', url: RECALL_IMPORT_PATHS.detail(preview.importId), headers });
    expect(again.json().body).toEqual(preview);
  });

  it('confirms: one recall per product with its batches grouped, the ambiguous row as picked, once only', async () => {
    const { dolo, zerodolP } = await fixtures();
    const headers = await staff();
    const file = csvOf([
      ['Product', 'Manufacturer', 'Batch No', 'Expiry', 'Reason', 'Notice No', 'Notice Date'],
      ['Dolo 650 Tablet', 'Micro Labs', 'RCI-0001', '01/2028', 'Spurious', 'CDSCO/NSQ/2026/10', '15/11/2026'],
      ['Dolo 650 Tablet', 'Micro Labs', 'rci 0002', '01/2028', 'Spurious', 'CDSCO/NSQ/2026/10', '15/11/2026'],
      ['Zerodol', 'Ipca', 'ZP-77', '06/2027', '', '', ''],
    ]);
    const preview = await previewed(headers, 'alert.csv', file);
    expect(preview).toMatchObject({ fileType: 'CSV', rejectedRows: 0, ambiguousRows: 1 });

    // A pick must be one of the row's candidates; rows without a notice need the default one.
    const dolo1 = await confirm(headers, preview.importId, { picks: [{ rowNumber: 4, productId: dolo }] });
    expect(dolo1.statusCode).toBe(400);
    expect(dolo1.json()).toMatchObject({ code: 'E0001', message: 'Row 4: pick one of the products the preview offers for that row' });
    const noNotice = await confirm(headers, preview.importId, { picks: [{ rowNumber: 4, productId: zerodolP }] });
    expect(noNotice.statusCode).toBe(400);
    expect(noNotice.json().message).toBe('Row 4 name no notice: give the notice number and date the list comes from');

    const res = await confirm(headers, preview.importId, { picks: [{ rowNumber: 4, productId: zerodolP }], noticeNumber: 'CDSCO/ALERT/77', noticeDate: '2026-11-20', action: 'RETURN_TO_SUPPLIER' });
    expect(res.statusCode).toBe(200);
    const done: RecallImport = res.json().body;
    expect(done.status).toBe('IMPORTED');
    expect(done.result).toMatchObject({ recallsRaised: 2, recallsFailed: 0, rowsSkipped: [] });
    expect(done.result!.raised).toEqual([
      expect.objectContaining({ productId: dolo, productName: 'Dolo 650 Tablet', batchNos: ['RCI-0001', 'rci 0002'], rowNumbers: [2, 3], recallNumber: expect.stringMatching(/^RC-\d{6}$/), problem: null }),
      expect.objectContaining({ productId: zerodolP, batchNos: ['ZP-77'], rowNumbers: [4], problem: null }),
    ]);

    const recalls = await t.db.selectFrom('recalls').select(['id', 'product_id', 'reason', 'action', 'notice_number', 'notice_date', 'raised_by_kind', 'import_id', 'note']).execute();
    // Raised side by side: their numbers need not follow the rows.
    recalls.sort((a, b) => Number(a.product_id !== dolo) - Number(b.product_id !== dolo));
    expect(recalls.map((r) => [r.product_id, r.reason, r.action, r.notice_number, r.raised_by_kind, r.import_id])).toEqual([
      [dolo, 'SPURIOUS', 'RETURN_TO_SUPPLIER', 'CDSCO/NSQ/2026/10', 'STAFF', preview.importId],
      [zerodolP, 'NSQ', 'RETURN_TO_SUPPLIER', 'CDSCO/ALERT/77', 'STAFF', preview.importId],
    ]);
    expect(recalls[0]!.note).toBe("From the regulator's list alert.csv, rows 2 and 3");
    // The named batches are blocked (case, spaces and punctuation ignored); the batch not named sells on.
    expect(await batchesOf(dolo)).toEqual(
      expect.arrayContaining([
        { batch_no: 'RCI-0001', recall_id: recalls[0]!.id },
        { batch_no: 'RCI-0002', recall_id: recalls[0]!.id },
        { batch_no: 'RCI-0003', recall_id: null },
      ]),
    );
    expect(await batchesOf(zerodolP)).toEqual([{ batch_no: 'ZP-77', recall_id: recalls[1]!.id }]);
    // Raised by the recalls service: the units are in quarantine and the holder is told.
    const held = await t.db.selectFrom('inventory_batches').select(['batch_no', 'quantity']).where('recall_id', '=', recalls[0]!.id).orderBy('batch_no').execute();
    expect(held).toEqual([
      { batch_no: 'RCI-0001', quantity: 0 },
      { batch_no: 'RCI-0002', quantity: 0 },
    ]);
    const holder = await t.db.selectFrom('units').select('id').where('unit_code', '=', 'STK-PUN-001').executeTakeFirstOrThrow();
    const told = await t.db.selectFrom('notifications').select(['link']).where('unit_id', '=', holder.id).where('type', '=', 'RECALL').execute();
    expect(told.map((n) => n.link).sort()).toEqual([`/stocks/recalls/${recalls[0]!.id}`, `/stocks/recalls/${recalls[1]!.id}`].sort());

    const twice = await confirm(headers, preview.importId, { noticeNumber: 'X', noticeDate: '2026-11-20' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('E0013');
    expect(await t.db.selectFrom('recalls').select('id').execute()).toHaveLength(2);
  });

  it('lists a recall that could not be raised with why, and raises the others', async () => {
    const { dolo, zerodolP } = await fixtures();
    const headers = await staff();
    const raiseIn = RecallsService.prototype.raiseIn;
    const refused = jest.spyOn(RecallsService.prototype, 'raiseIn').mockImplementation(function (this: RecallsService, trx, caller, input, importId) {
      if (input.productId === dolo) return Promise.reject(new AppError('E0001', 400, 'Refused for the test'));
      return raiseIn.call(this, trx, caller, input, importId);
    });
    try {
      const file = csvOf([
        ['Product', 'Manufacturer', 'Batch No'],
        ['Dolo 650 Tablet', 'Micro Labs', 'RCI-0001'],
        ['Zerodol P Tablet', 'Ipca', 'ZP-77'],
      ]);
      const preview = await previewed(headers, 'alert.csv', file);
      const res = await confirm(headers, preview.importId, { noticeNumber: 'N1', noticeDate: '2026-11-20' });
      expect(preview.rows.map((r) => [r.rowNumber, r.match])).toEqual([[2, 'MATCHED'], [3, 'MATCHED']]);
      expect(res.json().body).toMatchObject({ status: 'IMPORTED', result: { recallsRaised: 1, recallsFailed: 1 } });
      expect(res.json().body.result.raised.map((r: { productId: string; recallId: string | null; problem: string | null }) => [r.productId, r.recallId !== null, r.problem])).toEqual([
        [dolo, false, 'Refused for the test'],
        [zerodolP, true, null],
      ]);
      expect(await batchesOf(dolo)).toEqual(expect.arrayContaining([{ batch_no: 'RCI-0001', recall_id: null }]));
    } finally {
      refused.mockRestore();
    }
  });

  it('skips ambiguous rows left without a pick and raises "all batches up to an expiry"', async () => {
    const { dolo } = await fixtures();
    const headers = await staff();
    const file = csvOf([
      ['Product', 'Manufacturer', 'Batch No', 'Expiry'],
      ['Dolo 650 Tablet', 'Micro Labs', 'All', '31/01/2028'],
      ['Zerodol', '', 'ZP-77', ''],
    ]);
    const preview = await previewed(headers, 'alert.csv', file);
    expect(preview.rows.map((r) => [r.rowNumber, r.match, r.allUpToExpiry])).toEqual([
      [2, 'MATCHED', true],
      [3, 'AMBIGUOUS', false],
    ]);
    const res = await confirm(headers, preview.importId, { noticeNumber: 'CDSCO/NSQ/2026/11', noticeDate: '2026-11-20' });
    expect(res.json().body.result).toMatchObject({ recallsRaised: 1, rowsSkipped: [3], raised: [{ productId: dolo, batchNos: [], expiryUpTo: '2028-01-31' }] });
    const dolos = await batchesOf(dolo);
    expect(dolos.filter((b) => b.batch_no.startsWith('RCI-')).every((b) => b.recall_id !== null)).toBe(true);
  });

  it('matches names and makers as notices print them (I.P., M/s., the address), and offers the products of the name when the maker is not recognised', async () => {
    const { dolo } = await fixtures();
    const headers = await staff();
    const file = csvOf([
      ['Product', 'Manufacturer', 'Batch No'],
      ['Dolo 650 Tablets I.P.', 'M/s. Micro Labs Ltd., Bengaluru', 'RCI-0001'],
      ['DOLO 650 TABLET USP', 'Micro Labs', 'RCI-0002'],
      // A maker the master spells otherwise: the name's products, for staff to pick.
      ['Dolo 650 Tablet', 'Microlab Healthcare', 'RCI-0003'],
    ]);
    const preview = await previewed(headers, 'alert.csv', file);
    expect(preview.rows.map((r) => [r.rowNumber, r.match, r.productId])).toEqual([
      [2, 'MATCHED', dolo],
      [3, 'MATCHED', dolo],
      [4, 'AMBIGUOUS', null],
    ]);
    // The catalogue is shared by every test file (helpers.ts KEPT): other files' products may be offered beside it.
    expect(preview.rows[2]!.candidates.map((c) => c.productId)).toContain(dolo);
  });

  it('reads a PDF list, its columns placed by the list\'s own headings (a stock statement\'s would not find them)', async () => {
    const { dolo } = await fixtures();
    const headers = await staff();
    const file = pdfTable(
      [
        ['Sl', 'Drug', 'Batch No.', 'Date of Expiry', 'Mfd. by'],
        ['1', 'Dolo 650 Tablet', 'RCI-0001', '01/2028', 'Micro Labs Limited'],
        ['2', 'Dolo 650 Tablet', 'RCI-0003', '01/2028', 'Micro Labs Limited'],
        // No expiry: the maker still lands under its heading.
        ['3', 'Dolo 650 Tablet', 'RCI-0002', '', 'Micro Labs Limited'],
      ],
      [40, 70, 260, 360, 460],
    );
    const preview = await previewed(headers, 'nsq.pdf', file);
    expect(preview).toMatchObject({ fileType: 'PDF', headers: ['Sl', 'Drug', 'Batch No.', 'Date of Expiry', 'Mfd. by'], rejectedRows: 0, ambiguousRows: 0 });
    expect(preview.mapping).toEqual({ name: 1, batch: 2, expiry: 3, manufacturer: 4 });
    expect(preview.rows.map((r) => [r.productId, r.batchNos, r.manufacturer])).toEqual([
      [dolo, ['RCI-0001'], 'Micro Labs Limited'],
      [dolo, ['RCI-0003'], 'Micro Labs Limited'],
      [dolo, ['RCI-0002'], 'Micro Labs Limited'],
    ]);
  });

  it('lets staff map columns it could not name, and names the missing ones until then', async () => {
    const { dolo } = await fixtures();
    const headers = await staff();
    const file = csvOf([
      ['Col A', 'Col B', 'Col C'],
      ['Dolo 650 Tablet', 'Micro Labs', 'RCI-0001'],
    ]);
    const unmapped = await previewed(headers, 'odd.csv', file);
    expect(unmapped).toMatchObject({ headers: ['Col A', 'Col B', 'Col C'], missingFields: ['Product name', 'Batch number(s)'], rows: [], dataRows: 1 });
    const refused = await confirm(headers, unmapped.importId, { noticeNumber: 'N1', noticeDate: '2026-11-20' });
    expect(refused.statusCode).toBe(400);

    const mapped = await previewed(headers, 'odd.csv', file, { mapping: JSON.stringify({ name: 0, manufacturer: 1, batch: 2 }) });
    expect(mapped).toMatchObject({ missingFields: [], rows: [{ productId: dolo, batchNos: ['RCI-0001'] }] });
  });

  it('refuses what it cannot read, and anyone but staff', async () => {
    const headers = await staff();
    const doc = await upload(headers, 'list.docx', Buffer.from('x'));
    expect(doc.statusCode).toBe(400);
    expect(doc.json()).toMatchObject({ code: 'E0001', message: RECALL_IMPORT_TYPES_MESSAGE });
    const fake = await upload(headers, 'list.xlsx', Buffer.from('not a workbook'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('This file is not really a XLSX file (its content does not match its name)');
    const badMapping = await upload(headers, 'list.csv', csvOf([['a']]), { mapping: '{"name": -1}' });
    expect(badMapping.json()).toMatchObject({ code: 'E0001', message: 'The column mapping is not valid' });

    const stockist = bearer(await login(t.app, DEMO.stockist));
    const refused = await upload(stockist, 'alert.csv', csvOf([['Product', 'Batch No', 'Manufacturer'], ['Dolo 650 Tablet', 'X', 'Micro Labs']]));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('E0040');
    const missing = await t.app.inject({ method: 'GET', url: RECALL_IMPORT_PATHS.detail('00000000-0000-4000-8000-000000000000'), headers });
    expect(missing.statusCode).toBe(404);
  });

  it('imports a 1,000-row list: 100 products of 10 batch rows each become 100 recalls naming 1,000 batches', async () => {
    const headers = await staff();
    const rows: (string | number)[][] = [['Product', 'Manufacturer', 'Batch No', 'Expiry', 'Reason']];
    const products: string[] = [];
    for (let p = 0; p < 100; p++) {
      const name = `Bulkrecall ${String(p).padStart(3, '0')} Tablet`;
      products.push(await addProduct(t.db, { name, manufacturer: 'Bulk Pharma', pack: '10 Tab', hsn: '3004' }));
      for (let b = 0; b < 10; b++) rows.push([name, 'Bulk Pharma Ltd', `BK${p}-${b}`, '12/2027', 'NSQ']);
    }
    await addBatch(t.db, { sellerCode: 'STK-PUN-001', productId: products[42]!, batchNo: 'bk42 7', expiry: '2027-12-31', quantity: 5, ptr: 100, mrp: 150 });
    const preview = await previewed(headers, 'big.xlsx', await xlsxOf(rows, []));
    expect(preview).toMatchObject({ dataRows: 1000, rejectedRows: 0, ambiguousRows: 0 });
    expect(preview.rows).toHaveLength(1000);
    const res = await confirm(headers, preview.importId, { noticeNumber: 'CDSCO/NSQ/2026/10', noticeDate: '2026-11-15' });
    expect(res.statusCode).toBe(200);
    const result = res.json().body.result;
    expect(result).toMatchObject({ recallsRaised: 100, recallsFailed: 0 });
    expect(new Set(result.raised.map((r: { productId: string }) => r.productId))).toEqual(new Set(products));
    expect(result.raised.every((r: { batchNos: string[] }) => r.batchNos.length === 10)).toBe(true);
    const named = await t.db.selectFrom('recall_batches').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(named.n)).toBe(1000);
    expect((await batchesOf(products[42]!))[0]!.recall_id).not.toBeNull();
  });
});
