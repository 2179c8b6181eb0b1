import { sign } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PushMessage } from 'shared-api';
import type { PushOutcome, PushSender } from './sender';

export interface FcmOptions {
  projectId: string;
  clientEmail: string;
  /** PEM (PKCS#8) private key of the service account. */
  privateKey: string;
  /** OAuth2 token endpoint (Google's, or a local fake in tests). */
  tokenUrl: string;
  /** https://fcm.googleapis.com, or a local fake in tests. */
  baseUrl: string;
  /** Absolute https origin of the screens, for the click link FCM itself handles; omitted when unknown. */
  webOrigin?: string;
  /** Waits before the 2nd, 3rd… attempt of a send that met a network error, a 5xx or a 429. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  /** Sends to one message's tokens at once (FCM v1 takes one token per request). */
  concurrency?: number;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ASSERTION_SECONDS = 3600;
/** An access token is renewed this long before it expires, so no request carries one that lapses on the way. */
const RENEW_BEFORE_MS = 5 * 60_000;
/** Longest Retry-After honoured: pushes behind this one wait too, so a longer ask is cut to this. */
const MAX_RETRY_AFTER_MS = 30_000;

type Attempt =
  | { kind: 'sent' }
  | { kind: 'refused' }
  | { kind: 'unauthorized'; problem: string }
  | { kind: 'retry'; problem: string; waitMs: number }
  | { kind: 'failed'; problem: string };

interface FcmErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[];
  };
}

/**
 * Firebase Cloud Messaging HTTP v1: an OAuth2 access token from the service account (a JWT signed RS256 exchanged
 * at the token endpoint, kept until shortly before it expires), then one messages:send request per device token.
 * Tokens FCM answers UNREGISTERED (404), or INVALID_ARGUMENT about the token itself (400), are reported refused;
 * network errors, 5xx and 429 are retried with backoff, then that token's send is given up (logged).
 */
export class FcmPushSender implements PushSender {
  private access: { token: string; renewAt: number } | null = null;
  private pendingAccess: Promise<string> | null = null;
  private readonly aborter = new AbortController();
  private readonly retryDelaysMs: readonly number[];

  constructor(
    private readonly options: FcmOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? [500, 2000];
  }

  close(): void {
    this.aborter.abort();
  }

