import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOVE_IN_PATHS, type BillMatches, type MoveInParties, type MoveInParty } from 'shared-api';
import { resetFakeApi, success, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { getToasts } from 'shared-ui';
import { booksApi, cells, ok, uuid } from '../books-common/testing';
import { App } from '../routes';

const party = (n: number, name: string, status: MoveInParty['status'], rest: Partial<MoveInParty> = {}): MoveInParty => ({
  partyId: uuid(n),
  name,
  role: 'CUSTOMER',
  gstin: null,
  phone: '9800000101',
  linkedUnitCode: null,
  linkedUnitName: null,
  status,
  invitedAt: null,
  balancePaise: 0,
  ...rest,
});
const SHARMA = party(1, 'Sharma Medical', 'ON_PLATFORM', { gstin: '27AAAPS1234F1Z5', linkedUnitCode: 'RTL-MUM-001', linkedUnitName: 'Sharma Medical Stores', balancePaise: 12345650 });
const LIFELINE = party(2, 'Lifeline Hospital', 'CONNECTED', { linkedUnitCode: 'HSP-AMD-001', linkedUnitName: 'Lifeline Hospital' });
const GUPTA = party(3, 'Gupta Chemists', 'NOT_ON_PLATFORM', { balancePaise: -50000 });
const NOPHONE = party(4, 'No Phone Pharmacy', 'NOT_ON_PLATFORM', { phone: null });
const PARTIES: MoveInParties = { items: [SHARMA, LIFELINE, GUPTA, NOPHONE], total: 4, onPlatform: 2, invitable: 1 };

const MATCHES: BillMatches = {
  items: [
    { billNumber: 'INV/891', billDate: '2026-02-14', side: 'RECEIVABLE', partyName: 'Sharma Medical', partyUnitCode: 'RTL-MUM-001', ourPendingPaise: 12345650, theirPendingPaise: 12345650, status: 'MATCHED' },
    { billNumber: 'INV/902', billDate: '2026-03-01', side: 'RECEIVABLE', partyName: 'Sharma Medical', partyUnitCode: 'RTL-MUM-001', ourPendingPaise: 50000, theirPendingPaise: 45000, status: 'AMOUNT_DIFFERS' },
  ],
  counts: { MATCHED: 1, AMOUNT_DIFFERS: 1, MISSING_THERE: 0, NOT_MOVED_IN: 0 },
};

describe('MoveInNetworkPage', () => {
  afterEach(resetFakeApi);

  it('lists the imported parties with their status, connects with linked ones and invites the others by SMS', async () => {
    const requests = booksApi({
      [`GET ${MOVE_IN_PATHS.parties}`]: ok(PARTIES),
      [`GET ${MOVE_IN_PATHS.billMatches}`]: ok(MATCHES),
      [`POST ${MOVE_IN_PATHS.connect}`]: () => success({ requested: 1, skipped: [] }),
      [`POST ${MOVE_IN_PATHS.invite}`]: () => success({ invited: 0, skipped: [{ partyId: GUPTA.partyId, reason: 'invited less than a day ago' }] }),
    });
    renderAt('', 'move-in/network', withProviders(<App />));
    expect(await screen.findByRole('status', { name: 'Parties on the network' })).toHaveTextContent('4 parties imported: 2 on the platform, 1 to invite.');
    const table = screen.getByRole('table', { name: 'Imported parties' });
    expect(cells(within(table).getByRole('row', { name: /Sharma/ }))).toEqual([
      '',
      'Sharma Medical',
      'Customer',
      '27AAAPS1234F1Z5',
      '+91 98000 00101',
      'Sharma Medical Stores (RTL-MUM-001)',
      'On the platform',
      '₹1,23,456.50 Dr',
    ]);
    // Connected parties are done; a party without a phone cannot be invited.
    expect(within(within(table).getByRole('row', { name: /Lifeline/ })).queryByRole('checkbox')).toBeNull();
    expect(within(within(table).getByRole('row', { name: /No Phone/ })).queryByRole('checkbox')).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose Sharma Medical' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose Gupta Chemists' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send connection requests (1)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send 1 connection request?' });
    expect(dialog).toHaveTextContent('Each of Sharma Medical is asked to connect with you');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send requests' }));
    await waitFor(() => expect(requests.find((r) => r.path === MOVE_IN_PATHS.connect)?.body).toEqual({ partyIds: [SHARMA.partyId] }));
    expect(await screen.findByRole('button', { name: 'Send connection requests (0)' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Invite by SMS (1)' }));
    dialog = await screen.findByRole('dialog', { name: 'Invite 1 party by SMS?' });
    expect(dialog).toHaveTextContent('goes to Gupta Chemists (+91 98000 00101)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    await waitFor(() => expect(requests.find((r) => r.path === MOVE_IN_PATHS.invite)?.body).toEqual({ partyIds: [GUPTA.partyId] }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('0 parties invited by SMS. Not asked: Gupta Chemists: invited less than a day ago.'));
  });

  it('filters the parties by status (page 1 of the API)', async () => {
    const requests = booksApi({ [`GET ${MOVE_IN_PATHS.parties}`]: ok(PARTIES), [`GET ${MOVE_IN_PATHS.billMatches}`]: ok(MATCHES) });
    renderAt('', 'move-in/network', withProviders(<App />));
    await screen.findByRole('table', { name: 'Imported parties' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'NOT_ON_PLATFORM');
    await waitFor(() => expect(requests.filter((r) => r.path === MOVE_IN_PATHS.parties).at(-1)?.params).toEqual({ status: 'NOT_ON_PLATFORM', page: 1, pageSize: 50 }));
  });

  it('lists the bill matches with their counts', async () => {
    booksApi({ [`GET ${MOVE_IN_PATHS.parties}`]: ok(PARTIES), [`GET ${MOVE_IN_PATHS.billMatches}`]: ok(MATCHES) });
    renderAt('', 'move-in/network', withProviders(<App />));
    const matches = await screen.findByRole('table', { name: 'Bill matches' });
    expect(screen.getByRole('listitem', { name: 'Matched' })).toHaveTextContent('1');
    expect(screen.getByRole('listitem', { name: 'Amount differs' })).toHaveTextContent('1');
    expect(screen.getByRole('listitem', { name: 'Not in their bills' })).toHaveTextContent('0');
    expect(cells(within(matches).getByRole('row', { name: /INV\/902/ }))).toEqual([
      'INV/902',
      '01/03/2026',
      'Receivable',
      'Sharma Medical (RTL-MUM-001)',
      '₹500.00',
      '₹450.00',
      'Amount differs',
    ]);
  });
});
