import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { MARKETPLACE_PATHS, type MyAccount } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { describeRouteTable, renderAt } from 'shared-auth/testing/route-table';
import { App, routes } from './routes';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores' };

function WhereAmI() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

describe('mf-accounting routes', () => {
  // A retailer with no purchase orders yet (an unknown order id is not found).
  beforeEach(() =>
    installFakeApi(withAccount(RETAILER, (r) => (r.path === MARKETPLACE_PATHS.placedOrders ? success({ items: [], totalResults: 0, page: 0, pageSize: 20 }) : failure(404, 'E0002', 'Not found')))),
  );
  afterEach(resetFakeApi);

  describeRouteTable({
    routes,
    App,
    wrap: withProviders,
    async expectBody(page) {
      if (page.path === 'purchases/orders') expect(await screen.findByText('No purchase orders yet')).toBeInTheDocument();
      else if (page.path.startsWith('purchases/orders/:id')) expect(await screen.findByText('No such purchase order')).toBeInTheDocument();
      else if (page.path === 'purchases/invoices') expect(await screen.findByText('Your purchase bills could not be loaded')).toBeInTheDocument();
      else if (page.path === 'purchases/invoices/add-purchase-order') expect(await screen.findByRole('form', { name: 'Purchase order' })).toBeInTheDocument();
      else if (page.path === 'purchases/invoices/add') expect(await screen.findByRole('form', { name: 'Supplier bill' })).toBeInTheDocument();
      else if (page.path === 'purchases/invoice/:id') expect(await screen.findByText('No such purchase bill')).toBeInTheDocument();
      else if (page.path === 'purchases/reports') expect(await screen.findByText('The purchase report could not be loaded')).toBeInTheDocument();
      else if (page.path === 'purchases/report/:id') expect(await screen.findByText('No such supplier')).toBeInTheDocument();
      else if (page.path === 'purchases/returns') expect(await screen.findByText('Your purchase returns could not be loaded')).toBeInTheDocument();
      else if (page.path === 'purchases/returns/:id') expect(await screen.findByText('No such debit note')).toBeInTheDocument();
      else if (page.path === 'purchases/invoice/:id/payment') expect(await screen.findByText('No such purchase bill')).toBeInTheDocument();
      else if (page.path === 'sales/online') expect(await screen.findByText('Your sales invoices could not be loaded')).toBeInTheDocument();
      else if (page.path === 'sales/reports' || page.path === 'sales/report/details') expect(await screen.findByText('The sales register could not be loaded')).toBeInTheDocument();
      else if (page.path === 'sales/report/details/invoice') expect(await screen.findByText('No invoice chosen')).toBeInTheDocument();
      else if (page.path === 'sales/returns') expect(await screen.findByText('Your sales returns could not be loaded')).toBeInTheDocument();
      else if (page.path === 'sales/returns/new') expect(await screen.findByRole('textbox', { name: 'Invoice number' })).toBeInTheDocument();
      else if (page.path === 'sales/returns/:id') expect(await screen.findByText('No such credit note')).toBeInTheDocument();
      else if (page.path === 'sales/instore') expect(await screen.findByText('Your counter sales could not be loaded')).toBeInTheDocument();
      else if (page.path.startsWith('sales/instore/:id')) expect(await screen.findByText('No such counter sale')).toBeInTheDocument();
      else if (page.path === 'sales/add-instore/:id') expect(await screen.findByLabelText('Bill to')).toBeInTheDocument();
      else if (page.path === 'sales/instore-add/:id') expect(await screen.findByLabelText('Product name or barcode')).toBeInTheDocument();
      else if (page.path === 'sales/add-instore/preview/:id') expect(await screen.findByText('This bill has no items')).toBeInTheDocument();
      else if (page.path === 'sales/quotation/:id') expect(await screen.findByText('No such quotation')).toBeInTheDocument();
      // The books: with the API refusing, each screen says what could not be loaded (or shows its form).
      else if (page.path === 'ledgers') expect(await screen.findByText('The account heads could not be loaded')).toBeInTheDocument();
      else if (page.path === 'profit&loss') expect(await screen.findByText('The profit and loss account could not be loaded')).toBeInTheDocument();
      else if (page.path === 'journals/dashboard') expect(await screen.findByText('The vouchers could not be loaded')).toBeInTheDocument();
      else if (page.path === 'journals/add') expect(await screen.findByText('The account heads could not be loaded')).toBeInTheDocument();
      else if (page.path === 'heads/dashboard') expect(await screen.findByText('The account heads could not be loaded')).toBeInTheDocument();
      else if (page.path === 'heads/add') expect(await screen.findByRole('form', { name: 'Account head' })).toBeInTheDocument();
      else if (page.path === 'stores/dashboard') expect(await screen.findByText('Your stores could not be loaded')).toBeInTheDocument();
      else if (page.path === 'stores/details') expect(await screen.findByText('No store chosen')).toBeInTheDocument();
      else if (page.path === 'sales/e-invoices') {
        expect(await screen.findByText('The e-invoices could not be loaded')).toBeInTheDocument();
        expect(await screen.findByText('The e-invoice settings could not be loaded')).toBeInTheDocument();
      } else if (page.path === 'sales/gst-returns') expect(await screen.findByText('The GSTR-1 summary could not be loaded')).toBeInTheDocument();
      // Settings › Move in (issue 36).
      else if (page.path === 'move-in') expect(await screen.findByText('The move-in could not be loaded')).toBeInTheDocument();
      else if (page.path.startsWith('move-in/import/')) expect(await screen.findByLabelText('File to import')).toBeInTheDocument();
      else if (page.path === 'move-in/network') {
        expect(await screen.findByText('Your parties could not be loaded')).toBeInTheDocument();
        expect(await screen.findByText('The bill matches could not be loaded')).toBeInTheDocument();
      }
      else {
        // memo-2-payment: the form works without the list (or the parties), which says it could not be loaded.
        expect(page.path).toBe('memo-2-payment');
        expect(await screen.findByRole('form', { name: 'Memo to payment' })).toBeInTheDocument();
        expect(await screen.findByText('Your memos could not be loaded')).toBeInTheDocument();
      }
    },
    // SPEC.md §2 purchases (with the top-level variant's orders), sales, ledgers, profit&loss, memo-2-payment,
    // journals, stores, heads.
    specPaths: [
      'purchases/invoices',
      'purchases/invoice/PI-12',
      'purchases/invoice/PI-12/payment',
      'purchases/invoices/add-purchase-order',
      'purchases/reports',
      'purchases/report/R-3',
      'purchases/returns',
      'purchases/returns/PR-4',
      'purchases/orders',
      'purchases/orders/PO-9',
      'purchases/orders/PO-9/view',
      'purchases/orders/preview',
      'sales/add-instore/S-1',
      'sales/instore',
      'sales/instore/S-1',
      'sales/instore/S-1/payment',
      'sales/instore-add/S-1',
      'sales/add-instore/preview/S-1',
      'sales/online',
      'sales/reports',
      'sales/report/details',
      'sales/report/details/invoice',
      'sales/returns',
      'sales/returns/SR-2',
      'sales/quotation/Q-5',
      'sales/gst-returns',
      'ledgers',
      'profit&loss',
      'memo-2-payment',
      'journals/dashboard',
      'journals/add',
      'stores/dashboard',
      'stores/details',
      'heads/dashboard',
      'heads/add',
    ],
  });

  it.each([
    ['/app', 'profit&loss'],
    ['/app', 'profit%26loss'],
    ['', 'profit&loss'],
    ['', 'profit%26loss'],
  ])('profit & loss opens at %s/%s', (basename, path) => {
    renderAt(basename, path, withProviders(<App />));
    expect(screen.getByRole('heading', { level: 1, name: 'Profit & Loss' })).toBeInTheDocument();
  });

  it.each(['/app', ''])('the purchase order preview is the cart, which the shell owns (basename "%s")', (basename) => {
    const { container } = renderAt(
      basename,
      'purchases/orders/preview',
      withProviders(
        <>
          <App />
          <WhereAmI />
        </>,
      ),
    );
    // Not taken for an order id: the remote hands the URL to the shell's /cart and renders nothing itself.
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(/^\/cart$/);
    expect(container.querySelector('h1')).toBeNull();
  });

  it('fills the :id of a parent crumb from the URL', () => {
    renderAt('', 'purchases/invoice/PI-12/payment', withProviders(<App />));
    expect(screen.getByRole('link', { name: 'Purchase Invoice' })).toHaveAttribute('href', '/purchases/invoice/PI-12');
  });
});
