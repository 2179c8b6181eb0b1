import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVENTORY_PATHS } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { DOLO, inventoryApi } from '../fixtures.test-kit';
import { App } from '../routes';

describe('stocks/:id with a made-up id', () => {
  afterEach(resetFakeApi);

  // A well-formed id that names no batch, and one that is not an id at all: the API answers both 404 E0002.
  it.each(['6f1d2c3b-4a59-4e8d-9c7b-0a1b2c3d4e5f', 'BATCH-42'])('%s: the not-found state with a link back to Stocks, not an error panel', async (id) => {
    const requests = installFakeApi(withAccount(OWNER_ACCOUNT, () => failure(404, 'E0002', 'Not found')));
    renderAt('/app', `stocks/${id}`, withProviders(<App />));
    expect(await screen.findByRole('heading', { name: 'No such batch' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Stocks' })).toHaveAttribute('href', '/app/stocks/list');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests.map((r) => r.path)).toContain(INVENTORY_PATHS.batch(id));
  });

  it('a failure other than not-found still offers Retry', async () => {
    installFakeApi(withAccount(OWNER_ACCOUNT, () => failure(500, 'E0001', 'Internal error')));
    renderAt('/app', 'stocks/6f1d2c3b-4a59-4e8d-9c7b-0a1b2c3d4e5f', withProviders(<App />));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No such batch' })).not.toBeInTheDocument();
  });
});

describe('stocks/:id of a batch not offered for sale', () => {
  afterEach(resetFakeApi);

  it('says why and saves the product HSN, after which the batch reloads for sale', async () => {
    let fixed = false;
    const unrated = { ...DOLO, hsn: '99999999', gstBp: null, notForSale: "No GST rate on record for HSN 99999999: not offered for sale until the product's HSN is fixed" };
    const requests = installFakeApi(
      withAccount(OWNER_ACCOUNT, (request) => {
        if (request.method === 'PUT' && request.path === INVENTORY_PATHS.productHsn(DOLO.productId)) {
          fixed = true;
          return success({ productId: DOLO.productId, productName: DOLO.productName, hsn: '30049099', gstBp: 500, ordersRepriced: 1 });
        }
        if (request.path === INVENTORY_PATHS.batch(DOLO.id)) return success({ batch: fixed ? { ...DOLO, hsn: '30049099' } : unrated, movements: [] });
        return inventoryApi(request);
      }),
    );
    renderAt('/app', `stocks/${DOLO.id}`, withProviders(<App />));
    expect(await screen.findByText(unrated.notForSale)).toBeInTheDocument();
    const hsn = screen.getByLabelText(/Product HSN/);
    await userEvent.type(hsn, '30A4');
    await userEvent.click(screen.getByRole('button', { name: 'Save HSN' }));
    expect(await screen.findByText('HSN is 4 to 8 digits')).toBeInTheDocument();
    await userEvent.clear(hsn);
    await userEvent.type(hsn, '30049099');
    await userEvent.click(screen.getByRole('button', { name: 'Save HSN' }));
    await waitFor(() => expect(screen.queryByText(unrated.notForSale)).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ hsn: '30049099' });
  });
});
