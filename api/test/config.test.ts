import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PATHS } from 'shared-api';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ChangeFeed } from '../src/db/change-feed';
import { AuthService } from '../src/modules/auth/service';
import { createSmsSender } from '../src/modules/auth/sms';
import { DEMO, body, build, requestOtp, testConfig } from './helpers';

/** The e-way bill API direct from NIC (issue 34): what a production deployment sets. */
const EWB_NIC = {
  EWB_PROVIDER: 'nic',
  EWB_API_URL: 'https://ewb.example/ewaybillapi/v1.03/',
  EWB_CLIENT_ID: 'client-id',
  EWB_CLIENT_SECRET: 'client-secret',
  EWB_PUBLIC_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  EWB_USERS: JSON.stringify({ '27AAJCM1234F1ZP': { username: 'medico_api', password: 'secret-1' } }),
};

/** The e-invoice API (issue 34): the same settings under IRP_ names. */
const IRP_NIC = Object.fromEntries(Object.entries(EWB_NIC).map(([name, value]) => [name.replace(/^EWB_/, 'IRP_'), value.replace('ewaybillapi', 'eivital')]));

/** A production configuration that starts: each refusal test breaks one thing in it. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://medico@db.internal:5432/medico',
  JWT_SECRET: 'prod-secret-prod-secret-prod-secret-0123',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example/send',
  ...EWB_NIC,
  ...IRP_NIC,
};

/** The refusal message of a configuration, or '' when it loads. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}
const productionLines = (message: string) => message.split('\n').filter((line) => line.startsWith('  - production: '));

describe('configuration', () => {
  it('has safe local defaults', () => {
    const config = loadConfig({ PGLITE_DATA_DIR: 'memory' });
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      pgliteDataDir: 'memory',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      bodyLimitBytes: 1024 * 1024,
      isProduction: false,
      nodeEnv: 'development',
      // No demo seed and no test routes unless asked for; the docs are on.
      demo: false,
      seedDemo: false,
      testRoutes: false,
      docs: true,
      apiWorkers: 1,
      sms: { provider: 'console' },
      otp: { ttlSeconds: 300, resendAfterSeconds: 60, maxAttempts: 5, maxSendsPerNumberPerHour: 5, maxSendsPerIpPerHour: 30, maxRefusalsPerIpPerHour: 10 },
    });
    expect(config.corsOrigins).toContain('http://localhost:3000');
    expect(config.corsOrigins).toContain('http://127.0.0.1:3005');
    expect(config.corsOrigins).toHaveLength(12);
  });

  it('keeps a generated JWT secret in the PGlite data directory across restarts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'medico-config-'));
    const first = loadConfig({ PGLITE_DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ PGLITE_DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('requires a strong JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ JWT_SECRET: 'short', PGLITE_DATA_DIR: 'memory' })).toThrow(/at least 32/);
  });

  it('reads lists, numbers and the SMS gateway', () => {
    const config = loadConfig({
      PGLITE_DATA_DIR: 'memory',
      CORS_ORIGINS: 'https://portal.medico.in, https://admin.medico.in',
      OTP_MAX_SENDS_PER_NUMBER_PER_HOUR: '3',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_HTTP_API_KEY: 'k',
    });
    expect(config.corsOrigins).toEqual(['https://portal.medico.in', 'https://admin.medico.in']);
    expect(config.otp.maxSendsPerNumberPerHour).toBe(3);
    expect(config.sms).toMatchObject({ provider: 'http', httpUrl: 'https://sms.example/send', httpApiKey: 'k', httpApiKeyHeader: 'x-api-key' });
    expect(() => loadConfig({ PGLITE_DATA_DIR: 'memory', SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ PGLITE_DATA_DIR: 'memory', PORT: 'abc' })).toThrow(/PORT/);
  });

  it('reads API_WORKERS (an integer of at least 1) and API_DOCS', () => {
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', API_WORKERS: '4', API_DOCS: '0' })).toMatchObject({ apiWorkers: 4, docs: false });
    expect(refusal({ PGLITE_DATA_DIR: 'memory', API_WORKERS: '0' })).toMatch(/API_WORKERS must be an integer of at least 1, got "0"/);
    expect(refusal({ PGLITE_DATA_DIR: 'memory', API_WORKERS: '1.5' })).toMatch(/API_WORKERS/);
  });

  it('reads DATABASE_READ_URL beside DATABASE_URL only, and has none by default (issue 37)', () => {
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory' }).databaseReadUrl).toBeUndefined();
    const both = { DATABASE_URL: 'postgres://db/medico', DATABASE_READ_URL: 'postgres://replica/medico', MEDICO_DEMO: '1' };
    expect(loadConfig(both)).toMatchObject({ databaseUrl: 'postgres://db/medico', databaseReadUrl: 'postgres://replica/medico' });
    expect(refusal({ PGLITE_DATA_DIR: 'memory', DATABASE_READ_URL: 'postgres://replica/medico' })).toMatch(/DATABASE_READ_URL needs DATABASE_URL/);
  });

  it('has no webhook secret unless given one (the webhook then refuses every event), and checks the provider details', () => {
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory' }).payments).toEqual({ gatewayName: 'gateway' });
    const secret = 'whsec-0123456789-0123456789-0123456789';
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', PAYMENT_WEBHOOK_SECRET: secret, PAYMENT_GATEWAY_NAME: 'razorpay' }).payments).toEqual({ webhookSecret: secret, gatewayName: 'razorpay' });
    expect(refusal({ PGLITE_DATA_DIR: 'memory', PAYMENT_WEBHOOK_SECRET: 'short' })).toMatch(/PAYMENT_WEBHOOK_SECRET must be at least 32 characters/);
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', PROVIDER_UPI_VPA: 'Billing@ICICI' }).provider.vpa).toBe('billing@icici');
    expect(refusal({ PGLITE_DATA_DIR: 'memory', PROVIDER_UPI_VPA: 'not a vpa' })).toMatch(/PROVIDER_UPI_VPA/);
    expect(refusal({ PGLITE_DATA_DIR: 'memory', PROVIDER_GSTIN: '27AAJCM1234F1Z5' })).toMatch(/PROVIDER_GSTIN must be a valid GSTIN/);
  });

  it('uses the local e-way bill system by default outside production, and reads the real API’s settings', () => {
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory' }).ewb).toEqual({ provider: 'local' });
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', ...EWB_NIC }).ewb).toEqual({
      provider: 'nic',
      baseUrl: 'https://ewb.example/ewaybillapi/v1.03',
      clientId: 'client-id',
      clientSecret: 'client-secret',
      publicKey: EWB_NIC.EWB_PUBLIC_KEY,
      users: { '27AAJCM1234F1ZP': { username: 'medico_api', password: 'secret-1' } },
      timeoutMs: 20000,
    });
    // Base64 of the key and of the logins do as well (one-line environment variables).
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const encoded = loadConfig({ PGLITE_DATA_DIR: 'memory', ...EWB_NIC, EWB_PUBLIC_KEY: b64(EWB_NIC.EWB_PUBLIC_KEY), EWB_USERS: b64(EWB_NIC.EWB_USERS) }).ewb;
    expect(encoded).toMatchObject({ publicKey: EWB_NIC.EWB_PUBLIC_KEY, users: { '27AAJCM1234F1ZP': { username: 'medico_api' } } });
    const gsp = { ...EWB_NIC, EWB_PROVIDER: 'gsp', EWB_GSP_APP_ID: 'gsp-id', EWB_GSP_APP_SECRET: 'gsp-secret' };
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', ...gsp }).ewb).toMatchObject({ provider: 'gsp', gspAppId: 'gsp-id', gspAppSecret: 'gsp-secret' });
  });

  it('uses the local e-invoice portal by default outside production, and reads the real API’s settings under IRP_ names', () => {
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory' }).irp).toEqual({ provider: 'local' });
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', ...IRP_NIC }).irp).toMatchObject({ provider: 'nic', baseUrl: 'https://ewb.example/eivital/v1.03', clientId: 'client-id', users: { '27AAJCM1234F1ZP': { username: 'medico_api' } } });
    // Each portal has its own settings: the e-way bill's are not read for the e-invoice API.
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', ...EWB_NIC }).irp).toEqual({ provider: 'local' });
    const bare = refusal({ PGLITE_DATA_DIR: 'memory', IRP_PROVIDER: 'gsp' });
    for (const name of ['IRP_API_URL', 'IRP_CLIENT_ID', 'IRP_CLIENT_SECRET', 'IRP_PUBLIC_KEY', 'IRP_USERS', 'IRP_GSP_APP_ID', 'IRP_GSP_APP_SECRET']) {
      expect(bare).toContain(`IRP_PROVIDER=gsp needs ${name}`);
    }
    expect(refusal({ PGLITE_DATA_DIR: 'memory', IRP_PROVIDER: 'irp' })).toContain('IRP_PROVIDER must be local, nic or gsp, got "irp"');
  });

  it('refuses an e-way bill configuration that could not work, listing what is missing', () => {
    expect(refusal({ PGLITE_DATA_DIR: 'memory', EWB_PROVIDER: 'portal' })).toContain('EWB_PROVIDER must be local, nic or gsp, got "portal"');
    const bare = refusal({ PGLITE_DATA_DIR: 'memory', EWB_PROVIDER: 'gsp' });
    for (const name of ['EWB_API_URL', 'EWB_CLIENT_ID', 'EWB_CLIENT_SECRET', 'EWB_PUBLIC_KEY', 'EWB_USERS', 'EWB_GSP_APP_ID', 'EWB_GSP_APP_SECRET']) {
      expect(bare).toContain(`EWB_PROVIDER=gsp needs ${name}`);
    }
    expect(refusal({ PGLITE_DATA_DIR: 'memory', ...EWB_NIC, EWB_PUBLIC_KEY: 'not a key' })).toContain('EWB_PUBLIC_KEY must be a PEM public key');
    expect(refusal({ PGLITE_DATA_DIR: 'memory', ...EWB_NIC, EWB_USERS: '{"27AAJCM1234F1Z5": {"username": "a", "password": "b"}}' })).toContain('EWB_USERS must be JSON');
    expect(refusal({ PGLITE_DATA_DIR: 'memory', ...EWB_NIC, EWB_USERS: '{"27AAJCM1234F1ZP": {"username": "a"}}' })).toContain('EWB_USERS must be JSON');
  });

  it('refuses a switch that is neither on nor off, instead of reading it as off', () => {
    expect(refusal({ PGLITE_DATA_DIR: 'memory', API_DOCS: 'nope' })).toMatch(/API_DOCS must be 1 or 0/);
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', MEDICO_TEST_ROUTES: 'true', MEDICO_DEMO: 'yes' })).toMatchObject({ testRoutes: true, demo: true });
  });
});

describe('production refuses unsafe configuration', () => {
  it('starts with an SMS gateway, a JWT secret and nothing of demos or tests', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({ isProduction: true, seedDemo: false, testRoutes: false, demo: false, sms: { provider: 'http' } });
    expect(config.jwtSecret).toBe(PRODUCTION.JWT_SECRET);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: '0', MEDICO_TEST_ROUTES: '0', API_DOCS: '0' })).toMatchObject({ seedDemo: false, testRoutes: false, docs: false });
  });

  it('has no /docs in production unless API_DOCS=1 asks for them', () => {
    expect(loadConfig(PRODUCTION).docs).toBe(false);
    const { NODE_ENV: _, ...withoutNodeEnv } = PRODUCTION;
    expect(loadConfig(withoutNodeEnv).docs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: '1' }).docs).toBe(true);
    // Development keeps them on by default.
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', NODE_ENV: 'development' }).docs).toBe(true);
  });

  it.each(['Production', 'PRODUCTION', 'prod', 'staging', ' production', 'Development', 'TEST'])('refuses NODE_ENV=%j instead of starting in development mode', (value) => {
    const message = refusal({ ...PRODUCTION, NODE_ENV: value });
    expect(message).toContain(`  - NODE_ENV must be production, development or test (exactly, in lower case), got "${value}"`);
    // Without a server either: the misspelt production would otherwise start with console SMS.
    expect(refusal({ PGLITE_DATA_DIR: 'memory', NODE_ENV: value })).toContain('NODE_ENV must be production, development or test');
  });

  it('accepts the three NODE_ENV values as they are', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ nodeEnv: 'production', isProduction: true });
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', NODE_ENV: 'development' })).toMatchObject({ nodeEnv: 'development', isProduction: false });
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', NODE_ENV: 'test' })).toMatchObject({ nodeEnv: 'test', isProduction: false });
  });

  it.each([
    ['no SMS_PROVIDER (no usable default)', { SMS_PROVIDER: undefined }, 'SMS_PROVIDER is not set: set SMS_PROVIDER=http with SMS_HTTP_URL (an SMS gateway)'],
    ['console SMS', { SMS_PROVIDER: 'console' }, 'SMS_PROVIDER=console writes one-time codes to the log: set SMS_PROVIDER=http with SMS_HTTP_URL'],
    ['the demo seed', { SEED_DEMO: '1' }, 'SEED_DEMO would write the demo units and their sign-ins: unset SEED_DEMO'],
    ['no JWT_SECRET', { JWT_SECRET: undefined }, 'JWT_SECRET is required (at least 32 characters, the same in every API process)'],
    ['test routes', { MEDICO_TEST_ROUTES: '1' }, 'MEDICO_TEST_ROUTES would answer anyone the one-time codes (GET /test/otp/last): unset it'],
    ['demo mode', { MEDICO_DEMO: '1' }, 'MEDICO_DEMO is for demos only: unset it, or unset NODE_ENV=production for a demo'],
    ['no EWB_PROVIDER (no usable default)', { EWB_PROVIDER: undefined }, 'EWB_PROVIDER is not set: set EWB_PROVIDER=nic or gsp with its settings (the e-way bill API)'],
    ['the local e-way bill system', { EWB_PROVIDER: 'local' }, 'EWB_PROVIDER=local makes e-way bill numbers no officer can verify: set EWB_PROVIDER=nic or gsp'],
    ['no IRP_PROVIDER (no usable default)', { IRP_PROVIDER: undefined }, 'IRP_PROVIDER is not set: set IRP_PROVIDER=nic or gsp with its settings (the e-invoice API)'],
    ['the local e-invoice portal', { IRP_PROVIDER: 'local' }, 'IRP_PROVIDER=local makes IRNs no buyer can claim input tax on: set IRP_PROVIDER=nic or gsp'],
  ])('refuses %s with one line', (_, change, line) => {
    const message = refusal({ ...PRODUCTION, ...change });
    expect(message).toMatch(/^configuration refused \(production mode: NODE_ENV=production\):\n/);
    expect(productionLines(message)).toEqual([`  - production: ${line}`]);
  });

  it('lists every problem in one error', () => {
    const message = refusal({ NODE_ENV: 'production', SEED_DEMO: 'on', MEDICO_TEST_ROUTES: '1', MEDICO_DEMO: '1', PORT: 'x' });
    expect(productionLines(message).map((line) => line.split(' ')[4])).toEqual(['SMS_PROVIDER', 'SEED_DEMO', 'JWT_SECRET', 'MEDICO_TEST_ROUTES', 'MEDICO_DEMO', 'EWB_PROVIDER', 'IRP_PROVIDER']);
    expect(message).toContain('  - PORT must be an integer of at least 0, got "x"');
  });

  it('treats DATABASE_URL without NODE_ENV as production, unless MEDICO_DEMO=1 asks for a demo', () => {
    const { NODE_ENV: _, ...withoutNodeEnv } = PRODUCTION;
    expect(loadConfig(withoutNodeEnv)).toMatchObject({ isProduction: true, nodeEnv: 'production', seedDemo: false });

    const forgotten = refusal({ DATABASE_URL: PRODUCTION.DATABASE_URL });
    expect(forgotten).toMatch(/^configuration refused \(production mode: DATABASE_URL is set without NODE_ENV; MEDICO_DEMO=1 asks for a demo instead\):/);
    expect(productionLines(forgotten)).toHaveLength(4); // SMS_PROVIDER, JWT_SECRET, EWB_PROVIDER, IRP_PROVIDER
    expect(refusal({ DATABASE_URL: PRODUCTION.DATABASE_URL, SMS_PROVIDER: 'console', SEED_DEMO: '1', JWT_SECRET: PRODUCTION.JWT_SECRET })).toMatch(/SEED_DEMO would write/);

    // An explicit development NODE_ENV is development, with or without a server.
    expect(loadConfig({ DATABASE_URL: PRODUCTION.DATABASE_URL, NODE_ENV: 'development' })).toMatchObject({ isProduction: false, seedDemo: false });
  });

  it('accepts demo mode outside production: demo seed, console SMS and a generated secret, also with a DATABASE_URL', () => {
    const demo = loadConfig({ DATABASE_URL: PRODUCTION.DATABASE_URL, MEDICO_DEMO: '1' });
    expect(demo).toMatchObject({ isProduction: false, nodeEnv: 'development', demo: true, seedDemo: true, testRoutes: false, sms: { provider: 'console' } });
    expect(demo.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', MEDICO_DEMO: '1' }).seedDemo).toBe(true);
    // SEED_DEMO says it explicitly either way.
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', MEDICO_DEMO: '1', SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ PGLITE_DATA_DIR: 'memory', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });
});

// One build() per file: it opens the file's database and closes it after the describe that called it.
describe('the app built from the configuration', () => {
  // Both unset, as in a deployment: the tests' own defaults (test routes on, no /docs) are not under test here.
  const t = build({ env: { MEDICO_TEST_ROUTES: '', API_DOCS: '' } });
  /** Another app on the same database and clock, built from the test configuration with these variables. */
  async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
    const app = await buildApp(testConfig(t.clock, env), { db: t.db });
    opened.push(app);
    return app;
  }
  const opened: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()));
  });
  const lastCode = (app: FastifyInstance) => app.inject({ method: 'GET', url: PATHS.testLastOtp, query: { mobileNumber: DEMO.retailer } });

  it('has no /test routes without MEDICO_TEST_ROUTES (NODE_ENV=test or development alike), and keeps no codes', async () => {
    expect(t.config.testRoutes).toBe(false);
    expect((await requestOtp(t.app, DEMO.retailer)).statusCode).toBe(200);
    expect((await lastCode(t.app)).statusCode).toBe(404);
    expect((await lastCode(await appWith({ NODE_ENV: 'development', MEDICO_TEST_ROUTES: '' }))).statusCode).toBe(404);

    const auth = new AuthService(t.db, t.config, createSmsSender(t.config.sms, t.app.log), t.app.log, new ChangeFeed(t.db));
    expect((await auth.sendOtp(DEMO.hospital, '127.0.0.9', false)).resendAfterSeconds).toBe(60);
    expect(auth.lastOtpSent.size).toBe(0);
  });

  it('answers the last code sent to a number with MEDICO_TEST_ROUTES=1', async () => {
    const app = await appWith({ MEDICO_TEST_ROUTES: '1' });
    expect((await lastCode(app)).statusCode).toBe(404);
    expect((await requestOtp(app, DEMO.retailer)).statusCode).toBe(200);
    const res = await lastCode(app);
    expect(res.statusCode).toBe(200);
    expect(body<{ otp: string }>(res).otp).toMatch(/^\d{6}$/);
  });

  it('serves the OpenAPI pages at /docs by default, and not with API_DOCS=0', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).not.toBe(404);

    const noDocs = await appWith({ API_DOCS: '0' });
    expect((await noDocs.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
    expect((await noDocs.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
    // The API itself is unchanged.
    expect((await requestOtp(noDocs, DEMO.retailer)).statusCode).toBe(200);
  });
});
