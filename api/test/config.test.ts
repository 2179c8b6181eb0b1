import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';

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
      seedDemo: true,
      sms: { provider: 'console' },
      otp: { ttlSeconds: 300, resendAfterSeconds: 60, maxAttempts: 5, maxSendsPerNumberPerHour: 5, maxSendsPerIpPerHour: 30 },
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
});
