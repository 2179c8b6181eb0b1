import { CurrentAddress } from 'shared-auth/testing/route-table';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PATHS } from 'shared-api';
import { resetFakeApi, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { installNotificationsApi, sampleNotifications } from './fake-notifications';
import { NotificationsPage } from './NotificationsPage';

function openAt(path: string) {
  render(
    withProviders(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/notifications" element={<NotificationsPage />} />
          <Route path="*" element={null} />
        </Routes>
        <CurrentAddress />
      </MemoryRouter>,
    ),
  );
}

const address = () => screen.getByRole('status', { name: 'Address' });
const listRequests = (requests: FakeRequest[]) => requests.filter((r) => r.path === PATHS.notifications).map((r) => r.params);
const rows = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('button');

afterEach(resetFakeApi);

describe('notifications page filters', () => {
  it('a type from the select goes into the request and the address', async () => {
    const requests = installNotificationsApi(sampleNotifications(20));
    openAt('/app/notifications');
    await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Type/ }), 'Payment');
    await waitFor(() => expect(rows().map((r) => r.dataset.type)).toEqual(['PAYMENT', 'PAYMENT', 'PAYMENT']));
    expect(address()).toHaveTextContent('/app/notifications?type=PAYMENT');
    expect(listRequests(requests).at(-1)).toEqual({ notificationType: 'ALL', page: 0, pageSize: 20, type: 'PAYMENT' });
  });

  it('the search is sent once typing pauses, and kept in the address', async () => {
    const requests = installNotificationsApi(sampleNotifications(20));
    openAt('/app/notifications?filter=unread');
    await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.type(screen.getByRole('searchbox', { name: /Search/ }), 'notice 1');
    await waitFor(() => expect(address()).toHaveTextContent('/app/notifications?filter=unread&search=notice+1'));
    await waitFor(() => expect(rows()).toHaveLength(8)); // unread among Notice 1, 10..19
    const searched = listRequests(requests).filter((p) => p && 'search' in p);
    // One request for the settled text, none per keystroke.
    expect(searched).toEqual([{ notificationType: 'UNREAD', page: 0, pageSize: 20, search: 'notice 1' }]);
  });

  it('opens with the filters of its address, and All/Unread keep them', async () => {
    const requests = installNotificationsApi(sampleNotifications(20));
    openAt('/app/notifications?type=INVOICE&search=body');
    await screen.findByRole('list', { name: 'Notifications' });
    expect(listRequests(requests)[0]).toEqual({ notificationType: 'ALL', page: 0, pageSize: 20, type: 'INVOICE', search: 'body' });
    expect(screen.getByRole('combobox', { name: /Type/ })).toHaveValue('INVOICE');
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('body');
    await userEvent.click(screen.getByRole('link', { name: 'Unread' }));
    expect(address()).toHaveTextContent('/app/notifications?type=INVOICE&search=body&filter=unread');
    await waitFor(() => expect(listRequests(requests).at(-1)).toEqual({ notificationType: 'UNREAD', page: 0, pageSize: 20, type: 'INVOICE', search: 'body' }));
  });
});

describe('notifications page rows', () => {
  it('a row shows as read at once, is marked read on the server, and opens its subject', async () => {
    const notifications = sampleNotifications(20);
    let answerMarkRead: () => void = () => undefined;
    const requests = installNotificationsApi(notifications, new Promise((resolve) => (answerMarkRead = resolve)));
    openAt('/app/notifications');
    await screen.findByRole('list', { name: 'Notifications' });

    // Notice 8 (GENERAL) has no link: the page stays, so its row can be watched while the server has not answered.
    const general = rows().find((r) => r.textContent?.includes('Notice 8'));
    expect(general).toHaveAttribute('data-unread', 'true');
    await userEvent.click(general!);
    expect(rows().find((r) => r.textContent?.includes('Notice 8'))).toHaveAttribute('data-unread', 'false');
    expect(address()).toHaveTextContent('/app/notifications');
    answerMarkRead();
    await waitFor(() => expect(notifications[7]?.read).toBe(true));

    await userEvent.click(rows().find((r) => r.textContent?.includes('Notice 4'))!);
    expect(address()).toHaveTextContent('/app/orders/online-orders/o4');
    await waitFor(() => expect(notifications[3]?.read).toBe(true));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { ids: ['00000000-0000-4000-8000-000000000008'] },
      { ids: ['00000000-0000-4000-8000-000000000004'] },
    ]);
  });

  it('"Mark all read" shows every row read', async () => {
    installNotificationsApi(sampleNotifications(20));
    openAt('/app/notifications');
    await screen.findByRole('list', { name: 'Notifications' });
    expect(rows().filter((r) => r.dataset.unread === 'true')).toHaveLength(14);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(rows().filter((r) => r.dataset.unread === 'true')).toHaveLength(0));
    // Nothing left to mark.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled());
  });
});
