import { constants, createCipheriv, createDecipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import type { Clock } from '../../config';

/*
 * What NIC's two APIs share, the e-way bill API (eway-bills/ewb/nic.ts) and the e-invoice API
 * (e-invoices/irp/nic.ts): both sign in per GSTIN by sending the password and a fresh 32-byte app key encrypted with
 * NIC's public key (RSA, PKCS#1 v1.5), get back a session key (SEK) encrypted with that app key, and exchange every
 * request and answer encrypted with the SEK (AES-256-ECB, PKCS#7), base64 on the wire; both write times in IST.
 * Each adapter keeps its own field names, paths and error codes; the scheme, the HTTP call and the session cache are
 * here, once.
 */

/** Where each adapter's settings come from (config.ts: EwbConfig / IrpConfig), with the clock. */
export interface NicApiOptions {
  provider: 'NIC' | 'GSP';
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** NIC's public key (PEM). */
  publicKey: string;
  users: Readonly<Record<string, { username: string; password: string }>>;
  gspAppId?: string;
  gspAppSecret?: string;
  timeoutMs: number;
  now: Clock;
}

/** A signed-in GSTIN: the token sent with each call, the session key, and when to sign in again. */
export interface NicSession {
  token: string;
  sek: Buffer;
  renewAt: number;
}

const IST_OFFSET_MS = 330 * 60_000;

/** A fresh app key: 32 random bytes (sent base64). */
export const newAppKey = (): Buffer => randomBytes(32);

/** AES-256-ECB with PKCS#7 padding, base64 out. */
export function aesEncrypt(key: Buffer, data: Buffer | string): string {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(Buffer.from(data)), cipher.final()]).toString('base64');
}

/** The reverse of aesEncrypt: base64 in, the plain bytes out (throws when the key does not fit). */
export function aesDecrypt(key: Buffer, base64: string): Buffer {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]);
}

/** An answer's JSON encrypted with the SEK; some answers are base64 of the JSON inside the encryption. */
export function decryptJson(sek: Buffer, base64: string): Record<string, unknown> {
  let text = aesDecrypt(sek, base64).toString('utf8');
  if (!text.trim().startsWith('{')) text = Buffer.from(text, 'base64').toString('utf8');
  return JSON.parse(text) as Record<string, unknown>;
}

/** The sign-in payload: base64 of the credentials JSON, encrypted with NIC's public key (PKCS#1 v1.5), base64. */
export function sealCredentials(publicKey: string, credentials: object): string {
  const plain = Buffer.from(Buffer.from(JSON.stringify(credentials)).toString('base64'));
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, plain).toString('base64');
}

/**
 * A time as NIC writes it, in IST, to the instant; null for an empty or unreadable value. The e-way bill API writes
 * "16/09/2017 10:30:00 AM" (sometimes without the space before the hour), the e-invoice API "2019-12-11 12:39:00".
 */
export function portalDateTime(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  if (iso) {
    const [, yyyy, mm, dd, hh, mi, ss] = iso;
    return new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd), Number(hh), Number(mi), Number(ss ?? 0)) - IST_OFFSET_MS);
  }
  const m = /^(\d{2})\/(\d{2})\/(\d{4})\s*(\d{1,2})[:.](\d{2})(?::(\d{2}))?\s*(AM|PM)?$/i.exec(trimmed);
  if (!m) return null;
  const [, dd, mm, yyyy, hh, mi, ss, ampm] = m;
  let hour = Number(hh);
  if (ampm) hour = (hour % 12) + (ampm.toUpperCase() === 'PM' ? 12 : 0);
  return new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd), hour, Number(mi), Number(ss ?? 0)) - IST_OFFSET_MS);
}

/** The headers every call carries through a GSP: its app id and secret (the common scheme). */
export function gspHeaders(options: Pick<NicApiOptions, 'gspAppId' | 'gspAppSecret'>): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.gspAppId) headers.gspappid = options.gspAppId;
  if (options.gspAppSecret) headers.gspappsecret = options.gspAppSecret;
  return headers;
}

/**
 * POSTs JSON and reads the JSON answer. No answer, a timeout, an HTTP error status or an answer that is not JSON
 * throw `unavailable(message)`: nothing was decided, the caller tries again later. `system` names the portal in the
 * message ("The e-way bill system").
 */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  { timeoutMs, system, unavailable }: { timeoutMs: number; system: string; unavailable: (message: string) => Error },
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw unavailable(`${system} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw unavailable(`${system} answered HTTP ${response.status}`);
  try {
    const json = JSON.parse(text) as unknown;
    if (!json || typeof json !== 'object') throw new Error('not an object');
    return json as Record<string, unknown>;
  } catch {
    throw unavailable(`${system} answered something that is not JSON`);
  }
}

/**
 * The sessions of one adapter, per GSTIN: a session is used until its renewAt, then signed in again; callers asking
 * at the same time share one sign-in (a queue registering many documents at once signs in once).
 */
export class NicSessions {
  private readonly sessions = new Map<string, NicSession>();
  private readonly signingIn = new Map<string, Promise<NicSession>>();

  constructor(private readonly now: Clock) {}

  /** The GSTIN's live session, or a new one from signIn (told whether a session is being renewed). */
  async get(gstin: string, signIn: (renewing: boolean) => Promise<NicSession>): Promise<NicSession> {
    const known = this.sessions.get(gstin);
    if (known && known.renewAt > this.now().getTime()) return known;
    const pending = this.signingIn.get(gstin);
    if (pending) return pending;
    const started = signIn(known !== undefined)
      .then((session) => {
        this.sessions.set(gstin, session);
        return session;
      })
      .finally(() => this.signingIn.delete(gstin));
    this.signingIn.set(gstin, started);
    return started;
  }

  /** The portal no longer knows this session (invalid or expired token): the next call signs in again. */
  forget(gstin: string, session: NicSession): void {
    if (this.sessions.get(gstin) === session) this.sessions.delete(gstin);
  }
}
