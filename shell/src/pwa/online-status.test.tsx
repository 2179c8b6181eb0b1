import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { OfflineBanner } from '../layout/OfflineBanner';
import { PublicLayout } from '../public/PublicLayout';
import { useOnlineStatus } from './online-status';

/** What the browser says about its network, and the event it fires when that changes. */
function goOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function Probe() {
  return <output aria-label="online">{String(useOnlineStatus())}</output>;
}

afterEach(() => goOnline(true));

describe('useOnlineStatus', () => {
  it('starts from navigator.onLine and follows the offline and online events', () => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    render(<Probe />);
    expect(screen.getByRole('status', { name: 'online' })).toHaveTextContent('false');
    goOnline(true);
    expect(screen.getByRole('status', { name: 'online' })).toHaveTextContent('true');
    goOnline(false);
    expect(screen.getByRole('status', { name: 'online' })).toHaveTextContent('false');
  });
});

describe('OfflineBanner (SPEC.md §8)', () => {
  it('says "No Internet Connection" while offline, in a live region that stays for the next change', () => {
    goOnline(true);
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    goOnline(false);
    expect(region).toHaveTextContent('No Internet Connection');
    expect(region).toHaveTextContent('nothing can be sent or updated until you are back online');

    goOnline(true);
    expect(region).toBeEmptyDOMElement();
  });

  it('shows on public pages too', () => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    render(
      <MemoryRouter>
        <PublicLayout>
          <h1>Terms</h1>
        </PublicLayout>
      </MemoryRouter>,
    );
    expect(screen.getByRole('main')).toContainElement(screen.getByText('No Internet Connection'));
  });
});
