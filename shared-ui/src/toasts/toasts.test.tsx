import { act, render, screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { ToastContainer } from './ToastContainer';
import { getToasts, toast } from './toastStore';

beforeEach(() => {
  jest.useFakeTimers();
  act(() => toast.clear());
});
afterEach(() => jest.useRealTimers());

describe('toasts', () => {
  it('shows title and message with the right role', () => {
    render(<ToastContainer />);
    act(() => {
      toast.error({ title: 'Error', message: 'Something went wrong. Please try again later.' });
      toast.success({ title: 'Permission Granted', message: 'You can now receive notifications' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('ErrorSomething went wrong. Please try again later.');
    expect(screen.getByRole('status')).toHaveTextContent('Permission Granted');
  });

  it('runs a toast’s action and closes it', () => {
    render(<ToastContainer />);
    const onClick = jest.fn();
    act(() => {
      toast.info({ title: 'New order', action: { label: 'Open', onClick } });
    });
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('New order')).not.toBeInTheDocument();
  });

  it('keeps at most 5, dropping the oldest', () => {
    render(<ToastContainer />);
    act(() => {
      for (let i = 1; i <= 7; i++) toast.info({ title: `Toast ${i}` });
    });
    expect(screen.getAllByRole('status')).toHaveLength(5);
    expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
    expect(screen.queryByText('Toast 2')).not.toBeInTheDocument();
    expect(screen.getByText('Toast 7')).toBeInTheDocument();
  });

  it('closes after 4 s by default and honours autoClose', () => {
    render(<ToastContainer />);
    act(() => {
      toast.success({ title: 'Saved' });
      toast.info({ title: 'Push', autoClose: 5000 });
    });
    act(() => jest.advanceTimersByTime(3999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Push')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Push')).not.toBeInTheDocument();
  });

  it('can be dismissed by hand', () => {
    render(<ToastContainer />);
    act(() => {
      toast.error({ title: 'Error' });
    });
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getToasts()).toHaveLength(0);
  });

  it('shows toasts pushed while another React root is mounted (remotes are separate roots)', () => {
    render(<ToastContainer />);
    // A "remote" mounted in its own React root pushes a toast; the container in the first root shows it.
    const host = document.createElement('div');
    document.body.appendChild(host);
    const remoteRoot = createRoot(host);
    act(() => remoteRoot.render(<button onClick={() => toast.success({ title: 'Employee registered' })}>Save</button>));
    act(() => host.querySelector('button')!.click());
    expect(screen.getByRole('status')).toHaveTextContent('Employee registered');
    act(() => remoteRoot.unmount());
  });
});
