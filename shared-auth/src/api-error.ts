import { ERROR_CATALOGUE, type ErrorCode } from 'shared-api';

/** What every failed call throws: the API's error envelope (SPEC.md §7, §8) plus the HTTP status (0 = no answer). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, status: number, message?: string, fields?: Record<string, string>) {
    super(message ?? ERROR_CATALOGUE[code]);
    this.code = code;
    this.status = status;
    if (fields) this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
