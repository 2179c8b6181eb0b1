import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ACCOUNTING_PATHS, PAYMENTS_PATHS, upiPayLink, type PendingProviderPayments, type ProviderInvoice, type ProviderInvoiceList, type TrialBalance } from 'shared-api';
import { monthsBetween } from '../src/modules/billing/pricing';
import { BillingService, deliveriesUsed, deliveryCounts } from '../src/modules/billing/service';
import { readIsolated } from '../src/modules/inventory/parsers/isolated';
import { istDate } from '../src/modules/search/text';
import { unitId } from './cart-fixtures';
import { deliveredPickups } from './deliveries-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';
import { decodeQr } from './payments-fixtures';

const t = build();

const DAY = 24 * 60 * 60;
// The demo units joined 90 days before the test clock (2026-11-22): August, September and October 2026 have ended.
const ENDED = ['2026-10', '2026-09', '2026-08'];
// GOLD ₹999 inside Maharashtra (the provider's state): 9% + 9%; in Gujarat 18% IGST. SILVER ₹499.
const GOLD_INTRA = { planPaise: 99_900, taxablePaise: 99_900, cgstPaise: 8_991, sgstPaise: 8_991, igstPaise: 0, totalPaise: 117_882 };
const GOLD_INTER = { planPaise: 99_900, taxablePaise: 99_900, cgstPaise: 0, sgstPaise: 0, igstPaise: 17_982, totalPaise: 117_882 };
const SILVER_INTRA = { planPaise: 49_900, taxablePaise: 49_900, cgstPaise: 4_491, sgstPaise: 4_491, igstPaise: 0, totalPaise: 58_882 };

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const headers = bearer(session);
  return {
    get: (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, query }),
    post: (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload }),
  };
}

async function invoices(mobile: string): Promise<ProviderInvoiceList> {
  const res = await (await signedIn(mobile)).get(PAYMENTS_PATHS.providerInvoices);
  expect(res.statusCode).toBe(200);
  return body<ProviderInvoiceList>(res);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { lines } = await readIsolated('PDF', bytes);
  return lines.map((items) => items.map((i) => i.s).join(' ')).join('\n');
}

