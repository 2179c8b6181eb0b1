import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gstinOk, vpaOk } from 'shared-api';

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
  /** "Not registered" (E0037) and "already registered" (E0029) answers to one address per hour: they reveal who is a customer. */
  maxRefusalsPerIpPerHour: number;
}

/** The payment gateway's webhook (issue 15): unset secret → the webhook refuses every event (fail closed). */
export interface PaymentsConfig {
  /** PAYMENT_WEBHOOK_SECRET: the HMAC-SHA256 key the gateway signs events with (at least 32 characters). */
  webhookSecret?: string;
  /** PAYMENT_GATEWAY_NAME (default 'gateway'): the provider segment of the webhook path that is accepted. */
  gatewayName: string;
}

/** Medico B2B as the supplier on its own invoices to units (billing/invoices). */
export interface ProviderConfig {
  /** PROVIDER_UPI_VPA: where units pay the provider's invoices. */
  vpa: string;
  /** PROVIDER_NAME */
  name: string;
  /** PROVIDER_GSTIN (its first two digits are the state of supply). */
  gstin: string;
  /** PROVIDER_ADDRESS */
  address: string;
}

/** Deliveries and pickups (issue 12). */
export interface DeliveryConfig {
  /** DELIVERY_PIN_TTL_MINUTES (default 720): how long a receiver's delivery pin is valid. */
  pinTtlMinutes: number;
  /** DELIVERY_HEAVY_WEIGHT_KG (default 25): a consignment over this weight sends HEAVY_WEIGHT to its delivery boy. */
  heavyWeightKg: number;
}

/** Notifications (issue 16): reminders, the live channel and push. */
export interface NotificationsConfig {
  /** CART_REMINDER_MINUTES (default 240): a cart left unsubmitted this long gets one CART reminder per change. */
  cartReminderMinutes: number;
  /** LIVE_POLL_MS (default 250): how often a process with live clients reads the change log (event-to-screen < 1 s). */
  livePollMs: number;
  /**
   * PUSH_PROVIDER: 'local' (default; logs each push) or 'fcm' (Firebase Cloud Messaging HTTP v1). 'fcm' needs
   * FCM_SERVICE_ACCOUNT: the service account's JSON key (the text, or base64 of it). FCM_BASE_URL and FCM_TOKEN_URL
   * point elsewhere than Google (tests use a local fake).
   */
  push: { provider: 'local' } | { provider: 'fcm'; projectId: string; clientEmail: string; privateKey: string; tokenUrl: string; baseUrl: string };
}

/**
 * The e-way bill system (issue 34): EWB_PROVIDER 'local' (default outside production; refused in production: its
 * numbers are no e-way bills), 'nic' (NIC's e-way bill API direct) or 'gsp' (the same API through a GST Suvidha
 * Provider). The real ones need EWB_API_URL, EWB_CLIENT_ID, EWB_CLIENT_SECRET, EWB_PUBLIC_KEY (NIC's public key, PEM
 * or base64 of it, to encrypt the app key and password) and EWB_USERS: each GSTIN's e-way bill API login, JSON
 * {"<GSTIN>": {"username": "…", "password": "…"}} (or base64 of it); 'gsp' also EWB_GSP_APP_ID and EWB_GSP_APP_SECRET.
 */
export type EwbConfig =
  | { provider: 'local' }
  | {
      provider: 'nic' | 'gsp';
      baseUrl: string;
      clientId: string;
      clientSecret: string;
      publicKey: string;
      users: Readonly<Record<string, { username: string; password: string }>>;
      gspAppId?: string;
      gspAppSecret?: string;
      /** EWB_TIMEOUT_MS (default 20000): a call slower than this is "unavailable" (tried again later). */
      timeoutMs: number;
    };

/**
 * The Invoice Registration Portal (issue 34): IRP_PROVIDER 'local' (default outside production; refused in
 * production: its IRNs are no e-invoices), 'nic' (NIC's e-invoice API direct) or 'gsp' (the same API through a GST
 * Suvidha Provider). The real ones take the same settings as the e-way bill API (EwbConfig) under IRP_ names:
 * IRP_API_URL, IRP_CLIENT_ID, IRP_CLIENT_SECRET, IRP_PUBLIC_KEY, IRP_USERS, and for 'gsp' IRP_GSP_APP_ID and
 * IRP_GSP_APP_SECRET; IRP_TIMEOUT_MS (default 20000).
 */
