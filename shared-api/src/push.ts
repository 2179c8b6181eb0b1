import { z } from 'zod';
import { OS_TYPES } from './constants';

/** firebase add token (SPEC.md §7): body token, channel, osType, deviceId, model. */
export const PushTokenRequest = z.object({
  token: z.string().min(1).max(4096),
  channel: z.literal('WEB'),
  osType: z.enum(OS_TYPES),
  deviceId: z.string().min(1).max(128),
  model: z.string().max(64),
});
export type PushTokenRequest = z.infer<typeof PushTokenRequest>;


/**
 * What a push carries (FCM `notification` + `data`): the service worker shows it as a system notification, or
 * hands it to an open tab that shows it as a toast; a click opens `link` under /app.
 */
export const PushMessage = z.object({
  notificationId: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
});
export type PushMessage = z.infer<typeof PushMessage>;
