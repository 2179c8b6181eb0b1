import type { EwbGeneratePayload } from '../src/modules/eway-bills/ewb';

/** The supplier of the sample bills (Medico's demo stockist in Maharashtra). */
export const GSTIN = '27AAJCM1234F1ZP';

/** One bill's generate request, as the consignment flow builds it: an inter-state invoice of medicines by road. */
export function samplePayload(overrides: Partial<EwbGeneratePayload> = {}): EwbGeneratePayload {
  return {
    supplyType: 'O',
    subSupplyType: '1',
    docType: 'INV',
    docNo: 'INV/26-27/0042',
    docDate: '10/11/2026',
    fromGstin: GSTIN,
    fromTrdName: 'Shree Medical Agencies',
    fromAddr1: 'Andheri East',
    fromPlace: 'Mumbai',
    fromPincode: 400069,
    actFromStateCode: 27,
    fromStateCode: 27,
    toGstin: '24AAACR5055K1Z2',
    toTrdName: 'Riddhi Pharma',
    toAddr1: 'Navrangpura',
    toPlace: 'Ahmedabad',
    toPincode: 380009,
    actToStateCode: 24,
    toStateCode: 24,
    transactionType: 1,
    totalValue: 60000,
    cgstValue: 0,
    sgstValue: 0,
    igstValue: 3000,
    cessValue: 0,
    cessNonAdvolValue: 0,
    otherValue: 0,
    totInvValue: 63000,
    transMode: '1',
    transDistance: '530',
    vehicleNo: 'MH02AB1234',
    vehicleType: 'R',
    itemList: [{ productName: 'Paracetamol 500 mg', hsnCode: 30049099, quantity: 1000, qtyUnit: 'BOX', taxableAmount: 60000, cgstRate: 0, sgstRate: 0, igstRate: 5, cessRate: 0 }],
    ...overrides,
  };
}

