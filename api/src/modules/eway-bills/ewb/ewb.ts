/*
 * The e-way bill system as this API sees it (ARCHITECTURE.md decision 10): one interface, a local adapter that
 * behaves as the portal does (local.ts: 12-digit numbers, validity by distance, the 24-hour cancel window; the
 * default and the tests'), and the real API (NIC direct or a GSP) by configuration. Chosen by EWB_PROVIDER (index.ts).
 */

/**
 * The generate request of the e-way bill API (NIC's generate schema, API v1.03; one bill of the bulk-upload JSON
 * carries the same fields under a few other names: eway-bills/bulk.ts, and gst-returns/schemas/README.md for the
 * sources). Amounts in rupees, dates dd/mm/yyyy.
 */
export interface EwbGeneratePayload {
  supplyType: 'O' | 'I';
  /** '1' Supply, '5' For own use, … */
  subSupplyType: string;
  subSupplyDesc?: string;
  docType: 'INV' | 'CHL' | 'BIL' | 'BOE' | 'OTH';
  docNo: string;
  docDate: string;
  fromGstin: string;
  fromTrdName: string;
  fromAddr1: string;
  fromAddr2?: string;
  fromPlace: string;
  fromPincode: number;
  actFromStateCode: number;
  fromStateCode: number;
  toGstin: string;
  toTrdName: string;
  toAddr1: string;
  toAddr2?: string;
  toPlace: string;
  toPincode: number;
  actToStateCode: number;
  toStateCode: number;
  /** 1 regular, 2 bill to - ship to, 3 bill from - dispatch from, 4 both. */
  transactionType: 1 | 2 | 3 | 4;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  cessNonAdvolValue: number;
  otherValue: number;
  totInvValue: number;
  /** '1' road, '2' rail, '3' air, '4' ship; empty while Part B is not given. */
  transMode: '1' | '2' | '3' | '4' | '';
  transDistance: string;
  transporterId?: string;
  transporterName?: string;
  transDocNo?: string;
  transDocDate?: string;
  vehicleNo?: string;
  /** 'R' regular, 'O' over-dimensional cargo. */
  vehicleType?: 'R' | 'O';
  itemList: Array<{
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
    cessNonadvol?: number;
  }>;
}

export interface EwbGenerated {
  outcome: 'GENERATED';
  ewbNumber: string;
  generatedAt: Date;
  /** Null when generated without Part B (no vehicle yet). */
  validUntil: Date | null;
}

/** The portal refused for good (invalid data, a bill already made for the document): resending will not help. */
export interface EwbRefused {
  outcome: 'REFUSED';
  code: string;
  message: string;
}

/** The portal could not be reached or failed: nothing was decided, try again. */
export class EwbUnavailable extends Error {
  override readonly name = 'EwbUnavailable';
}

export interface EwbClient {
  readonly provider: 'LOCAL' | 'NIC' | 'GSP';
  generate(gstin: string, payload: EwbGeneratePayload): Promise<EwbGenerated | EwbRefused>;
  /** Part B: a (new) vehicle; answers the validity from now on. */
  updateVehicle(
    gstin: string,
    input: { ewbNumber: string; vehicleNumber: string; fromPlace: string; fromState: number; reasonCode: string; reasonRemark: string; transMode: '1' | '2' | '3' | '4' },
  ): Promise<{ outcome: 'UPDATED'; updatedAt: Date; validUntil: Date } | EwbRefused>;
  cancel(gstin: string, input: { ewbNumber: string; reasonCode: string; remark: string }): Promise<{ outcome: 'CANCELLED'; cancelledAt: Date } | EwbRefused>;
  extend(
    gstin: string,
    input: { ewbNumber: string; vehicleNumber: string; fromPlace: string; fromState: number; fromPincode: number; remainingDistance: number; reasonCode: string; remark: string; transMode: '1' | '2' | '3' | '4' },
  ): Promise<{ outcome: 'EXTENDED'; validUntil: Date } | EwbRefused>;
}
