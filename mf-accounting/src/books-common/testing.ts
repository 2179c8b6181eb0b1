/* Test kit for the books' screens (jest only; no screen imports it). */
import { ACCOUNT_GROUPS, type AccountGroup, type HeadBalance, type HeadsTree } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, success, withAccount, type FakeAnswer, type FakeRequest } from 'shared-auth/testing/fake-api';

/** Answers by "METHOD path"; anything else is a 404, as an unknown route of the API would be. */
export function booksApi(routes: Record<string, (request: FakeRequest) => FakeAnswer>, account = OWNER_ACCOUNT): FakeRequest[] {
  return installFakeApi(withAccount(account, (request) => routes[`${request.method} ${request.path}`]?.(request) ?? failure(404, 'E0002', 'Not found')));
}

export const ok = (body: unknown) => () => success(body);

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function head(n: number, name: string, group: AccountGroup, balancePaise = 0, partyUnitCode: string | null = null): HeadBalance {
  return {
    accountId: uuid(n),
    code: partyUnitCode ? `DEBTOR:${n}` : `CUSTOM:${n}`,
    name,
    group,
    nature: ACCOUNT_GROUPS[group].nature,
    partyUnitCode,
    system: false,
    debitPaise: Math.max(balancePaise, 0),
    creditPaise: Math.max(-balancePaise, 0),
    balancePaise,
  };
}

export const SHARMA = head(1, 'Sharma Medical Stores (RTL-MUM-001)', 'SUNDRY_DEBTORS', 123400, 'RTL-MUM-001');
export const LIFELINE = head(2, 'Lifeline Hospital (HSP-AMD-001)', 'SUNDRY_DEBTORS', 50000, 'HSP-AMD-001');
export const RENT = head(3, 'Shop Rent', 'INDIRECT_EXPENSES', 2500000);
export const BANK = head(4, 'Bank', 'BANK_ACCOUNTS', -2500000);

/** A chart with debtors, an expense and a bank, balances as given above. */
export const HEADS: HeadsTree = {
  asOf: '2026-11-30',
  groups: (['SUNDRY_DEBTORS', 'INDIRECT_EXPENSES', 'BANK_ACCOUNTS'] as const).map((group) => {
    const heads = [SHARMA, LIFELINE, RENT, BANK].filter((h) => h.group === group);
    return { group, name: ACCOUNT_GROUPS[group].name, nature: ACCOUNT_GROUPS[group].nature, balancePaise: heads.reduce((s, h) => s + h.balancePaise, 0), heads };
  }),
};

/** jsdom has no object URLs or downloads: the browser's part is recorded, the client's request is real. */
export function recordDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  URL.createObjectURL = jest.fn((b: Blob) => ((last = b), 'blob:x'));
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last! });
  });
  return { files, restore: () => click.mockRestore() };
}

/** A file answer (bytes, as the API sends a spreadsheet or PDF). */
export const file = (text: string, type = 'application/octet-stream'): FakeAnswer => ({ status: 200, data: new Blob([text], { type }) });

export const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
