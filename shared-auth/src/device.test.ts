import { createHash, webcrypto } from 'node:crypto';
import * as loaded from './device';
import { sha256 } from './sha256';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
// `printf %s "$CHROME_LINUX" | sha256sum`
const CHROME_LINUX_SHA256 = 'ac8f5c88a83e672485247380c0afada58d096a86ecc0203a3129db3b784e7b3b';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function setUserAgent(userAgent: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
}

function loadDevice(): typeof loaded {
  let mod!: typeof loaded;
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof loaded>('./device');
  });
  return mod;
}

describe('sha256 (the fallback when crypto.subtle is missing)', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('matches the FIPS 180-4 example for %j', (text, digest) => {
    expect(hex(sha256(new TextEncoder().encode(text)))).toBe(digest);
  });

  it('matches node for multi-block and boundary lengths', () => {
    for (const length of [55, 56, 63, 64, 65, 1000]) {
      const text = 'medico-'.repeat(200).slice(0, length);
      expect(hex(sha256(new TextEncoder().encode(text)))).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });
});

describe('getDeviceId', () => {
  const realCrypto = globalThis.crypto;
  afterEach(() => Object.defineProperty(globalThis, 'crypto', { value: realCrypto, configurable: true }));

  it('is the SHA-256 hex of the user agent without crypto.subtle', async () => {
    Object.defineProperty(globalThis, 'crypto', { value: { getRandomValues: realCrypto?.getRandomValues }, configurable: true });
    setUserAgent(CHROME_LINUX);
    await expect(loadDevice().getDeviceId()).resolves.toBe(CHROME_LINUX_SHA256);
  });

  it('is the same value through crypto.subtle', async () => {
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    setUserAgent(CHROME_LINUX);
    await expect(loadDevice().getDeviceId()).resolves.toBe(CHROME_LINUX_SHA256);
  });

  it('is computed once per page', async () => {
    setUserAgent(CHROME_LINUX);
    const device = loadDevice();
    const first = device.getDeviceId();
    setUserAgent('Something else');
    expect(device.getDeviceId()).toBe(first);
  });
});

describe('getOsType and getDeviceType', () => {
  const { getOsType, getDeviceType } = loaded;
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', 'WINDOWS', 'Desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'MAC_OS', 'Desktop'],
    [CHROME_LINUX, 'LINUX', 'Desktop'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36', 'ANDROID', 'Mobile'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', 'ANDROID', 'Tablet'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'IOS', 'Mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1', 'IOS', 'Tablet'],
  ])('%s → %s, %s', (userAgent, os, type) => {
    expect(getOsType(userAgent)).toBe(os);
    expect(getDeviceType(userAgent)).toBe(type);
  });
});