export type IrpConfig = { provider: 'local' } | Extract<EwbConfig, { provider: 'nic' | 'gsp' }>;

export interface Config {
  /** NODE_ENV as given (production, development or test; anything else is refused), or the mode (see `loadConfig`). */
  nodeEnv: string;
  /** Production mode: NODE_ENV=production, or DATABASE_URL without NODE_ENV and without MEDICO_DEMO=1. */
  isProduction: boolean;
  /** MEDICO_DEMO=1: demo mode (demo seed, console SMS, generated JWT secret), also with a DATABASE_URL. */
  demo: boolean;
  /** MEDICO_TEST_ROUTES=1 (the test runners only): GET /test/otp/last answers the last code sent to a number. */
  testRoutes: boolean;
  /** API_DOCS (default on, off in production): the OpenAPI pages at /docs. */
  docs: boolean;
  port: number;
  host: string;
  /** Set → PostgreSQL server; unset → embedded PGlite. */
  databaseUrl?: string;
  /**
   * DATABASE_READ_URL (optional, needs DATABASE_URL): a hot-standby replica that search, suggestions, dashboards,
   * reports and exports read from while it has replayed what they must see (src/db/reader.ts).
   */
  databaseReadUrl?: string;
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
  payments: PaymentsConfig;
  provider: ProviderConfig;
  delivery: DeliveryConfig;
  notifications: NotificationsConfig;
  ewb: EwbConfig;
  irp: IrpConfig;
  /** EINVOICE_RETRY_MS (default 30 s; 0: off, as in tests, which call the loop's tick): how often pending IRNs are retried. */
  einvoiceRetryMs: number;
  /** STAFF_MOBILE / STAFF_NAME: made a back-office staff login at start (the first staff of a deployment). */
  staff?: { mobile: string; name: string };
  /** API_WORKERS (default 1): API processes sharing the port (node:cluster, server.ts); more than 1 needs DATABASE_URL. */
  apiWorkers: number;
  /** Every time-dependent rule reads the time here, so tests can move the clock. */
  now: Clock;
}

type Env = Record<string, string | undefined>;

const API_ROOT = path.resolve(__dirname, '..');

/**
 * Reads variables, collecting every problem so a refused start lists them all at once. Each reader returns its
 * fallback after recording a problem; `loadConfig` throws before such a value is used.
 */
class EnvReader {
  readonly problems: string[] = [];
  constructor(readonly env: Env) {}

  /** The value, or undefined when unset or empty (an empty variable means "not set", as in `FOO= cmd`). */
  get(name: string): string | undefined {
    const raw = this.env[name];
    return raw === undefined || raw === '' ? undefined : raw;
  }

  int(name: string, fallback: number, min = 0): number {
    const raw = this.get(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (Number.isInteger(n) && n >= min) return n;
    this.problems.push(`${name} must be an integer of at least ${min}, got "${raw}"`);
    return fallback;
  }

  /** A switch: 1/true/yes/on or 0/false/no/off; anything else is a mistake, not silently "off". */
  bool(name: string, fallback: boolean): boolean {
    const raw = this.get(name);
    if (raw === undefined) return fallback;
    const value = raw.toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(value)) return true;
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    this.problems.push(`${name} must be 1 or 0 (true/false, yes/no, on/off), got "${raw}"`);
    return fallback;
  }
}

/** PUSH_PROVIDER and the FCM service account (see NotificationsConfig.push). */
function pushConfig(read: EnvReader): NotificationsConfig['push'] {
  const provider = read.get('PUSH_PROVIDER') ?? 'local';
  if (provider === 'local') return { provider: 'local' };
  if (provider !== 'fcm') {
    read.problems.push(`PUSH_PROVIDER must be local or fcm, got "${provider}"`);
    return { provider: 'local' };
  }
  const raw = read.get('FCM_SERVICE_ACCOUNT');
  if (!raw) {
    read.problems.push('PUSH_PROVIDER=fcm needs FCM_SERVICE_ACCOUNT (the service account JSON key, or base64 of it)');
    return { provider: 'local' };
  }
  try {
    const text = raw.trim().startsWith('{') ? raw : Buffer.from(raw, 'base64').toString('utf8');
    const key = JSON.parse(text) as { project_id?: unknown; client_email?: unknown; private_key?: unknown; token_uri?: unknown };
    if (typeof key.project_id !== 'string' || typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
      throw new Error('project_id, client_email or private_key missing');
    }
    return {
      provider: 'fcm',
      projectId: key.project_id,
      clientEmail: key.client_email,
      privateKey: key.private_key,
      tokenUrl: read.get('FCM_TOKEN_URL') ?? (typeof key.token_uri === 'string' ? key.token_uri : 'https://oauth2.googleapis.com/token'),
      baseUrl: read.get('FCM_BASE_URL') ?? 'https://fcm.googleapis.com',
    };
  } catch (error) {
    read.problems.push(`FCM_SERVICE_ACCOUNT is not a service account key: ${error instanceof Error ? error.message : String(error)}`);
    return { provider: 'local' };
  }
}

