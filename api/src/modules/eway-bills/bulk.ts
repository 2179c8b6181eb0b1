import { assertPortalFile } from '../gst-returns/portal-schemas';
import type { EwbGeneratePayload } from './ewb/ewb';

/*
 * The e-way bill portal's bulk generation file (e-Waybill > Bulk Generation), for units that upload by hand: one bill
 * per generate request, `{ version, billLists }`. Its schema and sources are in gst-returns/schemas/ (README.md); the
 * file carries the same fields as the API's generate request under a few other names, and its codes as numbers.
 */

/** The bulk tool's format version the schema describes. */
export const EWB_BULK_VERSION = '1.0.0621';

export interface EwbBulkItem {
  itemNo: number;
  productName: string;
  productDesc?: string;
  hsnCode: number;
  quantity: number;
  qtyUnit: string;
  taxableAmount: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonAdvol: number;
}

export interface EwbBulkBill {
  userGstin: string;
  supplyType: 'O' | 'I';
  subSupplyType: number;
  subSupplyDesc?: string;
  docType: EwbGeneratePayload['docType'];
  docNo: string;
  docDate: string;
  transType: 1 | 2 | 3 | 4;
  fromGstin: string;
  fromTrdName: string;
  fromAddr1: string;
  fromAddr2?: string;
  fromPlace: string;
  fromPincode: number;
  fromStateCode: number;
  actualFromStateCode: number;
  toGstin: string;
  toTrdName: string;
  toAddr1: string;
  toAddr2?: string;
  toPlace: string;
  toPincode: number;
  toStateCode: number;
  actualToStateCode: number;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  TotNonAdvolVal: number;
  OthValue: number;
  totInvValue: number;
  transMode?: 1 | 2 | 3 | 4;
  transDistance: number;
  transporterName?: string;
  transporterId?: string;
  transDocNo?: string;
  transDocDate?: string;
  vehicleNo?: string;
  vehicleType?: 'R' | 'O';
  mainHsnCode: number;
  itemList: EwbBulkItem[];
}

export interface EwbBulkFile {
  version: string;
  billLists: EwbBulkBill[];
}

/** Leaves out what is unset, as the bulk tool does (an empty optional field is absent, not ""). */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;
}

/** One bill of the file from the API's generate request; `userGstin` is the login that uploads it. */
export function bulkBill(userGstin: string, p: EwbGeneratePayload): EwbBulkBill {
  const items = p.itemList.map((item, i) =>
    defined({
      itemNo: i + 1,
      productName: item.productName,
      productDesc: item.productDesc,
      hsnCode: item.hsnCode,
      quantity: item.quantity,
      qtyUnit: item.qtyUnit,
      taxableAmount: item.taxableAmount,
      cgstRate: item.cgstRate,
      sgstRate: item.sgstRate,
      igstRate: item.igstRate,
      cessRate: item.cessRate,
      cessNonAdvol: item.cessNonadvol ?? 0,
    }),
  );
  // The bill's main HSN: the heading of its largest line by value (as the portal's own form picks it).
  const main = [...p.itemList].sort((a, b) => b.taxableAmount - a.taxableAmount)[0];
  return defined({
    userGstin,
    supplyType: p.supplyType,
    subSupplyType: Number(p.subSupplyType),
    subSupplyDesc: p.subSupplyDesc,
    docType: p.docType,
    docNo: p.docNo,
    docDate: p.docDate,
    transType: p.transactionType,
    fromGstin: p.fromGstin,
    fromTrdName: p.fromTrdName,
    fromAddr1: p.fromAddr1,
    fromAddr2: p.fromAddr2,
    fromPlace: p.fromPlace,
    fromPincode: p.fromPincode,
    fromStateCode: p.fromStateCode,
    actualFromStateCode: p.actFromStateCode,
    toGstin: p.toGstin,
    toTrdName: p.toTrdName,
    toAddr1: p.toAddr1,
    toAddr2: p.toAddr2,
    toPlace: p.toPlace,
    toPincode: p.toPincode,
    toStateCode: p.toStateCode,
    actualToStateCode: p.actToStateCode,
    totalValue: p.totalValue,
    cgstValue: p.cgstValue,
    sgstValue: p.sgstValue,
    igstValue: p.igstValue,
    cessValue: p.cessValue,
    TotNonAdvolVal: p.cessNonAdvolValue,
    OthValue: p.otherValue,
    totInvValue: p.totInvValue,
    transMode: p.transMode === '' ? undefined : (Number(p.transMode) as 1 | 2 | 3 | 4),
    transDistance: Number(p.transDistance),
    transporterName: p.transporterName,
    transporterId: p.transporterId,
    transDocNo: p.transDocNo,
    transDocDate: p.transDocDate,
    vehicleNo: p.vehicleNo,
    vehicleType: p.transMode === '' ? undefined : (p.vehicleType ?? 'R'),
    mainHsnCode: main ? main.hsnCode : 0,
    itemList: items,
  });
}

/**
 * The bulk file for one or more generate requests of one GSTIN, checked against the portal's format: a file the
 * portal would refuse is not handed out (E0027, 422, saying where).
 */
export function ewbBulkFile(userGstin: string, payloads: readonly EwbGeneratePayload[]): EwbBulkFile {
  const file: EwbBulkFile = { version: EWB_BULK_VERSION, billLists: payloads.map((p) => bulkBill(userGstin, p)) };
  assertPortalFile('EWB-BULK', file);
  return file;
}
