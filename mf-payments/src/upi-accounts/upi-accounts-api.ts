import { PAYMENTS_PATHS, type AddUpiAccount, type QrFormat, type UpiAccount } from 'shared-api';
import { api, downloadFile, fetcher, isActive, useMyAccount, type ApiError } from 'shared-auth';
import useSWR from 'swr';

export const UPI_ACCOUNTS_PATH = '/payments/upi/accounts';
export const ADD_UPI_ACCOUNT_PATH = '/payments/upi/accounts/add';

/** The unit's UPI accounts (the /profile payout accounts of kind UPI: one list), the default first as the API sends them. */
export const useUpiAccounts = () => useSWR<UpiAccount[], ApiError>(PAYMENTS_PATHS.accounts, fetcher);

/**
 * The API lets only an activated unit's owner add, remove or change the default (the UI hides what it would
 * refuse); undefined until the account is known.
 */
export function useCanManageUpiAccounts(): boolean | undefined {
  const { data: me } = useMyAccount();
  return me && me.role === 'OWNER' && isActive(me);
}

// The writes answer what they answer; the screens refetch the list, so they never depend on the reply's shape.
export const addUpiAccount = (body: AddUpiAccount) => api.post<unknown>(PAYMENTS_PATHS.addAccount, body);
export const makeDefaultUpiAccount = (accountId: string) => api.post<unknown>(PAYMENTS_PATHS.setDefaultAccount(accountId));
export const removeUpiAccount = (accountId: string) => api.delete<unknown>(PAYMENTS_PATHS.account(accountId));

/** The static QR as a file (the server draws it): `UPI-QR-name-at-bank.png`. */
export const downloadAccountQr = (account: UpiAccount, format: QrFormat) =>
  downloadFile(PAYMENTS_PATHS.accountQr(account.id), `UPI-QR-${account.vpa.replace(/[^A-Za-z0-9_-]+/g, '-')}.${format}`, { format });

/** "001234567890" → "XXXXXXXX7890": enough to recognise the account on screen, not enough to copy it. */
export const maskAccountNumber = (n: string) => `${'X'.repeat(Math.max(n.length - 4, 0))}${n.slice(-4)}`;

/** Alt text of an account's QR image (the Playwright test finds the image by it). */
export const accountQrAlt = (vpa: string) => `UPI QR code for ${vpa}`;
