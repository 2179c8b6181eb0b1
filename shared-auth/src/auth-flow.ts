import { PATHS, type OtpLoginResponse, type Session } from 'shared-api';
import { api, navigateTo } from './client';
import { clearUserData } from './clear-user-data';
import { getDeviceId } from './device';
import { setSession } from './session';
import { STORAGE_KEYS, removeKey } from './storage';
import { clearSwrCache } from './swr-cache';

/** Sends a 6-digit code to a registered 10-digit mobile number (SPEC.md §2). */
export function requestOtp(mobileNumber: string): Promise<OtpLoginResponse> {
  return api.post<OtpLoginResponse>(PATHS.otpLogin, { mobileNumber });
}

/** Sends a new code; the API allows it 60 s after the previous one (SPEC.md §4, §9). */
export function resendOtp(mobileNumber: string): Promise<OtpLoginResponse> {
  return api.post<OtpLoginResponse>(PATHS.otpResend, { mobileNumber });
}

/** Exchanges the code for a session and stores it; throws `ApiError` for a wrong or expired code. */
export async function verifyOtp(mobileNumber: string, otp: string): Promise<Session> {
  const deviceId = await getDeviceId();
  const session = await api.post<Session>(PATHS.otpVerify, { mobileNumber, otp, deviceId });
  // Nothing cached for a previous user may show for this one.
  clearSwrCache();
  removeKey(STORAGE_KEYS.userDetails);
  setSession(session);
  return session;
}

/**
 * SPEC.md §4: tells the API (with the device id), then, whether that worked or not, clears everything the
 * user left behind and goes to '/'.
 */
export async function logout(): Promise<void> {
  try {
    await api.post<unknown>(PATHS.logout, { deviceId: await getDeviceId() });
  } catch {
    // The local sign-out must happen even when the API cannot be reached.
  }
  await clearUserData();
  navigateTo('/');
}
