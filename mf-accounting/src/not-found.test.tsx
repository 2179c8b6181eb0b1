import { screen } from '@testing-library/react';
import { ACCOUNTING_PATHS } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from './routes';

/** A well-formed id that names nothing, and one that is not an id at all: the API answers both 404 E0002. */
const MADE_UP = ['6f1d2c3b-4a59-4e8d-9c7b-0a1b2c3d4e5f', 'INV-0000'];

/** Detail screens that take an id from the URL: what each asks the API, its not-found heading and its way back. */
const PAGES = [
  { route: 'sales/instore/:id', url: (id: string) => `sales/instore/${id}`, asks: ACCOUNTING_PATHS.instoreSale, heading: 'No such counter sale', back: ['Back to In-store Sales', '/app/sales/instore'] },
  { route: 'sales/instore/:id/payment', url: (id: string) => `sales/instore/${id}/payment`, asks: ACCOUNTING_PATHS.instoreSale, heading: 'No such counter sale', back: ['Back to In-store Sales', '/app/sales/instore'] },
  { route: 'sales/quotation/:id', url: (id: string) => `sales/quotation/${id}`, asks: ACCOUNTING_PATHS.quotation, heading: 'No such quotation', back: ['Back to In-store Sales', '/app/sales/instore'] },
  { route: 'sales/returns/:id', url: (id: string) => `sales/returns/${id}`, asks: ACCOUNTING_PATHS.salesReturn, heading: 'No such credit note', back: ['Back to Sales Returns', '/app/sales/returns'] },
  { route: 'sales/report/details/invoice?id=', url: (id: string) => `sales/report/details/invoice?id=${id}`, asks: ACCOUNTING_PATHS.salesInvoice, heading: 'No such invoice', back: ['Back to Online Sales', '/app/sales/online'] },
  { route: 'purchases/returns/:id', url: (id: string) => `purchases/returns/${id}`, asks: ACCOUNTING_PATHS.purchaseReturn, heading: 'No such debit note', back: ['Back to Purchase Returns', '/app/purchases/returns'] },
  { route: 'purchases/invoice/:id/payment', url: (id: string) => `purchases/invoice/${id}/payment`, asks: ACCOUNTING_PATHS.purchaseBillPayment, heading: 'No such purchase bill', back: ['Back to Purchase Invoices', '/app/purchases/invoices'] },
  { route: 'purchases/report/:id', url: (id: string) => `purchases/report/${id}`, asks: ACCOUNTING_PATHS.purchaseReportSupplier, heading: 'No such supplier', back: ['Back to Purchase Reports', '/app/purchases/reports'] },
] as const;

describe('a made-up id in a detail URL', () => {
  afterEach(resetFakeApi);

  describe.each(PAGES)('$route', ({ url, asks, heading, back: [backLabel, backHref] }) => {
    it.each(MADE_UP)('%s: the not-found state with a link back to its list, not an error panel', async (id) => {
      // The stockist owner; the API knows nothing by that id (a non-UUID is refused the same way: 404 E0002).
      const requests = installFakeApi(withAccount(OWNER_ACCOUNT, () => failure(404, 'E0002', 'Not found')));
      renderAt('/app', url(id), withProviders(<App />));
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: backLabel })).toHaveAttribute('href', backHref);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      // The screen really asked for that id.
      expect(requests.map((r) => r.path)).toContain(asks(id));
    });
  });

  it('a failure other than not-found still offers Retry', async () => {
    installFakeApi(withAccount(OWNER_ACCOUNT, () => failure(500, 'E0001', 'Internal error')));
    renderAt('/app', `sales/returns/${MADE_UP[0]}`, withProviders(<App />));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No such credit note' })).not.toBeInTheDocument();
  });
});
