import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVENTORY_PATHS } from 'shared-api';
import { OWNER_ACCOUNT, installFakeApi, resetFakeApi, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';

/** Issue 33: the form refuses what the contract (and so the API) refuses, in the contract's words, before sending. */
describe('stocks/add refuses values past the contract bounds', () => {
  afterEach(resetFakeApi);

  it('an MRP over ₹1 crore a unit, a quantity over 1 crore units and an impossible expiry stay on the form', async () => {
    const requests = installFakeApi(withAccount(OWNER_ACCOUNT));
    renderAt('', 'stocks/add', withProviders(<App />));
    await screen.findByRole('heading', { level: 1, name: 'Add Stock' });
    const fill = async (label: string, value: string) => {
      const input = screen.getByLabelText(label);
      await userEvent.clear(input);
      await userEvent.type(input, value);
    };
    await fill('Product name', 'Dolo 650');
    await fill('Manufacturer', 'Micro Labs');
    await fill('Batch', 'BIG-1');
    await fill('Expiry', '9999-12-31');
    await fill('MRP (₹)', '21474836.48');
    await fill('PTR (₹)', '26.88');
    await fill('Quantity', '2147483648');
    await userEvent.click(screen.getByRole('button', { name: 'Add stock' }));
    expect(await screen.findByText('At most ₹1,00,00,000')).toBeInTheDocument();
    expect(screen.getByText('At most 1,00,00,000 units')).toBeInTheDocument();
    expect(screen.getByText('Must not be more than 20 years from today')).toBeInTheDocument();
    expect(requests.map((r) => r.path)).not.toContain(INVENTORY_PATHS.add);
  });
});
