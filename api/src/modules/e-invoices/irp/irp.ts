/*
 * The Invoice Registration Portal as this API sees it (ARCHITECTURE.md decision 10): one interface, a local adapter
 * that behaves as the portal does (local.ts, the default and the tests'), and the real one (NIC direct or a GSP) by
 * configuration. Chosen by IRP_PROVIDER (index.ts).
 */

/**
 * The e-invoice JSON of schema INV-01, version 1.1 (the copy in ../schema/, with its source). Amounts in rupees with
 * at most 2 decimals, dates dd/mm/yyyy, as the portal reads them. Only the parts this product fills are typed.
 */
export interface EInvoicePayload {
  Version: '1.1';
  TranDtls: { TaxSch: 'GST'; SupTyp: 'B2B'; RegRev: 'Y' | 'N'; EcmGstin?: string | null; IgstOnIntra: 'Y' | 'N' };
  DocDtls: { Typ: 'INV' | 'CRN' | 'DBN'; No: string; Dt: string };
  SellerDtls: EInvoiceParty;
  BuyerDtls: EInvoiceParty & { Pos: string };
  ItemList: EInvoiceItem[];
  ValDtls: {
    AssVal: number;
    CgstVal: number;
    SgstVal: number;
    IgstVal: number;
    CesVal: number;
    StCesVal: number;
    Discount: number;
    OthChrg: number;
    RndOffAmt: number;
    TotInvVal: number;
  };
  /** A credit or debit note names the invoice it corrects. */
  RefDtls?: { InvRm?: string; PrecDocDtls?: Array<{ InvNo: string; InvDt: string; OthRefNo?: string }> };
}

export interface EInvoiceParty {
  Gstin: string;
  LglNm: string;
  TrdNm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
}

export interface EInvoiceItem {
  SlNo: string;
  PrdDesc: string;
  IsServc: 'Y' | 'N';
  HsnCd: string;
  Qty: number;
  FreeQty: number;
  /** UQC, e.g. 'NOS', 'BOX', 'STR' (strips are 'OTH' on the portal's list). */
  Unit: string;
  UnitPrice: number;
  TotAmt: number;
  Discount: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  CesRt: number;
  CesAmt: number;
  CesNonAdvlAmt: number;
  StateCesRt: number;
  StateCesAmt: number;
  StateCesNonAdvlAmt: number;
  OthChrg: number;
  TotItemVal: number;
  BchDtls?: { Nm: string; ExpDt?: string; WrDt?: string };
}

/** What the portal answers a registration it accepted. */
export interface IrnRegistered {
  outcome: 'REGISTERED';
  irn: string;
  ackNo: string;
  /** The portal's acknowledgement time. */
  ackDate: Date;
  /** JWT the portal signs: the signed invoice and the signed QR code. */
  signedInvoice: string;
  signedQrCode: string;
}

/** The portal refused it for good (invalid data, duplicate IRN): the same payload will be refused again. */
export interface IrnRefused {
  outcome: 'REFUSED';
  /** The portal's error code, e.g. '2150' (duplicate IRN). */
  code: string;
  message: string;
  /**
   * A duplicate IRN (2150): the portal gives the registered IRN's details, so a registration that timed out after
   * the portal recorded it is not lost.
   */
  existing?: Omit<IrnRegistered, 'outcome' | 'signedInvoice' | 'signedQrCode'> & Partial<Pick<IrnRegistered, 'signedInvoice' | 'signedQrCode'>>;
}

export type IrnResult = IrnRegistered | IrnRefused;

/** The portal could not be reached or failed (network, timeout, 5xx, auth): try again later, nothing was decided. */
export class IrpUnavailable extends Error {
  override readonly name = 'IrpUnavailable';
}

export interface IrnCancelled {
  outcome: 'CANCELLED';
  irn: string;
  cancelledAt: Date;
}

export interface IrpClient {
  /** Which adapter this is (shown on the settings card). */
  readonly provider: 'LOCAL' | 'NIC' | 'GSP';
  /** Registers one document; throws IrpUnavailable when the portal is down. */
  register(sellerGstin: string, payload: EInvoicePayload): Promise<IrnResult>;
  /** Cancels an IRN (CnlRsn '1'..'4', remark ≤ 100 characters); throws IrpUnavailable when the portal is down. */
  cancel(sellerGstin: string, input: { irn: string; reasonCode: string; remark: string }): Promise<IrnCancelled | IrnRefused>;
}