/**
 * EWB_PROVIDER or IRP_PROVIDER and the real adapter's settings (see EwbConfig, IrpConfig): the two NIC APIs sign in
 * and encrypt alike, so they are configured alike, each under its own prefix.
 */
function portalConfig(read: EnvReader, isProduction: boolean, prefix: 'EWB' | 'IRP'): EwbConfig {
  const what = prefix === 'EWB' ? { api: 'the e-way bill API', local: 'makes e-way bill numbers no officer can verify' } : { api: 'the e-invoice API', local: 'makes IRNs no buyer can claim input tax on' };
  const provider = read.get(`${prefix}_PROVIDER`) ?? (isProduction ? undefined : 'local');
  if (provider === undefined) {
    read.problems.push(`production: ${prefix}_PROVIDER is not set: set ${prefix}_PROVIDER=nic or gsp with its settings (${what.api})`);
    return { provider: 'local' };
  }
  if (provider === 'local') {
    if (isProduction) read.problems.push(`production: ${prefix}_PROVIDER=local ${what.local}: set ${prefix}_PROVIDER=nic or gsp`);
    return { provider: 'local' };
  }
  if (provider !== 'nic' && provider !== 'gsp') {
    read.problems.push(`${prefix}_PROVIDER must be local, nic or gsp, got "${provider}"`);
    return { provider: 'local' };
  }
  const need = (name: string): string => {
    const value = read.get(`${prefix}_${name}`);
    if (value === undefined) read.problems.push(`${prefix}_PROVIDER=${provider} needs ${prefix}_${name}`);
    return value ?? '';
  };
  const baseUrl = need('API_URL');
  const clientId = need('CLIENT_ID');
  const clientSecret = need('CLIENT_SECRET');
  const rawKey = need('PUBLIC_KEY');
  const publicKey = rawKey.includes('BEGIN PUBLIC KEY') || rawKey === '' ? rawKey : Buffer.from(rawKey, 'base64').toString('utf8');
  if (rawKey && !publicKey.includes('BEGIN PUBLIC KEY')) read.problems.push(`${prefix}_PUBLIC_KEY must be a PEM public key (or base64 of one)`);
  const rawUsers = need('USERS');
  let users: Record<string, { username: string; password: string }> = {};
  if (rawUsers) {
    try {
      const text = rawUsers.trim().startsWith('{') ? rawUsers : Buffer.from(rawUsers, 'base64').toString('utf8');
      const parsed = JSON.parse(text) as Record<string, { username?: unknown; password?: unknown }>;
      for (const [gstin, login] of Object.entries(parsed)) {
        if (!gstinOk(gstin) || typeof login?.username !== 'string' || typeof login.password !== 'string') throw new Error(`"${gstin}" needs a valid GSTIN with a username and password`);
        users[gstin] = { username: login.username, password: login.password };
      }
    } catch (error) {
      read.problems.push(`${prefix}_USERS must be JSON {"<GSTIN>": {"username": "…", "password": "…"}} (or base64 of it): ${error instanceof Error ? error.message : String(error)}`);
      users = {};
    }
  }
  const gsp = provider === 'gsp' ? { gspAppId: need('GSP_APP_ID'), gspAppSecret: need('GSP_APP_SECRET') } : {};
  return { provider, baseUrl: baseUrl.replace(/\/+$/, ''), clientId, clientSecret, publicKey, users, ...gsp, timeoutMs: read.int(`${prefix}_TIMEOUT_MS`, 20_000, 1) };
}

function defaultCorsOrigins(): string[] {
  const origins: string[] = [];
  for (let port = 3000; port <= 3005; port++) origins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
  return origins;
}

/**
 * Without JWT_SECRET (refused in production) a random secret is generated once and kept in the PGlite data
 * directory, so sessions survive restarts. In memory or against a server it lives for one process.
 */
