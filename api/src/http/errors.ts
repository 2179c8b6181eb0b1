// The catalogue's own file: the upload's reader thread loads this without the rest of the contract (its zod schemas).
import { errorMessage, type ErrorCode } from 'shared-api/src/errors';

/** A refusal the client is meant to see: HTTP status + catalogue code (+ field messages for forms). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string = errorMessage(code),
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError('E0002', 404);
export const loggedOut = () => new AppError('E0039', 403);
export const accessDenied = () => new AppError('E0040', 403);
export const notActivated = () => new AppError('E0008', 403, 'Your account is not yet verified: trading opens once it is activated');
