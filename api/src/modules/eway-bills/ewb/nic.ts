import { aesDecrypt, aesEncrypt, decryptJson, gspHeaders, newAppKey, NicSessions, portalDateTime, postJson, sealCredentials, type NicApiOptions, type NicSession } from '../../gst-portal/nic-api';
import { EwbUnavailable, type EwbClient, type EwbGeneratePayload, type EwbGenerated, type EwbRefused } from './ewb';
import { AUTH_ERROR_CODES, portalMessage, TRANSIENT_ERROR_CODES } from './portal-errors';

/*
 * NIC's e-way bill API (version 1.03: docs.ewaybillgst.gov.in/apidocs/version1.03), direct or through a GST Suvidha
 * Provider that passes the same calls on:
 *
 * - Sign-in, per GSTIN: POST <url>/auth with the client-id, client-secret and gstin headers and
 *   { Data: RSA(NIC's public key, PKCS#1 v1.5, base64 of {"action":"ACCESSTOKEN", username, password, app_key}) },
 *   app_key being 32 random bytes (base64). The answer { status: "1", authtoken, sek } carries the session key (SEK)
 *   encrypted with app_key (AES-256-ECB, PKCS#7). A token lives 6 hours; this adapter signs in again after 5½ and
 *   whenever the portal says the token is invalid or expired (once per call).
 * - Every action: POST <url>/ewayapi with the headers and authtoken, { action, data: AES-256-ECB(SEK, the request
 *   JSON), base64 }. Success { status: "1", data } (the answer JSON encrypted the same way); failure { status: "0",
 *   error: base64 of {"errorCodes": "604,"} }.
 *   Actions: GENEWAYBILL, VEHEWB (Part B), CANEWB, EXTENDVALIDITY. Dates come back as "dd/mm/yyyy hh:mm:ss AM" in IST.
 * - A GSP's gateway takes the same calls at its own URL, with its app id and secret as the gspappid and gspappsecret
 *   headers (the common scheme; a GSP that wants another needs its headers here).
 *
 * The scheme, the HTTP call and the session cache are shared with the e-invoice API (gst-portal/nic-api.ts).
 *
 * Answers: the portal's error codes → EwbRefused with its code and text; no answer, a timeout, HTTP 5xx, a failed
 * sign-in or the portal's own "technical error / try later" codes → EwbUnavailable (nothing was decided: try again).
 */

export type NicEwbOptions = NicApiOptions;
export { portalDateTime };

/** A token lives 6 hours: sign in again after 5½. */
const SESSION_MS = 5.5 * 3_600_000;
const SYSTEM = 'The e-way bill system';
const unavailable = (message: string) => new EwbUnavailable(message);

type Answer = { ok: true; data: Record<string, unknown> } | { ok: false; refused: EwbRefused };

export class NicEwb implements EwbClient {
  readonly provider: 'NIC' | 'GSP';
  private readonly sessions: NicSessions;

  constructor(private readonly options: NicEwbOptions) {
    this.provider = options.provider;
    this.sessions = new NicSessions(options.now);
  }

  private headers(gstin: string): Record<string, string> {
    return { 'client-id': this.options.clientId, 'client-secret': this.options.clientSecret, gstin, ...gspHeaders(this.options) };
  }

  private post(path: string, headers: Record<string, string>, body: unknown): Promise<Record<string, unknown>> {
    return postJson(`${this.options.baseUrl}${path}`, headers, body, { timeoutMs: this.options.timeoutMs, system: SYSTEM, unavailable });
  }

