import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { OtpLoginResponse, Session } from 'shared-api';
import type { Config } from '../../config';
import { CachedMap } from '../../db/cached-map';
import type { ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../http/access';
import { AppError, loggedOut } from '../../http/errors';
import { deletePushTokensOfDevice } from '../push/repository';
import * as repo from './repository';
import type { SmsSender } from './sms';
import { AccessTokens, hashToken, newRefreshToken, otpHasher } from './tokens';

const HOUR_MS = 60 * 60 * 1000;
const SESSION_CACHE_SIZE = 50_000;
const DAY_MS = 24 * HOUR_MS;

export type OtpPurpose = 'LOGIN' | 'REGISTRATION';

type VerifyOutcome = { ok: true; userId: string; unitId: string } | { ok: false; error: AppError };
type SendDecision =
  | { kind: 'send'; id: string; code: string }
  | { kind: 'keep'; wait: number; expiresIn: number }
  | { kind: 'refuse'; error: AppError };

export class AuthService {
  private readonly tokens: AccessTokens;
  private readonly hashOtp: (mobile: string, code: string) => string;
  /** With MEDICO_TEST_ROUTES=1 only (never in production): the last code sent to each number, for GET /test/otp/last. */
  readonly lastOtpSent = new Map<string, string>();
  /** Live sessions by refresh-token family, until the change log reports their token, user or unit changed. */
  private readonly callers = new CachedMap<string, Caller | null>(SESSION_CACHE_SIZE);

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly sms: SmsSender,
    private readonly log: FastifyBaseLogger,
    feed: ChangeFeed,
  ) {
    this.tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtlSeconds, config.now);
    this.hashOtp = otpHasher(config.jwtSecret);
    feed.subscribe((changes) => {
      // Users and units change rarely (a deleted employee, an activation): those drop every session.
      if (changes.has('user') || changes.has('unit') || changes.get('session')?.all) this.callers.clear();
      else if (changes.has('session')) this.callers.delete(changes.get('session')!.keys);
    });
  }

  /**
   * POST otp/login (resend=false) and otp/login/resend (resend=true). A login inside the resend window keeps the
   * code already sent (a reload must not burn a send); a resend inside it is refused with the seconds left, and so
   * is a login after the code was locked by wrong tries (else a login would be a resend without the wait).
   */
  async sendOtp(mobile: string, ip: string, resend: boolean, purpose: OtpPurpose = 'LOGIN'): Promise<OtpLoginResponse> {
    const { otp } = this.config;
    const now = this.config.now();
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const decision = await inTransaction(this.db, async (trx): Promise<SendDecision> => {
      await repo.lockAddress(trx, ip);
      // Both limits are checked before the number is looked up, so a limited address learns nothing about it.
      if ((await repo.countOtpsSince(trx, { ip }, hourAgo)) >= otp.maxSendsPerIpPerHour) throw new AppError('E0006', 429);
      if ((await repo.countRefusalsSince(trx, ip, hourAgo)) >= otp.maxRefusalsPerIpPerHour) throw new AppError('E0006', 429);
      // Sign-in codes go to registered numbers only; registration codes (same limits) to unregistered ones only,
      // so a code of one purpose can never be used for the other. Either refusal is counted against the address.
      const registered = Boolean(await repo.findLiveUserByMobile(trx, mobile));
      if (purpose === 'LOGIN' ? !registered : registered) {
        await repo.recordRefusal(trx, ip, now, hourAgo);
        return { kind: 'refuse', error: registered ? new AppError('E0029', 409) : new AppError('E0037', 404) };
      }
      await repo.lockMobile(trx, mobile);

      const last = await repo.latestOtp(trx, mobile);
      if (last) {
        const waitMs = last.created_at.getTime() + otp.resendAfterSeconds * 1000 - now.getTime();
        if (waitMs > 0) {
          const wait = Math.ceil(waitMs / 1000);
          const usable = !last.consumed_at && !last.dead_at && last.expires_at > now;
          if (usable && !resend) {
            const expiresIn = Math.ceil((last.expires_at.getTime() - now.getTime()) / 1000);
            return { kind: 'keep', wait, expiresIn };
          }
          // A used code (signed in) lets a new sign-in start at once; a locked one waits like a resend.
          if (resend || last.dead_at) throw new AppError('E0005', 429, `Please wait ${wait} seconds before requesting another code`);
        }
      }
      if ((await repo.countOtpsSince(trx, { mobile }, hourAgo)) >= otp.maxSendsPerNumberPerHour) {
        throw new AppError('E0006', 429);
      }
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      const id = randomUUID();
      await repo.retireLiveOtps(trx, mobile, now);
      await repo.insertOtp(trx, {
        id,
        mobile,
        code_hash: this.hashOtp(mobile, code),
        expires_at: new Date(now.getTime() + otp.ttlSeconds * 1000),
        ip,
        created_at: now,
      });
      return { kind: 'send', id, code };
    });

    if (decision.kind === 'refuse') throw decision.error;
    if (decision.kind === 'keep') {
      return { mobileNumber: mobile, resendAfterSeconds: decision.wait, expiresInSeconds: decision.expiresIn };
    }
    // Sent after the commit: a slow gateway must not hold the database.
    try {
      await this.sms.sendOtp(mobile, decision.code, Math.round(otp.ttlSeconds / 60));
    } catch (err) {
      this.log.error({ err }, 'SMS delivery failed');
      await repo.deleteOtp(this.db, decision.id);
      throw new AppError('E0041', 502);
    }
    if (this.config.testRoutes) this.lastOtpSent.set(mobile, decision.code);
    return { mobileNumber: mobile, resendAfterSeconds: otp.resendAfterSeconds, expiresInSeconds: otp.ttlSeconds };
  }

  async verifyOtp(mobile: string, code: string, deviceId: string | undefined, ip: string): Promise<Session> {
    const now = this.config.now();
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    // Wrong attempts and refusals must be counted even though the request fails, so the error is thrown after the commit.
    const outcome = await inTransaction(this.db, async (trx): Promise<VerifyOutcome> => {
      await repo.lockAddress(trx, ip);
      // Checked for every number (not only unknown ones), or the 429 itself would tell who is registered.
      if ((await repo.countRefusalsSince(trx, ip, hourAgo)) >= this.config.otp.maxRefusalsPerIpPerHour) {
        return { ok: false, error: new AppError('E0006', 429) };
      }
      const user = await repo.findLiveUserByMobile(trx, mobile);
      if (!user) {
        await repo.recordRefusal(trx, ip, now, hourAgo);
        return { ok: false, error: new AppError('E0037', 404) };
      }
      const checked = await this.checkCode(trx, mobile, code);
      return checked ?? { ok: true, userId: user.id, unitId: user.unit_id };
    });
    if (!outcome.ok) throw outcome.error;
    return this.startSession(outcome.userId, outcome.unitId, randomUUID(), deviceId ?? null);
  }

  /** A registration code (sent with purpose REGISTRATION): same expiry and attempt limits as a sign-in code. */
  async verifyRegistrationCode(mobile: string, code: string, ip: string): Promise<void> {
    const now = this.config.now();
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const error = await inTransaction(this.db, async (trx) => {
      await repo.lockAddress(trx, ip);
      // Same budget as sign-in: "already registered" answers are counted, or they would list who is registered.
      if ((await repo.countRefusalsSince(trx, ip, hourAgo)) >= this.config.otp.maxRefusalsPerIpPerHour) return new AppError('E0006', 429);
      if (await repo.findLiveUserByMobile(trx, mobile)) {
        await repo.recordRefusal(trx, ip, now, hourAgo);
        return new AppError('E0029', 409);
      }
      const checked = await this.checkCode(trx, mobile, code);
      return checked ? checked.error : null;
    });
    if (error) throw error;
  }

  /** Checks the latest code of a number and consumes it; a failure is returned (not thrown) so the transaction commits. */
  private async checkCode(trx: Database, mobile: string, code: string): Promise<{ ok: false; error: AppError } | null> {
    const now = this.config.now();
    const { maxAttempts } = this.config.otp;
    const otp = await repo.latestOtp(trx, mobile, true);
    if (!otp || otp.consumed_at) return { ok: false, error: new AppError('E0003', 400) };
    if (otp.dead_at) {
      const exhausted = otp.attempts >= maxAttempts;
      return { ok: false, error: new AppError(exhausted ? 'E0004' : 'E0003', 400) };
    }
    if (otp.expires_at <= now) return { ok: false, error: new AppError('E0003', 400) };

    const given = Buffer.from(this.hashOtp(mobile, code));
    if (!timingSafeEqual(given, Buffer.from(otp.code_hash))) {
      const attempts = otp.attempts + 1;
      const dead = attempts >= maxAttempts;
      await repo.recordWrongAttempt(trx, otp.id, attempts, dead ? now : null);
      if (dead) return { ok: false, error: new AppError('E0004', 400) };
      const left = maxAttempts - attempts;
      return { ok: false, error: new AppError('E0003', 400, `Invalid code, ${left} attempt${left === 1 ? '' : 's'} left`) };
    }
    await repo.consumeOtp(trx, otp.id, now);
    return null;
  }

  /** Rotation: each refresh token works once. Presenting a used one means it leaked: the whole family is revoked. */
  async refresh(refreshToken: string): Promise<Session> {
    const now = this.config.now();
    const outcome = await inTransaction(this.db, async (trx) => {
      const row = await repo.findRefreshToken(trx, hashToken(refreshToken));
      if (!row || row.revoked_at || row.deleted_at || row.expires_at <= now) return null;
      if (row.used_at) {
        await repo.revokeFamily(trx, row.family_id, now);
        this.log.warn({ familyId: row.family_id, userId: row.user_id }, 'refresh token reused; session family revoked');
        return null;
      }
      await repo.markRefreshTokenUsed(trx, row.id, now);
      return this.startSession(row.user_id, row.unit_id, row.family_id, row.device_id, trx);
    });
    if (!outcome) throw loggedOut();
    return outcome;
  }

  async logout(caller: Caller, deviceId: string | undefined): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await repo.revokeFamily(trx, caller.familyId, this.config.now());
      if (deviceId) await deletePushTokensOfDevice(trx, caller.userId, deviceId);
    });
  }

  async revokeUser(db: Database, userId: string): Promise<void> {
    await repo.revokeAllForUser(db, userId, this.config.now());
  }

  /** Resolves `Authorization: Bearer …` to the caller, or refuses with 403 E0039 (the client refreshes once). */
  async authenticate(authorization: string | undefined, options: { acceptExpired?: boolean } = {}): Promise<Caller> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const claims = match?.[1] ? this.tokens.read(match[1], options) : null;
    if (!claims) throw loggedOut();
    // The caller of a session is the same for every one of its access tokens; the request hook caught the feed up.
    const caller = await this.callers.get(claims.sid, () => repo.findCaller(this.db, claims.sub, claims.unit, claims.sid));
    if (!caller || caller.userId !== claims.sub || caller.unitId !== claims.unit) throw loggedOut();
    return caller;
  }

  private async startSession(
    userId: string,
    unitId: string,
    familyId: string,
    deviceId: string | null,
    db: Database = this.db,
  ): Promise<Session> {
    const now = this.config.now();
    const refreshToken = newRefreshToken();
    await repo.insertRefreshToken(db, {
      id: randomUUID(),
      family_id: familyId,
      user_id: userId,
      token_hash: hashToken(refreshToken),
      device_id: deviceId,
      expires_at: new Date(now.getTime() + this.config.refreshTokenTtlDays * DAY_MS),
      created_at: now,
    });
    const access = this.tokens.issue(userId, unitId, familyId);
    return { token: access.token, refreshToken, tokenType: 'Bearer', expiresAt: access.expiresAt.toISOString() };
  }
}
