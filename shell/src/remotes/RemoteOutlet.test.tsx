import { render, screen } from '@testing-library/react';
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
    expect(alert).toHaveTextContent('RUNTIME-003: manifest unreachable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText("customers remote under ''")).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('mf_customers', { fresh: true });
  });

  it('shows an error panel when the remote throws while mounting', async () => {
    load.mockResolvedValue(fakeRemote({ failMount: true }));
    render(<RemoteOutlet remote="mf_orders" basename="/app" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Orders could not be loaded');
    expect(alert).toHaveTextContent('mount exploded');
  });
});
