import { screen } from '@testing-library/react';
import { INVENTORY_PATHS } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
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
