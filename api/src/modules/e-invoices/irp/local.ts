import { createHash, generateKeyPairSync, randomInt, sign, type KeyObject } from 'node:crypto';
import { IRN_CANCEL_WINDOW_HOURS } from 'shared-api';
import type { Clock } from '../../../config';
import { portalFileErrors } from '../../gst-returns/portal-schemas';
import { IrpUnavailable, type EInvoicePayload, type IrnCancelled, type IrnRefused, type IrnResult, type IrpClient } from './irp';

/*
 * The Invoice Registration Portal as it behaves where it matters to us (einv-apisandbox.nic.in, "IRN" and
 * "Cancel IRN"; error codes from einvoice1.gst.gov.in/others/geterrorcodes/INV):
 * - the payload is checked against the INV-01 schema first (2140 when it does not follow it);
 * - IRN = SHA-256 (hex) of supplier GSTIN + financial year (YYYY-YY, from the document date) + document type +
 *   document number, e.g. "01AAAAA9999A19N2019-20INVABC01234"; document numbers are case-insensitive since
 *   1 June 2025, so the number is upper-cased first;
 * - a second registration of the same IRN is refused with 2150 "Duplicate IRN", carrying the registered one's details
 *   (what the portal's InfoDtls answer gives back);
 * - Ack No is 15 digits; the signed invoice and the signed QR code are JWTs (RS256) signed with the portal's key —
 *   here a key pair made when the adapter starts (never stored), whose public half tests verify against;
 * - an IRN is cancelled within 24 hours of its acknowledgement (2270 after that), once (9999 "Invoice is not active").
 * What it registered lives in this process's memory: a restart forgets it, as a sandbox reset would.
 */

interface Registered {
  irn: string;
  ackNo: string;
  ackDate: Date;
  sellerGstin: string;
  signedInvoice: string;
  signedQrCode: string;
  cancelledAt: Date | null;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The financial year of a portal date: '28/11/2026' → '2026-27' (April to March). */
export function financialYearOf(ddmmyyyy: string): string {
  const [, m, y] = ddmmyyyy.split('/').map(Number) as [number, number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The portal's IRN of a document. */
export function irnOf(sellerGstin: string, payload: Pick<EInvoicePayload, 'DocDtls'>): string {
  const { Typ, No, Dt } = payload.DocDtls;
  return createHash('sha256').update(`${sellerGstin}${financialYearOf(Dt)}${Typ}${No.toUpperCase()}`).digest('hex');
}

/** "2026-11-28 14:05:00" in IST, as the portal writes AckDt and IrnDt. */
function portalTime(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

export class LocalIrp implements IrpClient {
  readonly provider = 'LOCAL' as const;
  private readonly byIrn = new Map<string, Registered>();
  // Made with the first signature (~0.1 s of RSA key generation an app that registers nothing should not pay at start).
  private keys: { privateKey: KeyObject; publicKey: KeyObject } | null = null;
  private available = true;
  private lastAck = 0;

  constructor(private readonly now: Clock = () => new Date()) {}

  private get keyPair() {
    return (this.keys ??= generateKeyPairSync('rsa', { modulusLength: 2048 }));
  }

  /** Verifies the signed QR codes and invoices this adapter gives (tests, and anyone checking a demo invoice). */
  get publicKey(): KeyObject {
    return this.keyPair.publicKey;
  }

  /** An outage (false: every call throws IrpUnavailable, as a portal that does not answer) and its end. */
  setAvailable(available: boolean): void {
    this.available = available;
  }

  private reachable(): void {
    if (!this.available) throw new IrpUnavailable('The e-invoice portal (local adapter) is down');
  }

  private jwt(payload: object): string {
    const head = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const body = base64url(JSON.stringify(payload));
    return `${head}.${body}.${base64url(sign('sha256', Buffer.from(`${head}.${body}`), this.keyPair.privateKey))}`;
  }

  /** 15 digits: the year's two digits, then a serial that only grows (as the portal's Ack Nos do). */
  private nextAckNo(at: Date): string {
    this.lastAck = Math.max(this.lastAck + 1, randomInt(1, 1_000_000));
    return `${String(at.getUTCFullYear() % 100)}${String(this.lastAck).padStart(13, '0')}`.slice(0, 15);
  }

  async register(sellerGstin: string, payload: EInvoicePayload): Promise<IrnResult> {
    this.reachable();
    const errors = portalFileErrors('E-INVOICE', payload);
    if (errors.length) return { outcome: 'REFUSED', code: '2140', message: `The request JSON is not as per the e-invoice schema: ${errors.slice(0, 3).join('; ')}` };
    if (payload.SellerDtls.Gstin !== sellerGstin) return { outcome: 'REFUSED', code: '2143', message: 'Invoice does not belong to the user GSTIN' };
    const irn = irnOf(sellerGstin, payload);
    const existing = this.byIrn.get(irn);
    if (existing) {
      return { outcome: 'REFUSED', code: '2150', message: 'Duplicate IRN', existing: { irn, ackNo: existing.ackNo, ackDate: existing.ackDate, signedInvoice: existing.signedInvoice, signedQrCode: existing.signedQrCode } };
    }
    const at = this.now();
    const ackNo = this.nextAckNo(at);
    const items = payload.ItemList;
    // The main HSN: the one with the largest assessable value, as the portal picks it for the QR code.
    const mainHsn = [...items].sort((a, b) => b.AssAmt - a.AssAmt)[0]?.HsnCd ?? '';
    const qrData = {
      SellerGstin: sellerGstin,
      BuyerGstin: payload.BuyerDtls.Gstin,
      DocNo: payload.DocDtls.No,
      DocTyp: payload.DocDtls.Typ,
      DocDt: payload.DocDtls.Dt,
      TotInvVal: payload.ValDtls.TotInvVal,
      ItemCnt: items.length,
      MainHsnCode: mainHsn,
      Irn: irn,
      IrnDt: portalTime(at),
    };
    const signedQrCode = this.jwt({ data: JSON.stringify(qrData), iss: 'NIC' });
    const signedInvoice = this.jwt({ data: JSON.stringify({ AckNo: Number(ackNo), AckDt: portalTime(at), Irn: irn, ...payload }), iss: 'NIC' });
    this.byIrn.set(irn, { irn, ackNo, ackDate: at, sellerGstin, signedInvoice, signedQrCode, cancelledAt: null });
    return { outcome: 'REGISTERED', irn, ackNo, ackDate: at, signedInvoice, signedQrCode };
  }

  async cancel(sellerGstin: string, input: { irn: string; reasonCode: string; remark: string }): Promise<IrnCancelled | IrnRefused> {
    this.reachable();
    const registered = this.byIrn.get(input.irn);
    if (!registered) return { outcome: 'REFUSED', code: '2148', message: 'Requested IRN data is not available' };
    if (registered.sellerGstin !== sellerGstin) return { outcome: 'REFUSED', code: '2143', message: 'Invoice does not belong to the user GSTIN' };
    if (registered.cancelledAt) return { outcome: 'REFUSED', code: '9999', message: 'Invoice is not active' };
    const at = this.now();
    if (at.getTime() - registered.ackDate.getTime() > IRN_CANCEL_WINDOW_HOURS * 3_600_000) {
      return { outcome: 'REFUSED', code: '2270', message: 'The allowed cancellation time limit is crossed, you cannot cancel the IRN' };
    }
    registered.cancelledAt = at;
    return { outcome: 'CANCELLED', irn: input.irn, cancelledAt: at };
  }
}
