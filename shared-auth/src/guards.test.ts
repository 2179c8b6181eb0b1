import { ErrorResponse, MyAccount, Session } from 'shared-api';
import { isErrorResponse, isMyAccount, isSession } from './guards';

// The hand-written guards must agree with shared-api's schemas on what they accept.
const session = { token: 'a.b.c', refreshToken: 'r', tokenType: 'Bearer', expiresAt: '2026-11-22T10:00:00.000Z' };
const account = {
  userId: 'u1', role: 'OWNER', firstName: 'Ramesh', lastName: 'Agarwal', customerType: 'STOCKIST', customerTypeLogo: '/x.svg',
  unitCode: 'STK-PUN-001', tradeName: 'Agarwal Pharma Distributors', mobileNumber: '9800000001', email: null, deliveryMarket: 'Pune',
  activated: true, tradeHeader: null, tradeFooter: null, latitude: 18.5, longitude: 73.8, subscription: null,
};

describe('guards', () => {
  it.each([
    [session, true],
    [{ ...session, tokenType: 'Basic' }, false],
    [{ ...session, token: '' }, false],
    [{ token: 'a' }, false],
    [null, false],
    ['a.b.c', false],
  ])('isSession(%j) = %s, like the schema', (value, expected) => {
    expect(isSession(value)).toBe(expected);
    expect(Session.safeParse(value).success).toBe(expected);
  });

  it.each([
    [account, true],
    [{ ...account, role: 'ADMIN' }, false],
    [{ ...account, customerType: 'PHARMACY' }, false],
    [{ ...account, activated: 'yes' }, false],
  ])('isMyAccount agrees with the schema (%#)', (value, expected) => {
    expect(isMyAccount(value)).toBe(expected);
    expect(MyAccount.safeParse(value).success).toBe(expected);
  });

  it.each([
    [{ type: 'error', code: 'E0029', message: 'email/mobile already registered', fields: { mobileNumber: 'taken' } }, true],
    [{ type: 'error', code: 'E9999', message: 'x' }, false],
    [{ type: 'success', body: {} }, false],
    [{ type: 'error', code: 'E0040' }, false],
  ])('isErrorResponse agrees with the schema (%#)', (value, expected) => {
    expect(isErrorResponse(value)).toBe(expected);
    expect(ErrorResponse.safeParse(value).success).toBe(expected);
  });
});
