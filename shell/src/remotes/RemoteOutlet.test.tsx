import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteLifecycles } from 'shared-auth';
import { loadRemoteApp } from './load-remote-app';
import { RemoteOutlet } from './RemoteOutlet';

jest.mock('./load-remote-app', () => ({ loadRemoteApp: jest.fn() }));
const load = jest.mocked(loadRemoteApp);

/** Lifecycles of a fake remote that writes its basename into the element single-spa gives it. */
function fakeRemote({ failMount = false } = {}): RemoteLifecycles {
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      if (failMount) throw new Error('mount exploded');
      const { domElement, basename } = props as unknown as { domElement: HTMLElement; basename: string };
      domElement.textContent = `customers remote under '${basename}'`;
    },
    unmount: async (props) => {
      (props as unknown as { domElement: HTMLElement }).domElement.textContent = '';
    },
  };
}

beforeEach(() => load.mockReset());

describe('RemoteOutlet', () => {
  it('loads the remote and mounts it as a parcel with the basename', async () => {
    load.mockResolvedValue(fakeRemote());
    render(<RemoteOutlet remote="mf_customers" basename="/app" />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText("customers remote under '/app'")).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_customers', { fresh: false });
  });

  it('shows an error panel when loading fails, and Retry loads afresh', async () => {
    load.mockRejectedValueOnce(new Error('RUNTIME-003: manifest unreachable')).mockResolvedValueOnce(fakeRemote());
    render(<RemoteOutlet remote="mf_customers" basename="" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Customers could not be loaded');
    // The runtime's code is for support: only under the closed "Details" disclosure, never in the message.
    expect(alert).not.toHaveTextContent('RUNTIME-003');
    const details = screen.getByText('Details').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent('RUNTIME-003: manifest unreachable');
    await userEvent.click(screen.getByText('Details'));
    expect(details).toHaveAttribute('open');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText("customers remote under ''")).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('mf_customers', { fresh: true });
  });

  it('shows an error panel when the remote throws while mounting', async () => {
    load.mockResolvedValue(fakeRemote({ failMount: true }));
    render(<RemoteOutlet remote="mf_orders" basename="/app" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Orders could not be loaded');
    expect(screen.getByText('Details').closest('details')).toHaveTextContent('mount exploded');
  });

  describe('a remote that accepts the connection but does not answer', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('says it is still loading after 10 s, and Retry loads afresh', async () => {
      load.mockReturnValueOnce(new Promise(() => undefined)).mockResolvedValueOnce(fakeRemote());
      render(<RemoteOutlet remote="mf_payments" basename="/app" />);
      act(() => jest.advanceTimersByTime(9_999));
      expect(screen.getByRole('status', { name: 'Loading Payments' })).toBeInTheDocument();
      expect(screen.queryByText('Payments is still loading…')).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByRole('heading', { name: 'Payments is still loading…' })).toBeInTheDocument();
      const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText("customers remote under '/app'")).toBeInTheDocument();
      expect(load).toHaveBeenLastCalledWith('mf_payments', { fresh: true });
    });

    it('still shows the failure when the load finally times out (the 120 s hard limit)', async () => {
      let fail: (error: Error) => void = () => undefined;
      load.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
      render(<RemoteOutlet remote="mf_payments" basename="/app" />);
      act(() => jest.advanceTimersByTime(10_000));
      expect(screen.getByText('Payments is still loading…')).toBeInTheDocument();
      await act(async () => fail(new Error('RUNTIME-008: script timed out after 120000 ms')));
      expect(screen.getByRole('alert')).toHaveTextContent('Payments could not be loaded');
      expect(screen.queryByText('Payments is still loading…')).not.toBeInTheDocument();
    });
  });
});
