import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessage, type ErrorResponse } from 'shared-api';
import { AppError } from './errors';

const send = (status: number, body: ErrorResponse) => ({ status, body });

/**
 * The multipart parser (busboy) refuses a cut-off or boundary-less body with plain Errors, no status code: they
 * are the client's fault, not ours.
 */
const MALFORMED_MULTIPART = /^(Unexpected end of multipart data|Multipart: Boundary not found)$|terminated early due to unexpected end of multipart data$/;

/**
 * PostgreSQL's refusals of a value (SQLSTATE class 22, data exception): 22003 numeric out of range, 22007 invalid
 * datetime format, 22008 datetime out of range, 22009 time zone displacement out of range, 22P02 invalid text
 * representation (a non-UUID for a uuid), 22021 invalid byte sequence, 22P05 untranslatable character. The contracts
 * in shared-api bound every id, amount, quantity and date so these never reach the database: this is only the last
 * safety net, so a value a contract missed is still the client's 400, not our 500 (and logged, to fix the contract).
 */
const VALUE_REFUSED = new Set(['22003', '22007', '22008', '22009', '22P02', '22021', '22P05']);
const sqlState = (error: Error): string | undefined => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

/**
 * Maps anything thrown to the error envelope: bad input → 400 E0001, unknown → 500 E0041 (logged), never a stack trace.
 * A path parameter that fails validation (a made-up id in a URL) names nothing that exists: 404 E0002, like a
 * well-formed id that is not there, so screens show their not-found state instead of "orderId: Invalid UUID".
 */
function toErrorReply(error: FastifyError | AppError | Error): { status: number; body: ErrorResponse } {
  if (error instanceof AppError) {
    return send(error.statusCode, { type: 'error', code: error.code, message: error.message, fields: error.fields });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    if (error.validationContext === 'params') return send(404, { type: 'error', code: 'E0002', message: errorMessage('E0002') });
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const where = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request';
      fields[where] ??= issue.message ?? 'Invalid value';
    }
    const first = Object.entries(fields)[0];
    const message = first ? `${first[0]}: ${first[1]}` : errorMessage('E0001');
    return send(400, { type: 'error', code: 'E0001', message, fields });
  }
  if (MALFORMED_MULTIPART.test(error.message) && !('statusCode' in error)) {
    return send(400, { type: 'error', code: 'E0001', message: 'The upload arrived incomplete or malformed (the form was cut off or has no boundary): please send it again' });
  }
  if (VALUE_REFUSED.has(sqlState(error) ?? '')) {
    return send(400, { type: 'error', code: 'E0001', message: 'A value in the request is out of range or not of the right kind' });
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    // fastify's own input refusals: malformed JSON, body too large, wrong content type.
    const code = status === 404 ? 'E0002' : status === 429 ? 'E0006' : 'E0001';
    return send(status, { type: 'error', code, message: error.message || errorMessage(code) });
  }
  return send(500, { type: 'error', code: 'E0041', message: errorMessage('E0041') });
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorReply(error as FastifyError);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else if (VALUE_REFUSED.has(sqlState(error as Error) ?? '')) request.log.warn({ err: error }, 'a value no contract refused reached the database');
    else request.log.info({ code: body.code, status }, body.message);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ type: 'error', code: 'E0002', message: `${errorMessage('E0002')}: ${request.method} ${request.url.split('?')[0]}` });
  });
}
