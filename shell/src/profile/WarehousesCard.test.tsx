import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS, PROFILE_PATHS, type Warehouse } from 'shared-api';
import { failure, installFakeApi, resetFakeApi, success, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { ToastContainer, formatDate } from 'shared-ui';
import { todayIst } from './profile-api';
import { WarehousesCard } from './WarehousesCard';

const PUNE: Warehouse = { id: 'w1', displayName: 'Pune Main Godown', isActive: true, profileImage: null, market: { name: 'Pune' }, latitude: null, longitude: null, closedUntil: null, closedNote: null };

/** The warehouses answer, changed by the closure call as the API does. */
function warehousesApi(): FakeRequest[] {
  let warehouse = PUNE;
  return installFakeApi((request) => {
    if (request.path === PATHS.warehouses) return success([warehouse]);
    if (request.path === PROFILE_PATHS.warehouseClosed('w1')) {
      const { closedUntil, note } = request.body as { closedUntil: string | null; note?: string };
      warehouse = { ...warehouse, closedUntil, closedNote: closedUntil ? (note ?? null) : null };
      return success([warehouse]);
    }
    return failure(404, 'E0002', 'Not found');
  });
}

afterEach(resetFakeApi);

describe('WarehousesCard: closed until a day', () => {
  it('closes a warehouse with a note, shows it closed, and opens it again', async () => {
    const requests = warehousesApi();
    render(
      withProviders(
        <>
          <ToastContainer />
          <WarehousesCard owner />
        </>,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Close Pune Main Godown' }));
    const dialog = screen.getByRole('form', { name: 'Close warehouse' });
    // A note is needed: buyers are told why.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close warehouse' }));
    expect(await within(dialog).findByText('Tell your buyers why')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Note for your buyers'), 'Closed for Diwali');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close warehouse' }));

    const today = todayIst();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ closedUntil: today, note: 'Closed for Diwali' });
    expect(await screen.findByText(`Closed until ${formatDate(today, 'medium')}`)).toBeInTheDocument();
    expect(screen.getByText(/Closed for Diwali/)).toBeInTheDocument();
    expect(screen.getByText('Your connected buyers are told.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open Pune Main Godown again' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open again' }));
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ closedUntil: null });
    expect(await screen.findByRole('button', { name: 'Close Pune Main Godown' })).toBeInTheDocument();
    expect(screen.queryByText(/Closed until/)).not.toBeInTheDocument();
  });

  it('offers no closing to an employee', async () => {
    warehousesApi();
    render(withProviders(<WarehousesCard owner={false} />));
    expect(await screen.findByText('Pune Main Godown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Close/ })).not.toBeInTheDocument();
  });
});