  /** The error codes of a failed answer: base64 of {"errorCodes":"604,"} (or the JSON itself). */
  private static errorCodes(answer: Record<string, unknown>): string[] {
    const raw = answer.error;
    let parsed: unknown = raw;
    if (typeof raw === 'string') {
      try {
        parsed = JSON.parse(raw.trim().startsWith('{') ? raw : Buffer.from(raw, 'base64').toString('utf8'));
      } catch {
        parsed = null;
      }
    }
    const codes = parsed && typeof parsed === 'object' ? (parsed as { errorCodes?: unknown }).errorCodes : undefined;
    return String(codes ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
  }

  private async signIn(gstin: string, login: { username: string; password: string }): Promise<NicSession> {
    const appKey = newAppKey();
    let data: string;
    try {
      data = sealCredentials(this.options.publicKey, { action: 'ACCESSTOKEN', username: login.username, password: login.password, app_key: appKey.toString('base64') });
    } catch (error) {
      throw new EwbUnavailable(`NIC's public key (EWB_PUBLIC_KEY) could not encrypt the sign-in: ${error instanceof Error ? error.message : String(error)}`);
    }
    const answer = await this.post('/auth', this.headers(gstin), { Data: data });
    if (String(answer.status) !== '1' || typeof answer.authtoken !== 'string' || typeof answer.sek !== 'string') {
      const codes = NicEwb.errorCodes(answer);
      throw new EwbUnavailable(`The e-way bill system refused the sign-in for ${gstin}: ${codes.map(portalMessage).join('; ') || 'no reason given'}`);
    }
    let sek: Buffer;
    try {
      sek = aesDecrypt(appKey, answer.sek);
    } catch {
      throw new EwbUnavailable('The session key of the e-way bill system could not be read');
    }
    return { token: answer.authtoken, sek, renewAt: this.options.now().getTime() + SESSION_MS };
  }

  private async call(gstin: string, action: string, request: unknown, retried = false): Promise<Answer> {
    const login = this.options.users[gstin];
    if (!login) return { ok: false, refused: { outcome: 'REFUSED', code: 'NO_LOGIN', message: `No e-way bill API login is set for GSTIN ${gstin} (EWB_USERS)` } };
    const session = await this.sessions.get(gstin, () => this.signIn(gstin, login));
    const data = aesEncrypt(session.sek, JSON.stringify(request));
    const answer = await this.post('/ewayapi', { ...this.headers(gstin), authtoken: session.token }, { action, data });
    if (String(answer.status) === '1') {
      try {
        return { ok: true, data: decryptJson(session.sek, String(answer.data)) };
      } catch {
        throw new EwbUnavailable('The answer of the e-way bill system could not be read');
      }
    }
    const codes = NicEwb.errorCodes(answer);
    if (codes.some((c) => AUTH_ERROR_CODES.has(c))) {
      this.sessions.forget(gstin, session);
      if (!retried) return this.call(gstin, action, request, true);
      throw new EwbUnavailable(`The e-way bill system refused the session: ${codes.map(portalMessage).join('; ')}`);
    }
    if (codes.length === 0 || codes.some((c) => TRANSIENT_ERROR_CODES.has(c))) {
      throw new EwbUnavailable(`The e-way bill system failed: ${codes.map(portalMessage).join('; ') || 'no reason given'}`);
    }
    return { ok: false, refused: { outcome: 'REFUSED', code: codes[0]!, message: codes.map(portalMessage).join('; ') } };
  }

  private static date(value: unknown, what: string): Date {
    const at = portalDateTime(value);
    if (!at) throw new EwbUnavailable(`The e-way bill system answered no ${what}`);
    return at;
  }

  async generate(gstin: string, payload: EwbGeneratePayload): Promise<EwbGenerated | EwbRefused> {
    const answer = await this.call(gstin, 'GENEWAYBILL', payload);
    if (!answer.ok) return answer.refused;
    const number = String(answer.data.ewayBillNo ?? '');
    if (!/^\d{12}$/.test(number)) throw new EwbUnavailable('The e-way bill system answered no e-way bill number');
    return { outcome: 'GENERATED', ewbNumber: number, generatedAt: NicEwb.date(answer.data.ewayBillDate, 'date'), validUntil: portalDateTime(answer.data.validUpto) };
  }

  async updateVehicle(gstin: string, input: Parameters<EwbClient['updateVehicle']>[1]): Promise<{ outcome: 'UPDATED'; updatedAt: Date; validUntil: Date } | EwbRefused> {
    const answer = await this.call(gstin, 'VEHEWB', {
      ewbNo: Number(input.ewbNumber),
      vehicleNo: input.vehicleNumber,
      fromPlace: input.fromPlace,
      fromState: input.fromState,
      reasonCode: input.reasonCode,
      reasonRem: input.reasonRemark,
      transDocNo: '',
      transDocDate: '',
      transMode: input.transMode,
    });
    if (!answer.ok) return answer.refused;
    return { outcome: 'UPDATED', updatedAt: NicEwb.date(answer.data.vehUpdDate, 'update date'), validUntil: NicEwb.date(answer.data.validUpto, 'validity') };
  }

  async cancel(gstin: string, input: { ewbNumber: string; reasonCode: string; remark: string }): Promise<{ outcome: 'CANCELLED'; cancelledAt: Date } | EwbRefused> {
    const answer = await this.call(gstin, 'CANEWB', { ewbNo: Number(input.ewbNumber), cancelRsnCode: Number(input.reasonCode), cancelRmrk: input.remark });
    if (!answer.ok) return answer.refused;
    return { outcome: 'CANCELLED', cancelledAt: NicEwb.date(answer.data.cancelDate, 'cancel date') };
  }

  async extend(gstin: string, input: Parameters<EwbClient['extend']>[1]): Promise<{ outcome: 'EXTENDED'; validUntil: Date } | EwbRefused> {
    const answer = await this.call(gstin, 'EXTENDVALIDITY', {
      ewbNo: Number(input.ewbNumber),
      vehicleNo: input.vehicleNumber,
      fromPlace: input.fromPlace,
      fromState: input.fromState,
      fromPincode: input.fromPincode,
      remainingDistance: input.remainingDistance,
      transDocNo: '',
      transDocDate: '',
      transMode: input.transMode,
      // Moving on a vehicle ('M'); goods waiting in transit ('T') need an address this product does not ask for.
      consignmentStatus: 'M',
      transitType: '',
      extnRsnCode: Number(input.reasonCode),
      extnRemarks: input.remark,
    });
    if (!answer.ok) return answer.refused;
    return { outcome: 'EXTENDED', validUntil: NicEwb.date(answer.data.validUpto, 'validity') };
  }
}
