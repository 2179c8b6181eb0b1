import { aesDecrypt, aesEncrypt, decryptJson, gspHeaders, newAppKey, NicSessions, portalDateTime, postJson, sealCredentials, type NicApiOptions, type NicSession } from '../../gst-portal/nic-api';
import { IrpUnavailable, type EInvoicePayload, type IrnCancelled, type IrnRefused, type IrnResult, type IrpClient } from './irp';

/*
 * NIC's e-invoice API (einv-apisandbox.nic.in: "Authentication" v1.04, "Generate IRN" and "Cancel IRN" v1.03), direct
 * or through a GST Suvidha Provider that passes the same calls on. Read from NIC's developer portal as GSPs and
 * integrators reproduce it (developer.sandbox.co.in "e-Invoice Authentication"; docs.gsp.vayana.com "Generate
 * E-invoice Call", whose path is /eicore/v1.03/Invoice) and from resilient-tech/india-compliance
 * (gst_india/api_classes/nic/auth.py and nic/e_invoice.py: the Data envelope, ErrorDetails, InfoDtls DUPIRN):
 *
 * - Sign-in, per GSTIN: POST <url>/eivital/v1.04/auth with the client_id, client_secret and Gstin headers and
 *   { Data: RSA(NIC's public key, PKCS#1 v1.5, base64 of {UserName, Password, AppKey, ForceRefreshAccessToken}) },
 *   AppKey being 32 random bytes (base64). The answer { Status: 1, Data: { ClientId, UserName, AuthToken, Sek,
 *   TokenExpiry } } carries the session key (Sek) encrypted with AppKey (AES-256-ECB, PKCS#7) and the token's expiry
 *   ("yyyy-MM-dd HH:mm:ss", IST; a token lives 6 hours). Version 1.04 answers the live token again to a second sign-in;
 *   ForceRefreshAccessToken true asks for a new one within its last 10 minutes, which is when this adapter renews
 *   (and whenever the portal answers 1005 "Invalid Token": once per call).
 * - Generate IRN: POST <url>/eicore/v1.03/Invoice with client_id, client_secret, Gstin, user_name and AuthToken
 *   headers and { Data: AES-256-ECB(SEK, the INV-01 JSON), base64 } (NIC's Java/C# samples encrypt the JSON text
 *   itself). Success { Status: 1, Data } with Data the answer JSON encrypted the same way: { AckNo, AckDt, Irn,
 *   SignedInvoice, SignedQRCode, Status: "ACT", EwbNo, EwbDt, EwbValidTill, Remarks }; AckDt as TokenExpiry.
 *   Failure { Status: 0, ErrorDetails: [{ ErrorCode, ErrorMessage }], InfoDtls }, not encrypted. A duplicate
 *   (2150 "Duplicate IRN") carries InfoDtls [{ InfCd: "DUPIRN", Desc: { AckNo, AckDt, Irn } }]: the registered one.
 * - Cancel IRN: POST <url>/eicore/v1.03/Invoice/Cancel, same headers, { Data: AES(SEK, { Irn, CnlRsn, CnlRem }) }
 *   → Data { Irn, CancelDate }. 2270: the 24-hour window is over.
 * - A GSP's gateway takes the same calls at its own URL, with its app id and secret as the gspappid and gspappsecret
 *   headers (as the e-way bill adapter; the scheme shared with it is in gst-portal/nic-api.ts).
 *
 * Answers (error codes: einvoice1.gst.gov.in/others/geterrorcodes/INV and the "Vital" list on einv-apisandbox.nic.in):
 * a portal refusal → IrnRefused with its code and text (2150 with the registered IRN in `existing`); no answer, a
 * timeout, HTTP 5xx, a failed sign-in, a vital (10xx: login, token, client id) error, or the codes whose remedy the
 * list gives as "try after some time" / "unexpected error, try again" (2139, 2141, 2146, 2147) → IrpUnavailable
 * (nothing was decided: try again). 9999 is not a technical error here: the portal answers it to cancelling an IRN
 * that is not active, a refusal.
 */

export type NicIrpOptions = NicApiOptions;

const SYSTEM = 'The e-invoice portal';
const unavailable = (message: string) => new IrpUnavailable(message);
const AUTH_PATH = '/eivital/v1.04/auth';
const INVOICE_PATH = '/eicore/v1.03/Invoice';
const CANCEL_PATH = '/eicore/v1.03/Invoice/Cancel';