describe('issuing the provider invoices', () => {
  it('issues one invoice per ended month once, even to concurrent calls, numbered gap-free in the MB series', async () => {
    const stockist = await signedIn(DEMO.stockist);
    const [a, b] = await Promise.all([stockist.get(PAYMENTS_PATHS.providerInvoices), stockist.get(PAYMENTS_PATHS.providerInvoices)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const list = body<ProviderInvoiceList>(a);
    expect(body<ProviderInvoiceList>(b).items.map((i) => i.invoiceId)).toEqual(list.items.map((i) => i.invoiceId));
    expect(list.items.map((i) => i.month)).toEqual(ENDED);
    expect(list.items.map((i) => i.invoiceDate)).toEqual(['2026-11-01', '2026-10-01', '2026-09-01']);
    expect(list.items[0]).toMatchObject({ subscriptionPlan: 'GOLD', deliveries: 0, freeDeliveries: 0, billableDeliveries: 0, perDeliveryPaise: 4_000, deliveryPaise: 0, status: 'UNPAID', paidOn: null, utr: null, ...GOLD_INTRA });
    expect(list).toMatchObject({ totalResults: 3, duePaise: 3 * 117_882, page: 0, pageSize: 20 });
    const stockistUnit = await unitId(t.db, 'STK-PUN-001');
    expect(await t.db.selectFrom('provider_invoices').select('month').where('unit_id', '=', stockistUnit).execute()).toHaveLength(3);

    // The service itself, twice at once: nothing more is issued.
    const billing = new BillingService(t.db, t.config);
    expect(await Promise.all([billing.generate(stockistUnit), billing.generate(stockistUnit)])).toEqual([0, 0]);

    // Inside the provider's state: CGST + SGST; Gujarat (the hospital's GSTIN): IGST.
    expect((await invoices(DEMO.hospital)).items.map((i) => ({ ...i, pay: null }))).toEqual(
      ENDED.map((month) => expect.objectContaining({ month, subscriptionPlan: 'GOLD', ...GOLD_INTER })),
    );
    expect((await invoices(DEMO.retailer)).items[0]).toMatchObject({ subscriptionPlan: 'SILVER', ...SILVER_INTRA });

    // One series across units, consecutive from 1 in the invoice dates' financial year.
    const numbers = await t.db.selectFrom('provider_invoices').select(['serial', 'invoice_number', 'financial_year']).orderBy('serial').execute();
    expect(numbers.map((n) => n.serial)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(numbers.every((n) => n.financial_year === '2026-27' && n.invoice_number === `MB/26-27/${String(n.serial).padStart(6, '0')}`)).toBe(true);
    // A unit's months in order take rising numbers.
    expect(list.items.map((i) => i.invoiceNumber)).toEqual(['MB/26-27/000003', 'MB/26-27/000002', 'MB/26-27/000001']);

    // Paged, newest first; the due amount is over all of them.
    const page = body<ProviderInvoiceList>(await stockist.get(PAYMENTS_PATHS.providerInvoices, { page: '1', pageSize: '2' }));
    expect(page).toMatchObject({ totalResults: 3, page: 1, pageSize: 2, duePaise: 3 * 117_882 });
    expect(page.items.map((i) => i.month)).toEqual(['2026-08']);

    // When November ends, its invoice takes the next number.
    t.clock.advance(10 * DAY);
    const december = await invoices(DEMO.stockist);
    expect(december.items[0]).toMatchObject({ month: '2026-11', invoiceDate: '2026-12-01', invoiceNumber: 'MB/26-27/000010' });
    expect(body<PendingProviderPayments>(await (await signedIn(DEMO.stockist)).get(PAYMENTS_PATHS.pendingProviderPayments))).toEqual({ count: 4, duePaise: 4 * 117_882 });
  });

  it('issues every unit its months once when all of them ask at once, numbers consecutive with no gap', async () => {
    // Each unit's ended months: from the month it joined (IST) to October 2026.
    const units = (await t.db.selectFrom('units').select(['id', 'created_at']).execute()).map((u) => ({ id: u.id, months: monthsBetween(istDate(new Date(u.created_at)).slice(0, 7), '2026-10') }));
    const expected = units.reduce((s, u) => s + u.months.length, 0);
    expect(expected).toBeGreaterThan(30);
    const billing = new BillingService(t.db, t.config);
    const issued = await Promise.all([...units, ...units, ...units].map((u) => billing.generate(u.id)));
    expect(issued.reduce((s, n) => s + n, 0)).toBe(expected);
    const rows = await t.db.selectFrom('provider_invoices').select(['unit_id', 'month', 'serial']).execute();
    expect(rows).toHaveLength(expected);
    expect(rows.map((r) => r.serial).sort((a, b) => a - b)).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
    for (const u of units) expect(rows.filter((r) => r.unit_id === u.id).map((r) => r.month).sort()).toEqual(u.months);
  });

  it('counts deliveries, takes the referral free deliveries first in month order, and bills the rest', async () => {
    const stockistUnit = await unitId(t.db, 'STK-PUN-001');
    // 3 free deliveries, credited when the unit joined.
    await t.db.deleteFrom('referral_credits').where('unit_id', '=', stockistUnit).execute();
    const joined = (await t.db.selectFrom('units').select('created_at').where('id', '=', stockistUnit).executeTakeFirstOrThrow()).created_at;
    await t.db.insertInto('referral_credits').values({ id: randomUUID(), unit_id: stockistUnit, deliveries: 3, reason: 'ACTIVATION', created_at: joined }).execute();
    expect((await invoices(DEMO.stockist)).items.map((i) => i.freeDeliveries)).toEqual([0, 0, 0]);

    // Consignments the stockist sent, delivered with the pin (a delivery is a DELIVERED consignment of its own).
    await deliveredPickups(t, 2);
    t.clock.advance(10 * DAY); // 2 December
    await deliveredPickups(t, 2);
    expect(await deliveriesUsed(t.db, stockistUnit, '2026-11-01', '2026-11-30')).toBe(2);
    // Each delivery took a free one while the 3 lasted (the invoices below count exactly those).
    expect(await deliveryCounts(t.db, stockistUnit, '2026-11-01', '2026-11-30')).toEqual({ deliveries: 2, free: 2 });
    expect(await deliveryCounts(t.db, stockistUnit, '2026-12-01', '2026-12-31')).toEqual({ deliveries: 2, free: 1 });
    // Another unit's deliveries are not this one's: the retailer sent nothing.
    expect(await deliveriesUsed(t.db, await unitId(t.db, 'RTL-MUM-001'), '2026-11-01', '2026-12-31')).toBe(0);

    t.clock.advance(31 * DAY); // 2 January 2027
    const [dec, nov] = (await invoices(DEMO.stockist)).items;
    expect(nov).toMatchObject({ month: '2026-11', deliveries: 2, freeDeliveries: 2, billableDeliveries: 0, deliveryPaise: 0, ...GOLD_INTRA });
    expect(dec).toMatchObject({
      month: '2026-12',
      deliveries: 2,
      freeDeliveries: 1,
      billableDeliveries: 1,
      deliveryPaise: 4_000,
      taxablePaise: 103_900,
      cgstPaise: 9_351,
      sgstPaise: 9_351,
      igstPaise: 0,
      totalPaise: 122_602,
    });
  });

  it('bills a lapsed plan as no plan, and issues a month with nothing to charge as paid', async () => {
    // The retailer's SILVER plan runs to 2026-12-31: January 2027 has no plan and no deliveries.
    t.clock.advance(72 * DAY); // 2 February 2027
    const list = await invoices(DEMO.retailer);
    expect(list.items.map((i) => [i.month, i.subscriptionPlan, i.totalPaise, i.status])).toEqual([
      ['2027-01', 'NONE', 0, 'PAID'],
      ['2026-12', 'SILVER', 58_882, 'UNPAID'],
      ['2026-11', 'SILVER', 58_882, 'UNPAID'],
      ['2026-10', 'SILVER', 58_882, 'UNPAID'],
      ['2026-09', 'SILVER', 58_882, 'UNPAID'],
      ['2026-08', 'SILVER', 58_882, 'UNPAID'],
    ]);
    expect(list.items[0]).toMatchObject({ paidOn: '2027-02-01', utr: null });
    expect(list.duePaise).toBe(5 * 58_882);
    const retailer = await signedIn(DEMO.retailer);
    expect((await retailer.post(PAYMENTS_PATHS.payProviderInvoice(list.items[0]!.invoiceId), { utr: '412345678901', paidOn: '2027-02-02' })).json()).toMatchObject({ code: 'E0010' });
  });

  it('bills a unit whose state is unknown inter-state (IGST)', async () => {
    const retailerUnit = await unitId(t.db, 'RTL-MUM-001');
    await sql`UPDATE registrations SET gstin = NULL, state = NULL WHERE unit_id = ${retailerUnit}`.execute(t.db);
    await t.db.updateTable('units').set({ state: null }).where('id', '=', retailerUnit).execute();
    expect((await invoices(DEMO.retailer)).items[0]).toMatchObject({ taxablePaise: 49_900, cgstPaise: 0, sgstPaise: 0, igstPaise: 8_982, totalPaise: 58_882 });
  });
});

describe('the invoice, its QR and PDF', () => {
  it('answers a QR that decodes to the exact upi://pay link, and a PDF tax invoice that reads back', async () => {
    const [october] = (await invoices(DEMO.stockist)).items;
    const stockist = await signedIn(DEMO.stockist);
    const link = 'upi://pay?pa=medicob2b%40hdfcbank&pn=Medico%20B2B%20Private%20Limited&am=1178.82&cu=INR&tn=Medico%20B2B%20MB%2F26-27%2F000003&tr=MB%2F26-27%2F000003';
    expect(link).toBe(upiPayLink({ pa: t.config.provider.vpa, pn: t.config.provider.name, amountPaise: 117_882, tn: 'Medico B2B MB/26-27/000003', tr: 'MB/26-27/000003' }));
    expect(october!.pay).toEqual({ payeeName: 'Medico B2B Private Limited', vpa: 'medicob2b@hdfcbank', upiLink: link });
    expect(body<ProviderInvoice>(await stockist.get(PAYMENTS_PATHS.providerInvoice(october!.invoiceId)))).toEqual(october);

    const png = await stockist.get(PAYMENTS_PATHS.providerInvoiceQr(october!.invoiceId));
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(decodeQr(png.rawPayload)).toBe(link);
    const svg = await stockist.get(PAYMENTS_PATHS.providerInvoiceQr(october!.invoiceId), { format: 'svg' });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('<svg');

    const pdf = await stockist.get(PAYMENTS_PATHS.providerInvoicePdf(october!.invoiceId));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="MB-26-27-000003.pdf"');
    const text = await pdfText(pdf.rawPayload);
    for (const part of [
      'TAX INVOICE',
      'Medico B2B Private Limited',
      'GSTIN: 27AAJCM1234F1ZP',
      'Bill to: Agarwal Pharma Distributors',
      'MB/26-27/000003',
      '01-11-2026',
      'October 2026',
      'Subscription plan: GOLD',
      '998599',
      'CGST @ 9%',
      'SGST @ 9%',
      '1,178.82',
      'Rupees One Thousand One Hundred Seventy Eight and Eighty Two Paise Only',
      'Scan to pay',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('IGST');
  });
});

describe('paying a provider invoice', () => {
  it('records the UTR once, marks the invoice paid, posts one balanced payment voucher and notifies the unit', async () => {
    const list = await invoices(DEMO.stockist);
    const [october, september] = list.items;
    const stockist = await signedIn(DEMO.stockist);
    const res = await stockist.post(PAYMENTS_PATHS.payProviderInvoice(october!.invoiceId), { utr: '412345678901', paidOn: '2026-11-22' });
    expect(res.statusCode).toBe(200);
    expect(body<ProviderInvoice>(res)).toMatchObject({ invoiceId: october!.invoiceId, status: 'PAID', paidOn: '2026-11-22', utr: '412345678901' });
    expect(body<ProviderInvoiceList>(await stockist.get(PAYMENTS_PATHS.providerInvoices)).duePaise).toBe(2 * 117_882);
    expect(body<PendingProviderPayments>(await stockist.get(PAYMENTS_PATHS.pendingProviderPayments))).toEqual({ count: 2, duePaise: 2 * 117_882 });

    // The unit's books: Dr platform charges + input tax, Cr Bank; still balanced.
    const books = body<TrialBalance>(await stockist.get(ACCOUNTING_PATHS.trialBalance));
    expect(books.debitPaise).toBe(books.creditPaise);
    const moved = Object.fromEntries(books.rows.filter((r) => r.balancePaise !== 0).map((r) => [r.name, r.balancePaise]));
    expect(moved).toEqual({ 'Medico B2B platform charges': 99_900, 'Input CGST': 8_991, 'Input SGST': 8_991, Bank: -117_882 });
    expect(books.rows.find((r) => r.name === 'Medico B2B platform charges')).toMatchObject({ group: 'INDIRECT_EXPENSES', system: false });
    const vouchers = await t.db.selectFrom('vouchers').select(['kind', 'document_type', 'document_id', 'document_number', 'voucher_date']).where('document_type', '=', 'PROVIDER_INVOICE').execute();
    expect(vouchers).toEqual([{ kind: 'PAYMENT', document_type: 'PROVIDER_INVOICE', document_id: october!.invoiceId, document_number: 'MB/26-27/000003', voucher_date: '2026-11-22' }]);
    const note = await t.db.selectFrom('notifications').select(['type', 'body']).where('unit_id', '=', await unitId(t.db, 'STK-PUN-001')).where('title', '=', 'Medico B2B invoice paid').executeTakeFirstOrThrow();
    expect(note).toEqual({ type: 'PAYMENT', body: 'Rs. 1,178.82 paid for invoice MB/26-27/000003 (October 2026), UTR 412345678901.' });

    // The paid invoice's PDF says so; its QR is gone (nothing to pay).
    const text = await pdfText((await stockist.get(PAYMENTS_PATHS.providerInvoicePdf(october!.invoiceId))).rawPayload);
    expect(text).toContain('PAID');
    expect(text).toContain('Paid on 22-11-2026 by UPI, UTR 412345678901.');
    expect(text).not.toContain('Scan to pay');
    expect((await stockist.get(PAYMENTS_PATHS.providerInvoiceQr(october!.invoiceId))).json()).toMatchObject({ code: 'E0010' });

    // Paying it again: E0010. The same UTR for another invoice: E0009. A UTR of the payments table: E0009.
    const again = await stockist.post(PAYMENTS_PATHS.payProviderInvoice(october!.invoiceId), { utr: '412345678902', paidOn: '2026-11-22' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'E0010']);
    const sameUtr = await stockist.post(PAYMENTS_PATHS.payProviderInvoice(september!.invoiceId), { utr: '412345678901', paidOn: '2026-11-22' });
    expect([sameUtr.statusCode, sameUtr.json().code]).toEqual([409, 'E0009']);
    await t.db
      .insertInto('payments')
      .values({ id: randomUUID(), payer_unit_id: await unitId(t.db, 'RTL-MUM-001'), payee_unit_id: await unitId(t.db, 'STK-PUN-001'), payee_name: 'Agarwal', payer_name: 'Sharma', method: 'UPI', utr: '499999999999', provider: 'MANUAL', amount_paise: 100, paid_on: '2026-11-22', status: 'APPLIED', created_at: t.clock.now() })
      .execute();
    const paymentsUtr = await stockist.post(PAYMENTS_PATHS.payProviderInvoice(september!.invoiceId), { utr: '499999999999', paidOn: '2026-11-22' });
    expect([paymentsUtr.statusCode, paymentsUtr.json().code]).toEqual([409, 'E0009']);
    // A date in the future or before the invoice: refused; a malformed UTR: refused by the schema.
    expect((await stockist.post(PAYMENTS_PATHS.payProviderInvoice(september!.invoiceId), { utr: '412345678903', paidOn: '2026-11-23' })).json()).toMatchObject({ code: 'E0001', fields: { paidOn: 'The payment date cannot be in the future' } });
    expect((await stockist.post(PAYMENTS_PATHS.payProviderInvoice(september!.invoiceId), { utr: '412345678903', paidOn: '2026-09-30' })).json()).toMatchObject({ code: 'E0001' });
    expect((await stockist.post(PAYMENTS_PATHS.payProviderInvoice(september!.invoiceId), { utr: '4123', paidOn: '2026-11-22' })).statusCode).toBe(400);
    // Nothing else was written: still one voucher, September unpaid.
    expect(await t.db.selectFrom('vouchers').select('id').where('document_type', '=', 'PROVIDER_INVOICE').execute()).toHaveLength(1);
    expect(body<ProviderInvoice>(await stockist.get(PAYMENTS_PATHS.providerInvoice(september!.invoiceId))).status).toBe('UNPAID');

    // A second payment finds the head the first one opened.
    expect((await stockist.post(PAYMENTS_PATHS.payProviderInvoice(september!.invoiceId), { utr: '412345678903', paidOn: '2026-11-22' })).statusCode).toBe(200);
    const after = body<TrialBalance>(await stockist.get(ACCOUNTING_PATHS.trialBalance));
    expect(after.debitPaise).toBe(after.creditPaise);
    expect(after.rows.find((r) => r.name === 'Medico B2B platform charges')?.balancePaise).toBe(2 * 99_900);
  });

  it('posts Input IGST for an inter-state unit', async () => {
    const [october] = (await invoices(DEMO.hospital)).items;
    const hospital = await signedIn(DEMO.hospital);
    expect((await hospital.post(PAYMENTS_PATHS.payProviderInvoice(october!.invoiceId), { utr: '512345678901', paidOn: '2026-11-22' })).statusCode).toBe(200);
    const books = body<TrialBalance>(await hospital.get(ACCOUNTING_PATHS.trialBalance));
    expect(Object.fromEntries(books.rows.filter((r) => r.balancePaise !== 0).map((r) => [r.name, r.balancePaise]))).toEqual({ 'Medico B2B platform charges': 99_900, 'Input IGST': 17_982, Bank: -117_882 });
  });
});

describe('who sees an invoice', () => {
  it("answers E0053 for another unit's invoice and for an unknown or malformed id, on every route", async () => {
    const [theirs] = (await invoices(DEMO.stockist)).items;
    const retailer = await signedIn(DEMO.retailer);
    for (const id of [theirs!.invoiceId, randomUUID(), 'not-an-id']) {
      const answers = await Promise.all([
        retailer.get(PAYMENTS_PATHS.providerInvoice(id)),
        retailer.get(PAYMENTS_PATHS.providerInvoiceQr(id)),
        retailer.get(PAYMENTS_PATHS.providerInvoicePdf(id)),
        retailer.post(PAYMENTS_PATHS.payProviderInvoice(id), { utr: '612345678901', paidOn: '2026-11-22' }),
      ]);
      expect(answers.map((r) => [r.statusCode, r.json().code])).toEqual(Array.from({ length: 4 }, () => [404, 'E0053']));
    }
    expect(body<ProviderInvoice>(await (await signedIn(DEMO.stockist)).get(PAYMENTS_PATHS.providerInvoice(theirs!.invoiceId))).status).toBe('UNPAID');
    // Signed out: refused before anything is looked up.
    expect((await t.app.inject({ method: 'GET', url: PAYMENTS_PATHS.providerInvoices })).statusCode).toBe(403);
  });
});
