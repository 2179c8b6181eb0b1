import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender';

/**
 * Local development and the demo: the code goes to the API log instead of a phone. Logged as a warning so it
 * stands out among the request lines (and because nothing reached a phone).
 */
export class ConsoleSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async sendOtp(mobile: string, code: string, validMinutes: number): Promise<void> {
    this.log.warn({ sms: 'console' }, `*** OTP for ${mobile}: ${code} *** (console SMS, no phone reached; valid ${validMinutes} minutes)`);
  }

  async sendText(mobile: string, message: string): Promise<void> {
    this.log.warn({ sms: 'console' }, `*** SMS to ${mobile}: ${message} *** (console SMS, no phone reached)`);
  }
}
