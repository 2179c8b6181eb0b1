import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Clock } from '../../config';

export interface AccessClaims {
  /** user id */
  sub: string;
  /** unit id */
  unit: string;
  /** session family id (one sign-in; revoked by logout or refresh-token reuse) */
  sid: string;
  /** seconds since epoch, from the injected clock */
  exp: number;
}

const ISSUER = 'medico-api';

/** HS256 access tokens. `exp` comes from the injected clock, so expiry is testable without waiting. */
export class AccessTokens {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly verify: (token: string) => Record<string, unknown>;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: Clock,
  ) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true, iss: ISSUER });
    this.verify = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: ISSUER, ignoreExpiration: true });
  }

  issue(userId: string, unitId: string, familyId: string): { token: string; expiresAt: Date } {
    const exp = Math.floor(this.now().getTime() / 1000) + this.ttlSeconds;
    return { token: this.sign({ sub: userId, unit: unitId, sid: familyId, exp }), expiresAt: new Date(exp * 1000) };
  }

  /** The claims of a valid, unexpired token (or expired, when asked: logout only); null for anything else. */
  read(token: string, options: { acceptExpired?: boolean } = {}): AccessClaims | null {
    let payload: Record<string, unknown>;
    try {
      payload = this.verify(token);
    } catch {
      return null;
    }
    const { sub, unit, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof unit !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
    if (!options.acceptExpired && exp * 1000 <= this.now().getTime()) return null;
    return { sub, unit, sid, exp };
  }
}

/** Refresh tokens are random; only their SHA-256 is stored. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** OTP codes are stored as HMAC-SHA256 with a server pepper, bound to the number they were sent to. */
export function otpHasher(secret: string): (mobile: string, code: string) => string {
  const pepper = createHmac('sha256', secret).update('otp-pepper').digest();
  return (mobile, code) => createHmac('sha256', pepper).update(`${mobile}:${code}`).digest('hex');
}
