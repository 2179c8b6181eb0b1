import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { noteAnswered, noteUnreachable } from 'shared-auth';
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

  it('says since when the shown data is from while the API does not answer, and clears when it does (issue 39 item 6)', () => {
    goOnline(true);
    jest.useFakeTimers({ now: new Date('2026-11-28T05:12:30Z') });
    try {
      act(() => noteAnswered());
      render(<OfflineBanner />);
      const region = screen.getByRole('status');
      expect(region).toBeEmptyDOMElement();
      act(() => noteUnreachable());
      // The time of the last answer, on the device's clock (10:42 in India).
      const hhmm = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false }).format(Date.parse('2026-11-28T05:12:30Z'));
      expect(region).toHaveTextContent(`Showing what was loaded at ${hhmm} — reconnecting`);
      act(() => noteAnswered());
      expect(region).toBeEmptyDOMElement();
    } finally {
      jest.useRealTimers();
    }
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