function generatedJwtSecret(pgliteDataDir: string, usesPglite: boolean): string {
  if (!usesPglite || pgliteDataDir === 'memory') return randomBytes(32).toString('base64url');
  mkdirSync(pgliteDataDir, { recursive: true });
  const file = path.join(pgliteDataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The NODE_ENV values the API knows; any other is refused (not read as development). */
const NODE_ENVS: readonly string[] = ['production', 'development', 'test'];

/**
 * The mode: production when NODE_ENV=production, and also when NODE_ENV is unset but DATABASE_URL is set (a
 * deployment that forgot NODE_ENV) unless demo mode is asked for with MEDICO_DEMO=1; otherwise development.
 * Production refuses to start with anything meant for demos or tests, listing every problem in one error.
 */
export function loadConfig(env: Env = process.env): Config {
  const read = new EnvReader(env);
  const demo = read.bool('MEDICO_DEMO', false);
  const testRoutes = read.bool('MEDICO_TEST_ROUTES', false);
  const givenNodeEnv = read.get('NODE_ENV');
  // Exactly one of three: a misspelt "Production" once started in development mode with the console SMS adapter.
  if (givenNodeEnv !== undefined && !NODE_ENVS.includes(givenNodeEnv)) {
    read.problems.push(`NODE_ENV must be production, development or test (exactly, in lower case), got "${givenNodeEnv}"`);
  }
  const databaseUrl = read.get('DATABASE_URL');
  const databaseReadUrl = read.get('DATABASE_READ_URL');
  if (databaseReadUrl !== undefined && databaseUrl === undefined) read.problems.push('DATABASE_READ_URL needs DATABASE_URL: the replica is read beside a PostgreSQL server (the primary)');
  const isProduction = givenNodeEnv === 'production' || (givenNodeEnv === undefined && databaseUrl !== undefined && !demo);
  const nodeEnv = givenNodeEnv ?? (isProduction ? 'production' : 'development');
  const rawDir = read.get('PGLITE_DATA_DIR') ?? path.join(API_ROOT, '.data', 'pglite');
  const pgliteDataDir = rawDir === 'memory' ? 'memory' : path.resolve(rawDir);

  // Production has no usable default SMS adapter: the console one writes the codes to the log.
  const smsProvider = read.get('SMS_PROVIDER') ?? (isProduction ? undefined : 'console');
  if (smsProvider !== undefined && smsProvider !== 'console' && smsProvider !== 'http') {
    read.problems.push(`SMS_PROVIDER must be console or http, got "${smsProvider}"`);
  }
  if (smsProvider === 'http' && !read.get('SMS_HTTP_URL')) read.problems.push('SMS_PROVIDER=http needs SMS_HTTP_URL');
  const jwtSecret = read.get('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) read.problems.push('JWT_SECRET must be at least 32 characters');
  const seedDemoGiven = read.get('SEED_DEMO') !== undefined;
  const seedDemo = read.bool('SEED_DEMO', demo);
  const staffMobile = read.get('STAFF_MOBILE');
  if (staffMobile !== undefined && !/^[6-9]\d{9}$/.test(staffMobile)) {
    read.problems.push(`STAFF_MOBILE must be a 10-digit mobile number, got "${staffMobile}"`);
  }

  const webhookSecret = read.get('PAYMENT_WEBHOOK_SECRET');
  if (webhookSecret !== undefined && webhookSecret.length < 32) read.problems.push('PAYMENT_WEBHOOK_SECRET must be at least 32 characters');
  const providerVpa = read.get('PROVIDER_UPI_VPA') ?? 'medicob2b@hdfcbank';
  if (!vpaOk(providerVpa)) read.problems.push(`PROVIDER_UPI_VPA must be a UPI ID like name@bank, got "${providerVpa}"`);
  const providerGstin = read.get('PROVIDER_GSTIN') ?? '27AAJCM1234F1ZP';
  if (!gstinOk(providerGstin)) read.problems.push(`PROVIDER_GSTIN must be a valid GSTIN, got "${providerGstin}"`);

  if (isProduction) {
    const refuse = (line: string) => read.problems.push(`production: ${line}`);
    if (smsProvider === undefined) refuse('SMS_PROVIDER is not set: set SMS_PROVIDER=http with SMS_HTTP_URL (an SMS gateway)');
    if (smsProvider === 'console') refuse('SMS_PROVIDER=console writes one-time codes to the log: set SMS_PROVIDER=http with SMS_HTTP_URL');
    if (seedDemoGiven && seedDemo) refuse('SEED_DEMO would write the demo units and their sign-ins: unset SEED_DEMO');
    if (jwtSecret === undefined) refuse('JWT_SECRET is required (at least 32 characters, the same in every API process)');
    if (testRoutes) refuse('MEDICO_TEST_ROUTES would answer anyone the one-time codes (GET /test/otp/last): unset it');
    if (demo) refuse('MEDICO_DEMO is for demos only: unset it, or unset NODE_ENV=production for a demo');
  }

  const config: Omit<Config, 'jwtSecret'> = {
    nodeEnv,
    isProduction,
    demo,
    testRoutes,
    // The route map of the whole API is for developers: production shows it only when asked to.
    docs: read.bool('API_DOCS', !isProduction),
    port: read.int('PORT', 4000),
    host: read.get('HOST') ?? '127.0.0.1',
    databaseUrl,
    ...(databaseReadUrl ? { databaseReadUrl } : {}),
    pgliteDataDir,
    accessTokenTtlSeconds: read.int('ACCESS_TOKEN_TTL_SECONDS', 900),
    refreshTokenTtlDays: read.int('REFRESH_TOKEN_TTL_DAYS', 30),
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean)
      : defaultCorsOrigins(),
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', 1024 * 1024),
    trustProxy: read.bool('TRUST_PROXY', false),
    logLevel: read.get('LOG_LEVEL') ?? 'info',
    logPretty: read.bool('LOG_PRETTY', false),
    sms: {
      provider: smsProvider === 'http' ? 'http' : 'console',
      httpUrl: read.get('SMS_HTTP_URL'),
      httpApiKey: read.get('SMS_HTTP_API_KEY'),
      httpApiKeyHeader: read.get('SMS_HTTP_API_KEY_HEADER') ?? 'x-api-key',
      httpSender: read.get('SMS_HTTP_SENDER') ?? 'MEDICO',
    },
    otp: {
      ttlSeconds: 300,
      resendAfterSeconds: 60,
      maxAttempts: 5,
      maxSendsPerNumberPerHour: read.int('OTP_MAX_SENDS_PER_NUMBER_PER_HOUR', 5),
      maxSendsPerIpPerHour: read.int('OTP_MAX_SENDS_PER_IP_PER_HOUR', 30),
      maxRefusalsPerIpPerHour: read.int('OTP_MAX_REFUSALS_PER_IP_PER_HOUR', 10),
    },
    seedDemo,
    payments: { ...(webhookSecret ? { webhookSecret } : {}), gatewayName: read.get('PAYMENT_GATEWAY_NAME') ?? 'gateway' },
    provider: {
      vpa: providerVpa.toLowerCase(),
      name: read.get('PROVIDER_NAME') ?? 'Medico B2B Private Limited',
      gstin: providerGstin,
      address: read.get('PROVIDER_ADDRESS') ?? 'Andheri East, Mumbai, Maharashtra 400069',
    },
    delivery: { pinTtlMinutes: read.int('DELIVERY_PIN_TTL_MINUTES', 720, 1), heavyWeightKg: read.int('DELIVERY_HEAVY_WEIGHT_KG', 25, 1) },
    notifications: {
      cartReminderMinutes: read.int('CART_REMINDER_MINUTES', 240, 1),
      livePollMs: read.int('LIVE_POLL_MS', 250, 20),
      push: pushConfig(read),
    },
    ewb: portalConfig(read, isProduction, 'EWB'),
    irp: portalConfig(read, isProduction, 'IRP'),
    einvoiceRetryMs: read.int('EINVOICE_RETRY_MS', 30_000, 0),
    ...(staffMobile ? { staff: { mobile: staffMobile, name: read.get('STAFF_NAME') ?? 'Back office' } } : {}),
    apiWorkers: read.int('API_WORKERS', 1, 1),
    now: () => new Date(),
  };

  if (read.problems.length) {
    const why = !isProduction
      ? ''
      : givenNodeEnv === 'production'
        ? ' (production mode: NODE_ENV=production)'
        : ' (production mode: DATABASE_URL is set without NODE_ENV; MEDICO_DEMO=1 asks for a demo instead)';
    throw new Error(`configuration refused${why}:\n${read.problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return { ...config, jwtSecret: jwtSecret ?? generatedJwtSecret(pgliteDataDir, !databaseUrl) };
}
