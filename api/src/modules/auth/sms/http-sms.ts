import { otpMessage, type SmsSender } from './sms-sender';

export interface HttpSmsOptions {
  url: string;
  apiKey?: string;
  apiKeyHeader: string;
  sender: string;
  timeoutMs?: number;
}

/**
 * A generic SMS gateway: POST {to, sender, message} as JSON with the API key in a header.
 * Most Indian gateways (and a small relay in front of any other) accept this shape.
 */
export class HttpSmsSender implements SmsSender {
  constructor(private readonly options: HttpSmsOptions) {}

  sendOtp(mobile: string, code: string, validMinutes: number): Promise<void> {
    return this.sendText(mobile, otpMessage(code, validMinutes));
  }

  async sendText(mobile: string, message: string): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey) headers[this.options.apiKeyHeader] = this.options.apiKey;
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ to: `+91${mobile}`, sender: this.options.sender, message }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
    });
    if (!response.ok) {
      throw new Error(`SMS gateway answered ${response.status} ${response.statusText}`);
    }
  }
}
