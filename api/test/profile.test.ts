import { PROFILE_PATHS as P, type PayoutAccount, type Preferences, type Warehouse } from 'shared-api';
import { DEMO, bearer, body, build, login } from './helpers';
import { PNG } from './registration-helpers';

const t = build();

describe('preferences', () => {
  it('saves minimum order value (paise) and WhatsApp number; the payment QR code is an image', async () => {
    const s = await login(t.app, DEMO.stockist);
    const saved = await t.app.inject({ method: 'POST', url: P.preferences, headers: bearer(s), payload: { minimumOrderPaise: 250_000, whatsappNumber: '9800000001' } });
    expect(body<Preferences>(saved)).toEqual({ minimumOrderPaise: 250_000, whatsappNumber: '9800000001', autoApprove: false, hasPaymentQr: false });
    const badPhone = await t.app.inject({ method: 'POST', url: P.preferences, headers: bearer(s), payload: { minimumOrderPaise: -1, whatsappNumber: '12345' } });
    expect(Object.keys(badPhone.json().fields).sort()).toEqual(['minimumOrderPaise', 'whatsappNumber']);

    const notImage = await t.app.inject({ method: 'POST', url: P.paymentQr, headers: bearer(s), payload: { mimeType: 'image/png', contentBase64: Buffer.from('%PDF-1.4').toString('base64') } });
    expect(notImage.json().code).toBe('E0001');
    await t.app.inject({ method: 'POST', url: P.paymentQr, headers: bearer(s), payload: { mimeType: 'image/png', contentBase64: PNG } });
    const qr = body<{ dataUrl: string }>(await t.app.inject({ method: 'GET', url: P.paymentQr, headers: bearer(s) }));
    expect(qr.dataUrl).toBe(`data:image/png;base64,${PNG}`);
    // Employees see preferences but do not change them.
    const employee = await login(t.app, DEMO.stockistEmployee);
    expect((await t.app.inject({ method: 'POST', url: P.preferences, headers: bearer(employee), payload: { minimumOrderPaise: 1, whatsappNumber: null } })).json().code).toBe('E0040');
  });

  it('saves the trade header and footer printed on invoices', async () => {
    const s = await login(t.app, DEMO.retailer);
    const res = await t.app.inject({ method: 'POST', url: P.tradeTexts, headers: bearer(s), payload: { tradeHeader: 'Sharma Medical Stores, Andheri East', tradeFooter: 'Goods once sold will not be taken back' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('bank accounts and UPI', () => {
  it('adds a valid bank account and UPI ID; refuses invalid ones with E0060 / E0059', async () => {
    const s = await login(t.app, DEMO.retailer);
    const add = (payload: object) => t.app.inject({ method: 'POST', url: P.addPayoutAccount, headers: bearer(s), payload });
    const bank = await add({ kind: 'BANK', accountName: 'Sharma Medical Stores', accountNumber: '50200012345678', ifsc: 'hdfc0000240' });
    expect(body<PayoutAccount[]>(bank)).toEqual([expect.objectContaining({ kind: 'BANK', accountNumber: '50200012345678', ifsc: 'HDFC0000240' })]);
    const badBank = await add({ kind: 'BANK', accountName: 'Sharma', accountNumber: '12AB', ifsc: 'HDFC240' });
    expect(badBank.json()).toMatchObject({ code: 'E0060', fields: { accountNumber: expect.any(String), ifsc: 'Enter a valid IFSC' } });
    const badUpi = await add({ kind: 'UPI', accountName: 'Sharma', vpa: 'sharma-at-hdfc' });
    expect(badUpi.json()).toMatchObject({ code: 'E0059', fields: { vpa: 'Enter a valid UPI ID, like name@bank' } });
    const upi = body<PayoutAccount[]>(await add({ kind: 'UPI', accountName: 'Sharma Medical Stores', vpa: 'SharmaMedical@okhdfcbank' }));
    // Both were added at the same (test) instant: their order is not the point, their contents are. The first UPI ID is the default.
    expect(upi.find((a) => a.kind === 'UPI')).toMatchObject({ vpa: 'sharmamedical@okhdfcbank', isDefault: true });
    const left = await t.app.inject({ method: 'DELETE', url: P.deletePayoutAccount(upi.find((a) => a.kind === 'BANK')!.id), headers: bearer(s) });
    expect(body<PayoutAccount[]>(left).map((a) => a.kind)).toEqual(['UPI']);
  });
});

describe('warehouses', () => {
  it('adds and edits a warehouse of the caller’s unit only', async () => {
    const s = await login(t.app, DEMO.stockist);
    const input = { displayName: 'Hadapsar Godown', addressLine: 'Plot 22, Hadapsar Industrial Estate', pincode: '411013', city: 'Pune', latitude: 18.5089, longitude: 73.926 };
    const list = body<Warehouse[]>(await t.app.inject({ method: 'POST', url: P.addWarehouse, headers: bearer(s), payload: input }));
    expect(list.map((w) => w.displayName)).toEqual(['Pune Main Godown', 'Nashik Branch', 'Hadapsar Godown']);
    const id = list[2]!.id;
    const edited = body<Warehouse[]>(await t.app.inject({ method: 'POST', url: P.editWarehouse(id), headers: bearer(s), payload: { ...input, displayName: 'Hadapsar Cold Store' } }));
    expect(edited[2]).toMatchObject({ displayName: 'Hadapsar Cold Store', market: { name: 'Pune' }, latitude: 18.5089 });
    const other = await login(t.app, DEMO.retailer);
    const refused = await t.app.inject({ method: 'POST', url: P.editWarehouse(id), headers: bearer(other), payload: input });
    expect(refused.statusCode).toBe(404);
  });
});
