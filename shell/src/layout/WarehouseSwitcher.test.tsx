import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Warehouse } from 'shared-api';
import { setActiveWarehouse } from 'shared-auth';
import { ToastContainer } from 'shared-ui';
import { WarehouseSwitcher } from './WarehouseSwitcher';

jest.mock('shared-auth', () => ({ setActiveWarehouse: jest.fn() }));
const setActive = jest.mocked(setActiveWarehouse);

const WAREHOUSES: Warehouse[] = [
  { id: 'w1', displayName: 'Pune Main Godown', isActive: true, profileImage: null, market: { name: 'Pune' }, latitude: null, longitude: null },
  { id: 'w2', displayName: 'Nashik Branch', isActive: false, profileImage: null, market: { name: 'Nashik' }, latitude: null, longitude: null },
];

function setup() {
  const reload = jest.fn();
  render(
    <>
      <ToastContainer />
      <WarehouseSwitcher warehouses={WAREHOUSES} reload={reload} />
    </>,
  );
  return { reload };
}

beforeEach(() => setActive.mockReset());

describe('WarehouseSwitcher (SPEC.md §4, §8)', () => {
  it('shows the active warehouse and lists all of them', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: /Pune Main Godown/ }));
    expect(screen.getAllByRole('menuitemradio')).toHaveLength(2);
    expect(screen.getByRole('menuitemradio', { name: /Pune Main Godown/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('only closes the menu when the active warehouse is chosen', async () => {
    const { reload } = setup();
    await userEvent.click(screen.getByRole('button', { name: /Pune Main Godown/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Pune Main Godown/ }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(setActive).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('sets another warehouse active on the server, then reloads', async () => {
    setActive.mockResolvedValue(undefined);
    const { reload } = setup();
    await userEvent.click(screen.getByRole('button', { name: /Pune Main Godown/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Nashik Branch/ }));
    expect(setActive).toHaveBeenCalledWith('w2');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('shows the red Error toast and does not reload when the switch fails', async () => {
    setActive.mockRejectedValue(new Error('boom'));
    const { reload } = setup();
    await userEvent.click(screen.getByRole('button', { name: /Pune Main Godown/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Nashik Branch/ }));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes the menu on a click outside', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: /Pune Main Godown/ }));
    await userEvent.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