/** Renew this long before TokenExpiry (what ForceRefreshAccessToken allows). */
const RENEW_BEFORE_MS = 10 * 60_000;
/** When the portal gives no readable TokenExpiry: a token lives 6 hours, renew after 5½. */
const DEFAULT_SESSION_MS = 5.5 * 3_600_000;

/** 1005 "Invalid Token": the portal no longer knows the session; sign in again. */
const TOKEN_ERROR_CODES = new Set(['1005']);
/** The other vital errors (login, client id, GSTIN of the user): a configuration to fix, nothing decided. */
const VITAL_ERROR_CODE = /^10\d\d$/;
/** The portal's own failures, "try after some time". */
export const TRANSIENT_ERROR_CODES = new Set(['2139', '2141', '2146', '2147']);

interface PortalError {
  code: string;
  message: string;
}

type Answer = { ok: true; data: Record<string, unknown> } | { ok: false; errors: PortalError[]; info: unknown };

export class NicIrp implements IrpClient {
  readonly provider: 'NIC' | 'GSP';
  private readonly sessions: NicSessions;

  constructor(private readonly options: NicIrpOptions) {
    this.provider = options.provider;
    this.sessions = new NicSessions(options.now);
  }

  private headers(gstin: string): Record<string, string> {
    return { client_id: this.options.clientId, client_secret: this.options.clientSecret, Gstin: gstin, ...gspHeaders(this.options) };
  }

  private post(path: string, headers: Record<string, string>, body: unknown): Promise<Record<string, unknown>> {
    return postJson(`${this.options.baseUrl}${path}`, headers, body, { timeoutMs: this.options.timeoutMs, system: SYSTEM, unavailable });
  }

  /** ErrorDetails of a failed answer (a list, or one object as some gateways pass it on). */
  private static errors(answer: Record<string, unknown>): PortalError[] {
    const raw = answer.ErrorDetails;
    const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? [raw] : [];
    return list
      .map((e: { ErrorCode?: unknown; ErrorMessage?: unknown }) => ({ code: String(e?.ErrorCode ?? '').trim(), message: String(e?.ErrorMessage ?? '').trim() }))
      .filter((e) => e.code !== '');
  }

  private static describe(errors: PortalError[]): string {
    return errors.map((e) => (e.message ? `${e.code}: ${e.message}` : e.code)).join('; ') || 'no reason given';
  }

  private async signIn(gstin: string, login: { username: string; password: string }, renewing: boolean): Promise<NicSession> {
    const appKey = newAppKey();
    let data: string;
    try {
      data = sealCredentials(this.options.publicKey, { UserName: login.username, Password: login.password, AppKey: appKey.toString('base64'), ForceRefreshAccessToken: renewing });
    } catch (error) {
      throw new IrpUnavailable(`NIC's public key (IRP_PUBLIC_KEY) could not encrypt the sign-in: ${error instanceof Error ? error.message : String(error)}`);
    }
    const answer = await this.post(AUTH_PATH, this.headers(gstin), { Data: data });
    const result = answer.Data && typeof answer.Data === 'object' ? (answer.Data as Record<string, unknown>) : {};
    if (String(answer.Status) !== '1' || typeof result.AuthToken !== 'string' || typeof result.Sek !== 'string') {
      throw new IrpUnavailable(`The e-invoice portal refused the sign-in for ${gstin}: ${NicIrp.describe(NicIrp.errors(answer))}`);
    }
    let sek: Buffer;
    try {
      sek = aesDecrypt(appKey, result.Sek);
    } catch {
      throw new IrpUnavailable('The session key of the e-invoice portal could not be read');
    }
    const now = this.options.now().getTime();
    const expiry = portalDateTime(result.TokenExpiry)?.getTime();
    const renewAt = expiry !== undefined && expiry - RENEW_BEFORE_MS > now ? expiry - RENEW_BEFORE_MS : now + DEFAULT_SESSION_MS;
    return { token: result.AuthToken, sek, renewAt };
  }

