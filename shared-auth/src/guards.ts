import { CUSTOMER_TYPES, ERROR_CATALOGUE, type ErrorResponse, type MyAccount, type Session } from 'shared-api';

/*
 * Shape checks for what the browser keeps (localStorage) and the refresh answer. Written by hand rather than with
 * shared-api's zod schemas so the sign-in page does not download zod (~88 KiB gzip): the shell's first paint
 * needs only these few fields checked. The API validates every request with the full schemas.
 */

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';

export function isSession(value: unknown): value is Session {
  return (
    isObject(value) &&
    isString(value.token) &&
    value.token.length > 0 &&
    isString(value.refreshToken) &&
    value.refreshToken.length > 0 &&
    value.tokenType === 'Bearer' &&
    isString(value.expiresAt)
  );
}

export function isMyAccount(value: unknown): value is MyAccount {
  return (
    isObject(value) &&
    isString(value.userId) &&
    isString(value.firstName) &&
    isString(value.unitCode) &&
    (value.role === 'OWNER' || value.role === 'EMPLOYEE') &&
    (CUSTOMER_TYPES as readonly unknown[]).includes(value.customerType) &&
    typeof value.activated === 'boolean'
  );
}

export function isErrorResponse(value: unknown): value is ErrorResponse {
  return (
    isObject(value) &&
    value.type === 'error' &&
    isString(value.code) &&
    value.code in ERROR_CATALOGUE &&
    isString(value.message) &&
    (value.fields === undefined || isObject(value.fields))
  );
}

