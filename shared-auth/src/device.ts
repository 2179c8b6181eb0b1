import type { DEVICE_TYPES, OS_TYPES } from 'shared-api';
import { sha256 } from './sha256';

export type OsType = (typeof OS_TYPES)[number];
export type DeviceType = (typeof DEVICE_TYPES)[number];

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Hex SHA-256 of a text: Web Crypto when the page may use it, the bundled implementation otherwise. */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      return toHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
    } catch {
      // Fall through to the bundled implementation.
    }
  }
  return toHex(sha256(bytes));
}

let deviceId: Promise<string> | null = null;

/** SPEC.md §9: the device id is the SHA-256 of the browser's user agent (same browser → same id). */
export function getDeviceId(): Promise<string> {
  deviceId ??= sha256Hex(navigator.userAgent);
  return deviceId;
}

export function getOsType(userAgent: string = navigator.userAgent): OsType {
  // Order matters: iOS and Android user agents also name Mac OS and Linux.
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'IOS';
  if (/Android/i.test(userAgent)) return 'ANDROID';
  if (/Windows/i.test(userAgent)) return 'WINDOWS';
  if (/Macintosh|Mac OS X/i.test(userAgent)) return isTouchMac() ? 'IOS' : 'MAC_OS';
  return 'LINUX';
}

export function getDeviceType(userAgent: string = navigator.userAgent): DeviceType {
  if (/iPad|Tablet|PlayBook|Silk/i.test(userAgent) || (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent))) return 'Tablet';
  if (/Macintosh/i.test(userAgent) && isTouchMac()) return 'Tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(userAgent)) return 'Mobile';
  return 'Desktop';
}

// iPadOS 13+ reports itself as a Mac; only the touch screen tells them apart.
function isTouchMac(): boolean {
  return typeof navigator !== 'undefined' && navigator.maxTouchPoints > 1;
}