  private async call(gstin: string, path: string, request: unknown, retried = false): Promise<Answer> {
    const login = this.options.users[gstin];
    if (!login) return { ok: false, errors: [{ code: 'NO_LOGIN', message: `No e-invoice API login is set for GSTIN ${gstin} (IRP_USERS)` }], info: null };
    const session = await this.sessions.get(gstin, (renewing) => this.signIn(gstin, login, renewing));
    const answer = await this.post(path, { ...this.headers(gstin), user_name: login.username, AuthToken: session.token }, { Data: aesEncrypt(session.sek, JSON.stringify(request)) });
    if (String(answer.Status) === '1') {
      try {
        return { ok: true, data: decryptJson(session.sek, String(answer.Data)) };
      } catch {
        throw new IrpUnavailable('The answer of the e-invoice portal could not be read');
      }
    }
    const errors = NicIrp.errors(answer);
    if (errors.some((e) => TOKEN_ERROR_CODES.has(e.code))) {
      this.sessions.forget(gstin, session);
      if (!retried) return this.call(gstin, path, request, true);
    }
    if (errors.length === 0 || errors.some((e) => VITAL_ERROR_CODE.test(e.code) || TRANSIENT_ERROR_CODES.has(e.code))) {
      throw new IrpUnavailable(`The e-invoice portal failed: ${NicIrp.describe(errors)}`);
    }
    return { ok: false, errors, info: answer.InfoDtls };
  }

  private static refused(errors: PortalError[]): IrnRefused {
    return { outcome: 'REFUSED', code: errors[0]!.code, message: errors.map((e) => e.message || `The e-invoice portal refused it (error ${e.code})`).join('; ') };
  }

  private static date(value: unknown, what: string): Date {
    const at = portalDateTime(value);
    if (!at) throw new IrpUnavailable(`The e-invoice portal answered no ${what}`);
    return at;
  }

  /** The registered IRN a duplicate's InfoDtls names (DUPIRN), when it is readable. */
  private static duplicateOf(info: unknown): IrnRefused['existing'] {
    const list = Array.isArray(info) ? (info as Array<{ InfCd?: unknown; Desc?: unknown }>) : [];
    const desc = list.find((i) => i?.InfCd === 'DUPIRN')?.Desc as { AckNo?: unknown; AckDt?: unknown; Irn?: unknown } | undefined;
    const ackDate = portalDateTime(desc?.AckDt);
    if (!desc || typeof desc.Irn !== 'string' || desc.AckNo == null || !ackDate) return undefined;
    return { irn: desc.Irn, ackNo: String(desc.AckNo), ackDate };
  }

  async register(sellerGstin: string, payload: EInvoicePayload): Promise<IrnResult> {
    const answer = await this.call(sellerGstin, INVOICE_PATH, payload);
    if (!answer.ok) {
      const refused = NicIrp.refused(answer.errors);
      const existing = answer.errors.some((e) => e.code === '2150') ? NicIrp.duplicateOf(answer.info) : undefined;
      return existing ? { ...refused, code: '2150', existing } : refused;
    }
    const { Irn, AckNo, AckDt, SignedInvoice, SignedQRCode } = answer.data;
    // Anything missing: the registration may have been recorded; trying again answers 2150 with it.
    if (typeof Irn !== 'string' || !/^[0-9a-f]{64}$/i.test(Irn) || AckNo == null || typeof SignedInvoice !== 'string' || typeof SignedQRCode !== 'string') {
      throw new IrpUnavailable('The e-invoice portal answered no IRN, acknowledgement or signed invoice');
    }
    return { outcome: 'REGISTERED', irn: Irn, ackNo: String(AckNo), ackDate: NicIrp.date(AckDt, 'acknowledgement date'), signedInvoice: SignedInvoice, signedQrCode: SignedQRCode };
  }

  async cancel(sellerGstin: string, input: { irn: string; reasonCode: string; remark: string }): Promise<IrnCancelled | IrnRefused> {
    const answer = await this.call(sellerGstin, CANCEL_PATH, { Irn: input.irn, CnlRsn: input.reasonCode, CnlRem: input.remark });
    if (!answer.ok) return NicIrp.refused(answer.errors);
    return { outcome: 'CANCELLED', irn: typeof answer.data.Irn === 'string' ? answer.data.Irn : input.irn, cancelledAt: NicIrp.date(answer.data.CancelDate, 'cancel date') };
  }
}
