import type { FastifyBaseLogger } from 'fastify';
import type { PushMessage } from 'shared-api';
import type { Config } from '../../config';
import { FcmPushSender } from './fcm';

/** What became of one message: the tokens the provider refused for good (the caller deletes them). */
export interface PushOutcome {
  sent: number;
  refused: string[];
  /** Not delivered for another reason (provider down after the retries, a bad request); the tokens stay. */
  failed: number;
}

/** Sends one message to a set of device tokens. Chosen by PUSH_PROVIDER (see createPushSender). */
export interface PushSender {
  send(message: PushMessage, tokens: readonly string[]): Promise<PushOutcome>;
  /** Ends waits and requests in flight (app close); later sends fail at once. */
  close?(): void;
}

/** Local development, the demo and tests: each push goes to the API log; no device is reached. */
export class LocalPushSender implements PushSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: PushMessage, tokens: readonly string[]): Promise<PushOutcome> {
    // Tokens are credentials of a device: the log says how many, not which.
    this.log.info({ push: 'local', message, devices: tokens.length }, `push (local, not sent): ${message.title}: ${message.body}`);
    return { sent: 0, refused: [], failed: 0 };
  }
}

/**
 * The origin screens are served from: the first https entry of CORS_ORIGINS, which in a deployment is the site
 * itself. None locally (plain http). FCM's click link needs it (an absolute https URL; without it the service worker
 * opens data.link on its own origin), and so do links sent by SMS (move-in invites).
 */
export function webOrigin(corsOrigins: readonly string[]): string | undefined {
  return corsOrigins.find((origin) => origin.startsWith('https://'));
}

export function createPushSender(config: Pick<Config, 'notifications' | 'corsOrigins'>, log: FastifyBaseLogger): PushSender {
  const push = config.notifications.push;
  if (push.provider === 'fcm') {
    return new FcmPushSender({ ...push, webOrigin: webOrigin(config.corsOrigins) }, log);
  }
  return new LocalPushSender(log);
}
