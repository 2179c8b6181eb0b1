/** Delivers a one-time code or a short notice to a mobile number. Chosen by SMS_PROVIDER (see sms/index.ts). */
export interface SmsSender {
  sendOtp(mobile: string, code: string, validMinutes: number): Promise<void>;
  /** Any other text, e.g. a delivery pin for a receiver who is not on the platform (deliveries). */
  sendText(mobile: string, message: string): Promise<void>;
}

export function otpMessage(code: string, validMinutes: number): string {
  return `${code} is your Medico sign-in code. It is valid for ${validMinutes} minutes. Do not share it with anyone.`;
}
