import { createHash, verify } from 'node:crypto';
import type { EInvoicePayload } from '../src/modules/e-invoices/irp';
import { IrpUnavailable, LocalIrp, irnOf } from '../src/modules/e-invoices/irp';
import { portalFileErrors } from '../src/modules/gst-returns/portal-schemas';

const SELLER = '27AAJCM1234F1ZP';
const BUYER = '27AABCS1429B1ZB';

/** An intra-state pharma invoice: one line with a free quantity and a discount, one plain line. */
function invoice(overrides: Partial<EInvoicePayload> = {}): EInvoicePayload {
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: 'INV/26-27/000123', Dt: '28/11/2026' },
    SellerDtls: { Gstin: SELLER, LglNm: 'Lohar Chawl Medical Agencies', Addr1: '12 Lohar Chawl', Loc: 'Mumbai', Pin: 400002, Stcd: '27' },
    BuyerDtls: { Gstin: BUYER, LglNm: 'Sharma Medical Stores', Pos: '27', Addr1: '4 Station Road', Loc: 'Mumbai', Pin: 400070, Stcd: '27' },
    ItemList: [
      {
        SlNo: '1', PrdDesc: 'Dolo 650 Tablet 15s', IsServc: 'N', HsnCd: '30049099', Qty: 10, FreeQty: 2, Unit: 'STR', UnitPrice: 27.5, TotAmt: 275, Discount: 27.5,
        AssAmt: 247.5, GstRt: 12, IgstAmt: 0, CgstAmt: 14.85, SgstAmt: 14.85, CesRt: 0, CesAmt: 0, CesNonAdvlAmt: 0, StateCesRt: 0, StateCesAmt: 0, StateCesNonAdvlAmt: 0,
        OthChrg: 0, TotItemVal: 277.2, BchDtls: { Nm: 'DL2401', ExpDt: '30/06/2028' },
      },
      {
        SlNo: '2', PrdDesc: 'Azithral 500 Tablet 5s', IsServc: 'N', HsnCd: '3004', Qty: 5, FreeQty: 0, Unit: 'STR', UnitPrice: 98.12, TotAmt: 490.6, Discount: 0,
        AssAmt: 490.6, GstRt: 12, IgstAmt: 0, CgstAmt: 29.44, SgstAmt: 29.44, CesRt: 0, CesAmt: 0, CesNonAdvlAmt: 0, StateCesRt: 0, StateCesAmt: 0, StateCesNonAdvlAmt: 0,
        OthChrg: 0, TotItemVal: 549.48, BchDtls: { Nm: 'AZ9981' },
      },
    ],
    ValDtls: { AssVal: 738.1, CgstVal: 44.29, SgstVal: 44.29, IgstVal: 0, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0.32, TotInvVal: 827 },
    ...overrides,
  };
}

