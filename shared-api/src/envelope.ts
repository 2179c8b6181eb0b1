import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from './errors';

/** Every answer is `{ type: 'success', body }` or `{ type: 'error', code, message }` (SPEC.md §7, §8). */
export const successOf = <T extends z.ZodType>(body: T) =>
  z.object({ type: z.literal('success'), body });

const codes = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(codes);

export const ErrorResponse = z.object({
  type: z.literal('error'),
  code: ErrorCodeSchema,
  message: z.string(),
  /** Field-level problems for forms: path → message. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export type Success<T> = { type: 'success'; body: T };
export type ApiResponse<T> = Success<T> | ErrorResponse;

export const Paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), totalResults: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type Paged<T> = { items: T[]; totalResults: number; page: number; pageSize: number };

export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
