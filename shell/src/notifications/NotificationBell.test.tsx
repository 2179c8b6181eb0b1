import { CurrentAddress } from 'shared-auth/testing/route-table';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { NOTIFICATION_PATHS, PATHS } from 'shared-api';
import { PUSH_ASK_NOTICE, PUSH_BLOCKED_NOTICE, UNREAD_PAGE_SIZE } from 'shared-auth';
import { resetFakeApi, withProviders } from 'shared-auth/testing/fake-api';
import { installNotificationsApi, sampleNotifications } from './fake-notifications';
import { NotificationBell } from './NotificationBell';

function openAt(path = '/app/dashboard') {
  render(
    withProviders(
      <MemoryRouter initialEntries={[path]}>
        <NotificationBell />
        <CurrentAddress />
        <p>Elsewhere on the page</p>
      </MemoryRouter>,
    ),
  );
}

const bell = () => screen.getByRole('button', { name: /^Notifications, \d+ unread$/ });
const address = () => screen.getByRole('status', { name: 'Address' });

async function openPanel() {
  await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 14 unread'));
  await userEvent.click(bell());
  return screen.getByRole('dialog', { name: 'Unread notifications' });
}

afterEach(() => {
  resetFakeApi();
  localStorage.clear();
  Reflect.deleteProperty(globalThis, 'Notification');
});

describe('the header bell', () => {
  it('opens a panel with the newest 6 unread, each with its type, title, body and time', async () => {
    const requests = installNotificationsApi(sampleNotifications(20));
    openAt();
    const panel = await openPanel();
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').querySelector('strong')?.textContent)).toEqual([
      'Notice 1',
      'Notice 2',
      'Notice 4',
      'Notice 5',
      'Notice 7',
      'Notice 8',
    ]);
    expect(items[0]).toHaveTextContent('Body of notice 1');
    expect(within(items[0]!).getByRole('img', { name: 'B2B order' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: 'Payment' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('31/01/2025');
    expect(panel).toHaveFocus();
    expect(requests.find((r) => r.path === PATHS.notifications)?.params).toEqual({ notificationType: 'UNREAD', page: 0, pageSize: UNREAD_PAGE_SIZE });
  });

  it('a click marks it read and opens its subject under the same base path', async () => {
    const requests = installNotificationsApi(sampleNotifications(20));
    openAt();
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: /Notice 2/ }));
    expect(address()).toHaveTextContent('/app/orders/online-orders/o2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 13 unread'));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ path: NOTIFICATION_PATHS.markRead, body: { ids: ['00000000-0000-4000-8000-000000000002'] } }),
    ]);
  });

  it('on the top-level variant the subject opens without /app', async () => {
    installNotificationsApi(sampleNotifications(20));
    openAt('/dashboard');
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: /Notice 1\b/ }));
    expect(address()).toHaveTextContent(/^\/orders\/online-orders\/o1$/);
  });

  it('a notice without a link is only marked read, and leaves the panel showing the next unread', async () => {
    const requests = installNotificationsApi(sampleNotifications(20));
    openAt();
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: /Notice 8/ }));
    expect(address()).toHaveTextContent('/app/dashboard');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 13 unread'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ ids: ['00000000-0000-4000-8000-000000000008'] });
    await userEvent.click(bell());
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: /Notice 10/ })).toBeInTheDocument();
  });

  it('"Mark all read" clears the panel and the count', async () => {
    const requests = installNotificationsApi(sampleNotifications(20));
    openAt();
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await within(panel).findByText('No unread notifications')).toBeInTheDocument();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 0 unread'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([NOTIFICATION_PATHS.markAllRead]);
  });

  it('Escape closes it and gives the focus back to the bell; so does a click outside', async () => {
    installNotificationsApi(sampleNotifications(20));
    openAt();
    await openPanel();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Elsewhere on the page'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"See all" opens the notifications page', async () => {
    installNotificationsApi(sampleNotifications(3));
    openAt();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    await userEvent.click(bell());
    await userEvent.click(screen.getByRole('link', { name: 'See all' }));
    expect(address()).toHaveTextContent('/app/notifications');
  });

  it('says quietly that browser notifications are off, until dismissed', async () => {
    Object.defineProperty(globalThis, 'Notification', { value: { permission: 'denied' }, configurable: true });
    installNotificationsApi(sampleNotifications(3));
    openAt();
    await userEvent.click(bell());
    const note = within(screen.getByRole('dialog')).getByRole('note');
    expect(note).toHaveTextContent(PUSH_BLOCKED_NOTICE);
    await userEvent.click(within(note).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('offers to turn browser notifications on, asking the browser only from that click', async () => {
    const notification = { permission: 'default' as NotificationPermission, requestPermission: jest.fn() };
    const requestPermission = notification.requestPermission.mockImplementation(async () => (notification.permission = 'granted'));
    Object.defineProperty(globalThis, 'Notification', { value: notification, configurable: true });
    localStorage.clear();
    installNotificationsApi(sampleNotifications(3));
    openAt();
    await userEvent.click(bell());
    const note = within(screen.getByRole('dialog')).getByRole('note');
    expect(note).toHaveTextContent(PUSH_ASK_NOTICE);
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(within(note).getByRole('button', { name: 'Turn on' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('note')).not.toBeInTheDocument());
  });
});
