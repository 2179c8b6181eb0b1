import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_PATHS, type MyAccount, type PurchaseReport, type SupplierPurchases } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';

const RETAILER: MyAccount = { ...OWNER_ACCOUNT, customerType: 'RETAILER', unitCode: 'RTL-MUM-001', tradeName: 'Sharma Medical Stores' };
const GUJARAT = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const BILL_ID = '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e';

const REPORT: PurchaseReport = {
  from: '2026-11-01',
  to: '2026-11-22',
  rows: [
    { supplierKey: 'agarwal', supplierName: 'Agarwal Pharma Distributors', supplierGstin: '27AAJFA4821L1Z5', billCount: 1, taxablePaise: 87000, taxPaise: 10440, totalPaise: 97400 },
    { supplierKey: GUJARAT, supplierName: 'Gujarat Pharma Traders', supplierGstin: null, billCount: 2, taxablePaise: 160000, taxPaise: 19200, totalPaise: 179200 },
  ],
  totals: { billCount: 3, taxablePaise: 247000, taxPaise: 29640, totalPaise: 276600 },
};
const DRILL: SupplierPurchases = {
  from: '2026-10-01',
  to: '2026-11-22',
  supplierName: 'Gujarat Pharma Traders',
  bills: [{ billId: BILL_ID, source: 'MANUAL', status: 'RECEIVED', billNumber: 'G-1', billDate: '2026-10-30', supplierName: 'Gujarat Pharma Traders', supplierGstin: null, itemCount: 1, taxablePaise: 80000, taxPaise: 9600, totalPaise: 89600 }],
  totals: { billCount: 1, taxablePaise: 80000, taxPaise: 9600, totalPaise: 89600 },
};

describe('purchase reports', () => {
  afterEach(resetFakeApi);

  it('sums the period by supplier, sends a chosen period to the API, and drills down to a supplier’s bills', async () => {
    const requests = installFakeApi(
      withAccount(RETAILER, (r) => {
        if (r.path === ACCOUNTING_PATHS.purchaseReport) return success(REPORT);
        if (r.path === ACCOUNTING_PATHS.purchaseReportSupplier(GUJARAT)) return success(DRILL);
        return failure(404, 'E0002', 'Not found');
      }),
    );
    renderAt('/app', 'purchases/reports', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Purchases by supplier' });
    expect(await within(table).findByText('Agarwal Pharma Distributors')).toBeInTheDocument();
    expect(screen.getByLabelText('Period totals')).toHaveTextContent('₹2,766.00');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');

    // A date picker sets the whole value at once.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    await waitFor(() => expect(requests.filter((r) => r.path === ACCOUNTING_PATHS.purchaseReport).at(-1)?.params).toEqual({ from: '2026-10-01' }));

    await userEvent.click(within(table).getByText('Gujarat Pharma Traders'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase Report' })).toBeInTheDocument();
    const bills = await screen.findByRole('table', { name: 'Supplier bills' });
    expect(within(bills).getByRole('link', { name: 'G-1' })).toHaveAttribute('href', `/app/purchases/invoice/${BILL_ID}`);
    expect(requests.at(-1)?.params).toEqual({ from: '2026-11-01', to: '2026-11-22' });
  });
});
