import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Clock = () => Date;

export interface SmsConfig {
  provider: 'console' | 'http';
  httpUrl?: string;
  httpApiKey?: string;
  httpApiKeyHeader: string;
  httpSender: string;
}

export interface OtpConfig {
  ttlSeconds: number;
  resendAfterSeconds: number;
  maxAttempts: number;
  maxSendsPerNumberPerHour: number;
  maxSendsPerIpPerHour: number;
}

export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  /** Set → PostgreSQL server; unset → embedded PGlite. */
  databaseUrl?: string;
  /** Directory of the embedded database, or 'memory'. */
  pgliteDataDir: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  corsOrigins: string[];
  bodyLimitBytes: number;
  trustProxy: boolean;
  logLevel: string;
  logPretty: boolean;
  sms: SmsConfig;
  otp: OtpConfig;
  seedDemo: boolean;
  /** STAFF_MOBILE / STAFF_NAME: made a back-office staff login at start (the first staff of a deployment). */
  staff?: { mobile: string; name: string };
  /** Every time-dependent rule reads the time here, so tests can move the clock. */
  now: Clock;
}

type Env = Record<string, string | undefined>;

const API_ROOT = path.resolve(__dirname, '..');

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function staffMobile(raw: string): string {
  if (!/^[6-9]\d{9}$/.test(raw)) throw new Error(`STAFF_MOBILE must be a 10-digit mobile number, got "${raw}"`);
  return raw;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

function defaultCorsOrigins(): string[] {
  const origins: string[] = [];
  for (let port = 3000; port <= 3005; port++) origins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
  return origins;
}

/**
 * Without JWT_SECRET (allowed outside production only) a random secret is generated once and kept in the
 * PGlite data directory, so sessions survive restarts. In memory or against a server it lives for one process.
 */
function resolveJwtSecret(env: Env, isProduction: boolean, pgliteDataDir: string, usesPglite: boolean): string {
  const given = env.JWT_SECRET;
  if (given) {
    if (given.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return given;
  }
  if (isProduction) throw new Error('JWT_SECRET is required when NODE_ENV=production');
  if (!usesPglite || pgliteDataDir === 'memory') return randomBytes(32).toString('base64url');
  mkdirSync(pgliteDataDir, { recursive: true });
  const file = path.join(pgliteDataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const databaseUrl = env.DATABASE_URL || undefined;
  const rawDir = env.PGLITE_DATA_DIR || path.join(API_ROOT, '.data', 'pglite');
  const pgliteDataDir = rawDir === 'memory' ? 'memory' : path.resolve(rawDir);
  const smsProvider = env.SMS_PROVIDER ?? 'console';
  if (smsProvider !== 'console' && smsProvider !== 'http') throw new Error('SMS_PROVIDER must be console or http');
  if (smsProvider === 'http' && !env.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');

  return {
    nodeEnv,
    isProduction,
    port: int(env, 'PORT', 4000),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    pgliteDataDir,
    jwtSecret: resolveJwtSecret(env, isProduction, pgliteDataDir, !databaseUrl),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 900),
    refreshTokenTtlDays: int(env, 'REFRESH_TOKEN_TTL_DAYS', 30),
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean)
      : defaultCorsOrigins(),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    logLevel: env.LOG_LEVEL || 'info',
    logPretty: bool(env, 'LOG_PRETTY', false),
    sms: {
      provider: smsProvider,
      httpUrl: env.SMS_HTTP_URL,
      httpApiKey: env.SMS_HTTP_API_KEY,
      httpApiKeyHeader: env.SMS_HTTP_API_KEY_HEADER || 'x-api-key',
      httpSender: env.SMS_HTTP_SENDER || 'MEDICO',
    },
    otp: {
      ttlSeconds: 300,
      resendAfterSeconds: 60,
      maxAttempts: 5,
      maxSendsPerNumberPerHour: int(env, 'OTP_MAX_SENDS_PER_NUMBER_PER_HOUR', 5),
      maxSendsPerIpPerHour: int(env, 'OTP_MAX_SENDS_PER_IP_PER_HOUR', 30),
    },
    seedDemo: bool(env, 'SEED_DEMO', true),
    ...(env.STAFF_MOBILE ? { staff: { mobile: staffMobile(env.STAFF_MOBILE), name: env.STAFF_NAME || 'Back office' } } : {}),
    now: () => new Date(),
  };
}
