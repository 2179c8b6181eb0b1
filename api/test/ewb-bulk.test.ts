import { AppError } from '../src/http/errors';
import { bulkBill, EWB_BULK_VERSION, ewbBulkFile } from '../src/modules/eway-bills/bulk';
import { portalFileErrors } from '../src/modules/gst-returns/portal-schemas';
import { GSTIN, samplePayload } from './ewb-fixtures';

describe('e-way bill portal bulk generation JSON', () => {
  it('builds { version, billLists } with the bulk file’s own key names, valid against the schema', () => {
    const file = ewbBulkFile(GSTIN, [samplePayload(), samplePayload({ docNo: 'INV/26-27/0043', transMode: '', vehicleNo: undefined, transDistance: '0' })]);
    expect(file.version).toBe(EWB_BULK_VERSION);
    expect(file.billLists).toHaveLength(2);
    const [first, partAOnly] = file.billLists;
    expect(first).toMatchObject({
      userGstin: GSTIN,
      subSupplyType: 1,
      transType: 1,
      actualFromStateCode: 27,
      actualToStateCode: 24,
      TotNonAdvolVal: 0,
      OthValue: 0,
      totInvValue: 63000,
      transMode: 1,
      transDistance: 530,
      vehicleNo: 'MH02AB1234',
      vehicleType: 'R',
      mainHsnCode: 30049099,
      itemList: [{ itemNo: 1, hsnCode: 30049099, qtyUnit: 'BOX', taxableAmount: 60000, igstRate: 5, cessNonAdvol: 0 }],
    });
    // The API's names are not in the bulk file.
    for (const key of ['transactionType', 'actFromStateCode', 'actToStateCode', 'otherValue', 'cessNonAdvolValue']) expect(first).not.toHaveProperty(key);
    // Part A only: no transport mode, vehicle or vehicle type.
    expect(partAOnly).not.toHaveProperty('transMode');
    expect(partAOnly).not.toHaveProperty('vehicleNo');
    expect(partAOnly).not.toHaveProperty('vehicleType');
    expect(portalFileErrors('EWB-BULK', file)).toEqual([]);
  });

  it('intra-state: CGST and SGST, several lines, the main HSN is the largest line’s', () => {
    const payload = samplePayload({
      toGstin: '27AABCS1429B1Z1',
      toStateCode: 27,
      actToStateCode: 27,
      toPincode: 411001,
      igstValue: 0,
      cgstValue: 1500,
      sgstValue: 1500,
      otherValue: -0.4,
      totInvValue: 62999.6,
      itemList: [
        { productName: 'Syringes', hsnCode: 9018, quantity: 10, qtyUnit: 'BOX', taxableAmount: 10000, cgstRate: 2.5, sgstRate: 2.5, igstRate: 0, cessRate: 0 },
        { productName: 'Amoxicillin', hsnCode: 30041010, quantity: 500, qtyUnit: 'STR', taxableAmount: 50000, cgstRate: 2.5, sgstRate: 2.5, igstRate: 0, cessRate: 0 },
      ],
    });
    const file = ewbBulkFile(GSTIN, [payload]);
    expect(file.billLists[0]).toMatchObject({ mainHsnCode: 30041010, OthValue: -0.4, cgstValue: 1500, itemList: [{ itemNo: 1 }, { itemNo: 2 }] });
    expect(portalFileErrors('EWB-BULK', file)).toEqual([]);
  });

  it('says where a bill breaks the portal’s format, and refuses to hand it out (E0027)', () => {
    const bad = bulkBill(GSTIN, samplePayload({ docNo: 'INV 42 with spaces', toPincode: 12345, totalValue: 100.001 }));
    const errors = portalFileErrors('EWB-BULK', { version: EWB_BULK_VERSION, billLists: [bad] });
    expect(errors.join('\n')).toMatch(/\/billLists\/0\/docNo/);
    expect(errors.join('\n')).toMatch(/\/billLists\/0\/toPincode/);
    expect(errors.join('\n')).toMatch(/\/billLists\/0\/totalValue/);
    expect(portalFileErrors('EWB-BULK', { version: EWB_BULK_VERSION, billLists: [] })).not.toEqual([]);
    expect(portalFileErrors('EWB-BULK', { billLists: [bulkBill(GSTIN, samplePayload())] })).not.toEqual([]);
    expect(portalFileErrors('EWB-BULK', { version: EWB_BULK_VERSION, billLists: [{ ...bulkBill(GSTIN, samplePayload()), transactionType: 1 }] })).not.toEqual([]);
    try {
      ewbBulkFile(GSTIN, [samplePayload({ docNo: 'INV 42' })]);
      throw new Error('not refused');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'E0027', statusCode: 422 });
      expect((error as Error).message).toMatch(/e-way bill portal's bulk format.*docNo/);
    }
  });
});
