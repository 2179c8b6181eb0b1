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
