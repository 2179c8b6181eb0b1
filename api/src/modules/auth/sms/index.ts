import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../../config';
import { ConsoleSmsSender } from './console-sms';
import { HttpSmsSender } from './http-sms';
import type { SmsSender } from './sms-sender';

export type { SmsSender } from './sms-sender';

export function createSmsSender(config: SmsConfig, log: FastifyBaseLogger): SmsSender {
  if (config.provider === 'http') {
    if (!config.httpUrl) throw new Error('SMS_HTTP_URL is required for SMS_PROVIDER=http');
    return new HttpSmsSender({
      url: config.httpUrl,
      apiKey: config.httpApiKey,
      apiKeyHeader: config.httpApiKeyHeader,
      sender: config.httpSender,
    });
  }
  return new ConsoleSmsSender(log);
}
