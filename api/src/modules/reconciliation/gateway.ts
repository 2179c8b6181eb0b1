import { createHmac, timingSafeEqual } from 'node:crypto';
import { GatewayEvent, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER, WEBHOOK_TOLERANCE_SECONDS } from 'shared-api';
import type { PaymentsConfig } from '../../config';
import { AppError } from '../../http/errors';
import { assertStorableText } from '../../http/input';

/*
 * Where payments come from (issue 15, ARCHITECTURE.md decision 10: outside services behind an interface, a real
 * adapter and a local default). `manual`, the default, takes no deliveries: people record UTRs through the payments
 * routes. `webhook` is a payment gateway that POSTs signed events; it is chosen by setting PAYMENT_WEBHOOK_SECRET.
 */

/** One HTTP delivery as it arrived: the body exactly as sent (the signature covers its bytes) and the headers. */
export interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface PaymentProvider {
  readonly name: 'manual' | 'webhook';
  /**
   * Authenticates a delivery and turns it into the events it carries, or refuses it with an AppError: 503 E0041 when
   * this provider takes no deliveries, 401 E0040 for a missing or wrong signature or a stale timestamp (a replay),
   * 400 E0001 for a body that is not a GatewayEvent.
   */
  verify(delivery: Delivery, now: Date): GatewayEvent[];
}

/** The signature a sender puts in WEBHOOK_SIGNATURE_HEADER: hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`). */
export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

const refused = (why: string) => new AppError('E0040', 401, `Access Denied: ${why}`);

const header = (d: Delivery, name: string): string | undefined => {
  const v = d.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Manual UTR entry: nothing is delivered, so every delivery is refused (fail closed: no secret, no webhook). */
export const manualProvider: PaymentProvider = {
  name: 'manual',
  verify() {
    // 503, not 401: a gateway retries later, and its events are taken once the secret is configured.
    throw new AppError('E0041', 503, 'Payment gateway events are not accepted here: the webhook is not configured');
  },
};

export function webhookProvider(secret: string): PaymentProvider {
  return {
    name: 'webhook',
    verify(delivery, now) {
      const timestamp = header(delivery, WEBHOOK_TIMESTAMP_HEADER);
      const signature = header(delivery, WEBHOOK_SIGNATURE_HEADER);
      if (!timestamp || !signature) throw refused('the event is not signed');
      if (!/^\d{1,12}$/.test(timestamp)) throw refused('the signature timestamp is not a time');
      const expected = Buffer.from(signWebhook(secret, timestamp, delivery.rawBody), 'hex');
      const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
      // Equal lengths first: timingSafeEqual throws on a length mismatch, and the length is no secret.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused('the signature does not match');
      // Checked after the signature, so an outsider learns nothing about the clock; a signed old event is a replay.
      if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) throw refused('the event is too old or too far in the future (a replay?)');
      let json: unknown;
      try {
        json = JSON.parse(delivery.rawBody);
      } catch {
        throw new AppError('E0001', 400, 'The body is not JSON');
      }
      assertStorableText(json);
      const parsed = GatewayEvent.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError('E0001', 400, `Not a gateway event: ${issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid'}`);
      }
      return [parsed.data];
    },
  };
}

/** The adapter the configuration names: the webhook when its secret is set, else manual entry only. */
export function providerFor(config: PaymentsConfig): PaymentProvider {
  return config.webhookSecret ? webhookProvider(config.webhookSecret) : manualProvider;
}
