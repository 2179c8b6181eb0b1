import { z } from 'zod';
import { MobileNumber } from './common';

export const OtpLoginRequest = z.object({ mobileNumber: MobileNumber });
export type OtpLoginRequest = z.infer<typeof OtpLoginRequest>;
export const OtpLoginResponse = z.object({
  mobileNumber: z.string(),
  /** Seconds until a resend is allowed (SPEC.md §9: 60). */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int(),
});
export type OtpLoginResponse = z.infer<typeof OtpLoginResponse>;

export const OtpVerifyRequest = z.object({
  mobileNumber: MobileNumber,
  otp: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code'),
  deviceId: z.string().max(128).optional(),
});
export type OtpVerifyRequest = z.infer<typeof OtpVerifyRequest>;

export const Session = z.object({
  token: z.string().min(1),
  refreshToken: z.string().min(1),
  tokenType: z.literal('Bearer'),
  /** ISO timestamp when the access token expires. */
  expiresAt: z.string(),
});
export type Session = z.infer<typeof Session>;

export const RefreshRequest = z.object({ refreshToken: z.string().min(1) });
export const LogoutRequest = z.object({ deviceId: z.string().max(128).optional() });