  async send(message: PushMessage, tokens: readonly string[]): Promise<PushOutcome> {
    const outcome: PushOutcome = { sent: 0, refused: [], failed: 0 };
    const queue = [...tokens];
    const worker = async () => {
      for (let token = queue.shift(); token !== undefined; token = queue.shift()) {
        const result = await this.sendToToken(message, token);
        if (result === 'sent') outcome.sent++;
        else if (result === 'refused') outcome.refused.push(token);
        else outcome.failed++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 8, tokens.length) }, worker));
    return outcome;
  }

  /** The request body, as documented for projects.messages.send (data values must be strings). */
  private body(message: PushMessage, token: string): string {
    const data: Record<string, string> = { notificationId: message.notificationId, type: message.type, title: message.title, body: message.body };
    if (message.link !== null) data.link = message.link;
    const clickLink = message.link !== null && this.options.webOrigin ? `${this.options.webOrigin}/app${message.link}` : undefined;
    return JSON.stringify({
      message: {
        token,
        notification: { title: message.title, body: message.body },
        data,
        ...(clickLink ? { webpush: { fcm_options: { link: clickLink } } } : {}),
      },
    });
  }

  private async sendToToken(message: PushMessage, token: string): Promise<'sent' | 'refused' | 'failed'> {
    const body = this.body(message, token);
    let renewedAccess = false;
    for (let attempt = 0; ; attempt++) {
      let result = await this.attempt(body);
      if (result.kind === 'unauthorized' && !renewedAccess) {
        // Revoked or expired early: one fresh access token, then as before.
        renewedAccess = true;
        this.access = null;
        result = await this.attempt(body);
      }
      if (result.kind === 'sent' || result.kind === 'refused') return result.kind;
      // Closing: what was cut short is not a provider problem worth a log line.
      if (this.aborter.signal.aborted) return 'failed';
      const device = `${token.slice(0, 8)}…`;
      if (result.kind !== 'retry') {
        this.log.error({ push: 'fcm', notificationId: message.notificationId, device }, `FCM refused the push: ${result.problem}`);
        return 'failed';
      }
      const delay = this.retryDelaysMs[attempt];
      if (delay === undefined) {
        this.log.warn({ push: 'fcm', notificationId: message.notificationId, device, attempts: attempt + 1 }, `FCM push given up: ${result.problem}`);
        return 'failed';
      }
      await pause(Math.max(delay, result.waitMs), this.aborter.signal);
    }
  }

  private async attempt(body: string): Promise<Attempt> {
    let response: Response;
    try {
      const access = await this.accessToken();
      response = await fetch(`${this.options.baseUrl}/v1/projects/${encodeURIComponent(this.options.projectId)}/messages:send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body,
        signal: this.signal(),
      });
    } catch (error) {
      return { kind: 'retry', problem: error instanceof Error ? error.message : String(error), waitMs: 0 };
    }
    if (response.ok) {
      await response.body?.cancel();
      return { kind: 'sent' };
    }
    const error = (await response.json().catch(() => ({}))) as FcmErrorBody;
    if (refusesToken(response.status, error)) return { kind: 'refused' };
    const problem = `${response.status} ${error.error?.status ?? ''} ${error.error?.message ?? ''}`.trim();
    if (response.status === 401) return { kind: 'unauthorized', problem };
    if (response.status === 429 || response.status >= 500) return { kind: 'retry', problem, waitMs: retryAfterMs(response.headers.get('retry-after')) };
    return { kind: 'failed', problem };
  }

  /** One exchange at a time: sends waiting for a token share the request in flight. */
  private accessToken(): Promise<string> {
    if (this.access && Date.now() < this.access.renewAt) return Promise.resolve(this.access.token);
    this.pendingAccess ??= this.exchange().finally(() => (this.pendingAccess = null));
    return this.pendingAccess;
  }

  private async exchange(): Promise<string> {
    const response = await fetch(this.options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion: this.assertion() }).toString(),
      signal: this.signal(),
    });
    const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    if (!response.ok || typeof answer.access_token !== 'string') {
      throw new Error(`FCM access token refused: ${response.status} ${typeof answer.error === 'string' ? answer.error : ''}`.trim());
    }
    const lifetimeMs = (typeof answer.expires_in === 'number' ? answer.expires_in : ASSERTION_SECONDS) * 1000;
    this.access = { token: answer.access_token, renewAt: Date.now() + Math.max(0, lifetimeMs - RENEW_BEFORE_MS) };
    return answer.access_token;
  }

  /** The service account's signed JWT. Real time, not the business clock: Google checks iat/exp against its own. */
  private assertion(): string {
    const issuedAt = Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iss: this.options.clientEmail, scope: SCOPE, aud: this.options.tokenUrl, iat: issuedAt, exp: issuedAt + ASSERTION_SECONDS })}`;
    return `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), this.options.privateKey).toString('base64url')}`;
  }

  private signal(): AbortSignal {
    return AbortSignal.any([this.aborter.signal, AbortSignal.timeout(this.options.timeoutMs ?? 10_000)]);
  }
}

/**
 * A token is gone for good when FCM says UNREGISTERED (404), or INVALID_ARGUMENT about the token: an FcmError
 * naming the registration token, or a field violation on message.token. Other INVALID_ARGUMENTs are about the
 * message (our fault), and deleting the token for them would lose a working device.
 */
export function refusesToken(status: number, body: FcmErrorBody): boolean {
  const details = body.error?.details ?? [];
  const fcmCode = details.find((d) => d['@type']?.endsWith('google.firebase.fcm.v1.FcmError'))?.errorCode;
  if (status === 404) return fcmCode === 'UNREGISTERED';
  if (status !== 400) return false;
  if (fcmCode === 'INVALID_ARGUMENT' && /registration token/i.test(body.error?.message ?? '')) return true;
  return details.some((d) => d.fieldViolations?.some((v) => v.field === 'message.token'));
}

function retryAfterMs(header: string | null): number {
  if (!header) return 0;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : 0;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