/** The JWT's claims, after checking its RS256 signature with the adapter's public key. */
function verified(irp: LocalIrp, jwt: string): Record<string, unknown> {
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  expect(verify('sha256', Buffer.from(`${head}.${body}`), irp.publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('the e-invoice schema (INV-01 1.1)', () => {
  it('takes an intra-state invoice with free goods and a discount, an inter-state one, and a credit note naming its invoice', () => {
    expect(portalFileErrors('E-INVOICE', invoice())).toEqual([]);
    const inter = invoice({ BuyerDtls: { ...invoice().BuyerDtls, Gstin: '29AABCS1429B1ZC', Pos: '29', Stcd: '29', Pin: 560001, Loc: 'Bengaluru' } });
    inter.ItemList = inter.ItemList.map((i) => ({ ...i, IgstAmt: Math.round((i.CgstAmt + i.SgstAmt) * 100) / 100, CgstAmt: 0, SgstAmt: 0 }));
    expect(portalFileErrors('E-INVOICE', inter)).toEqual([]);
    const note = invoice({ DocDtls: { Typ: 'CRN', No: 'CN/26-27/000004', Dt: '29/11/2026' }, RefDtls: { PrecDocDtls: [{ InvNo: 'INV/26-27/000123', InvDt: '28/11/2026' }] } });
    expect(portalFileErrors('E-INVOICE', note)).toEqual([]);
  });

  it('refuses what the portal refuses, saying where', () => {
    const errors = (p: unknown) => portalFileErrors('E-INVOICE', p).join('\n');
    expect(errors({ ...invoice(), SellerDtls: { ...invoice().SellerDtls, Gstin: '27AAJCM1234F1Z' } })).toMatch(/SellerDtls\/Gstin/);
    expect(errors({ ...invoice(), ItemList: [] })).toMatch(/ItemList/);
    expect(errors({ ...invoice(), ValDtls: { ...invoice().ValDtls, TotInvVal: 827.005 } })).toMatch(/ValDtls\/TotInvVal/);
    expect(errors({ ...invoice(), DocDtls: { Typ: 'INV', No: 'INV/26-27/000123', Dt: '2026-11-28' } })).toMatch(/DocDtls\/Dt/);
    expect(errors({ ...invoice(), DocDtls: { Typ: 'INV', No: '0123', Dt: '28/11/2026' } })).toMatch(/DocDtls\/No/);
    const { ValDtls: _, ...noValues } = invoice();
    expect(errors(noValues)).toMatch(/ValDtls/);
  });
});

describe('the local Invoice Registration Portal', () => {
  it('computes the IRN as the portal does: SHA-256 of GSTIN, financial year, type and number', () => {
    // The portal's own example (einv-apisandbox.nic.in/irn.html): 01AAAAA9999A19N, INV ABC01234 of 12.12.2019.
    expect(irnOf('01AAAAA9999A19N', { DocDtls: { Typ: 'INV', No: 'ABC01234', Dt: '12/12/2019' } })).toBe(createHash('sha256').update('01AAAAA9999A19N2019-20INVABC01234').digest('hex'));
    // April starts the year; the number is case-insensitive (since 1 June 2025).
    expect(irnOf(SELLER, { DocDtls: { Typ: 'CRN', No: 'cn/1', Dt: '01/04/2026' } })).toBe(createHash('sha256').update(`${SELLER}2026-27CRNCN/1`).digest('hex'));
    expect(irnOf(SELLER, { DocDtls: { Typ: 'CRN', No: 'CN/1', Dt: '31/03/2026' } })).toBe(createHash('sha256').update(`${SELLER}2025-26CRNCN/1`).digest('hex'));
  });

  it('registers a document with an Ack No and a signed QR code whose data names the IRN', async () => {
    const irp = new LocalIrp(() => new Date('2026-11-28T08:30:00.000Z'));
    const result = await irp.register(SELLER, invoice());
    if (result.outcome !== 'REGISTERED') throw new Error(`refused: ${result.message}`);
    expect(result.irn).toBe(irnOf(SELLER, invoice()));
    expect(result.ackNo).toMatch(/^26\d{13}$/);
    expect(result.ackDate.toISOString()).toBe('2026-11-28T08:30:00.000Z');
    const qr = verified(irp, result.signedQrCode);
    expect(qr.iss).toBe('NIC');
    expect(JSON.parse(qr.data as string)).toEqual({
      SellerGstin: SELLER, BuyerGstin: BUYER, DocNo: 'INV/26-27/000123', DocTyp: 'INV', DocDt: '28/11/2026', TotInvVal: 827, ItemCnt: 2, MainHsnCode: '3004',
      Irn: result.irn, IrnDt: '2026-11-28 14:00:00',
    });
    expect(JSON.parse(verified(irp, result.signedInvoice).data as string)).toMatchObject({ Irn: result.irn, AckNo: Number(result.ackNo), DocDtls: invoice().DocDtls });
  });

  it('refuses a duplicate (2150) with the registered one, a payload off the schema (2140) and another GSTIN’s document (2143)', async () => {
    const irp = new LocalIrp();
    const first = await irp.register(SELLER, invoice());
    if (first.outcome !== 'REGISTERED') throw new Error('refused');
    const again = await irp.register(SELLER, invoice({ DocDtls: { ...invoice().DocDtls, No: 'inv/26-27/000123' } }));
    expect(again).toMatchObject({ outcome: 'REFUSED', code: '2150', message: 'Duplicate IRN', existing: { irn: first.irn, ackNo: first.ackNo, signedQrCode: first.signedQrCode } });
    expect(await irp.register(SELLER, { ...invoice(), ItemList: [] })).toMatchObject({ outcome: 'REFUSED', code: '2140' });
    expect(await irp.register('27AABCS1429B1ZB', invoice())).toMatchObject({ outcome: 'REFUSED', code: '2143' });
  });

  it('cancels within 24 hours of the acknowledgement, once; after that only a credit note (2270)', async () => {
    let now = new Date('2026-11-28T08:30:00.000Z');
    const irp = new LocalIrp(() => now);
    const a = await irp.register(SELLER, invoice());
    const b = await irp.register(SELLER, invoice({ DocDtls: { ...invoice().DocDtls, No: 'INV/26-27/000124' } }));
    if (a.outcome !== 'REGISTERED' || b.outcome !== 'REGISTERED') throw new Error('refused');
    now = new Date('2026-11-29T08:29:59.000Z');
    expect(await irp.cancel(SELLER, { irn: a.irn, reasonCode: '2', remark: 'Wrong rate keyed' })).toEqual({ outcome: 'CANCELLED', irn: a.irn, cancelledAt: now });
    expect(await irp.cancel(SELLER, { irn: a.irn, reasonCode: '2', remark: 'again' })).toMatchObject({ outcome: 'REFUSED', code: '9999' });
    now = new Date('2026-11-29T08:30:01.000Z');
    expect(await irp.cancel(SELLER, { irn: b.irn, reasonCode: '1', remark: 'Duplicate' })).toMatchObject({ outcome: 'REFUSED', code: '2270' });
    expect(await irp.cancel(SELLER, { irn: 'f'.repeat(64), reasonCode: '1', remark: 'x' })).toMatchObject({ outcome: 'REFUSED', code: '2148' });
  });

  it('can be taken down and brought back, as an outage of the portal', async () => {
    const irp = new LocalIrp();
    irp.setAvailable(false);
    await expect(irp.register(SELLER, invoice())).rejects.toBeInstanceOf(IrpUnavailable);
    await expect(irp.cancel(SELLER, { irn: 'f'.repeat(64), reasonCode: '1', remark: 'x' })).rejects.toBeInstanceOf(IrpUnavailable);
    irp.setAvailable(true);
    await expect(irp.register(SELLER, invoice())).resolves.toMatchObject({ outcome: 'REGISTERED' });
  });
});
