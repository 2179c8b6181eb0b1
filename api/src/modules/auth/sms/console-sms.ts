import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender';

/** Local development: the code goes to the API log instead of a phone. */
export class ConsoleSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async sendOtp(mobile: string, code: string): Promise<void> {
    this.log.info({ sms: 'console' }, `OTP for ${mobile}: ${code}`);
  }
}
