/** Delivers a one-time code to a mobile number. Chosen by SMS_PROVIDER (see sms/index.ts). */
export interface SmsSender {
  sendOtp(mobile: string, code: string, validMinutes: number): Promise<void>;
}

export function otpMessage(code: string, validMinutes: number): string {
  return `${code} is your Medico sign-in code. It is valid for ${validMinutes} minutes. Do not share it with anyone.`;
}
