import { ErrorResponse, successOf } from 'shared-api';
import type { z } from 'zod';

export const ok = <T>(body: T) => ({ type: 'success' as const, body });

/** Response schemas of a route: the success envelope around `body`, the error envelope for every failure. */
export function replies<T extends z.ZodType>(body: T) {
  return { 200: successOf(body), '4xx': ErrorResponse, '5xx': ErrorResponse };
}
