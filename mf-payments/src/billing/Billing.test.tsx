import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENTS_PATHS, upiPayLink, type ProviderInvoice, type ProviderInvoiceList } from 'shared-api';
import { failure, resetFakeApi, success, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';
import { MAIN, SPARE, cells, file, ok, paymentsApi, png, recordDownloads, uuid } from '../payments-common/testing';
import { todayIst } from '../payments-common/payments-api';

const PROVIDER = { payeeName: 'Medico B2B Technologies', vpa: 'medicob2b@okaxis' };

function invoice(n: number, month: string, status: ProviderInvoice['status'], deliveries: number, freeDeliveries: number): ProviderInvoice {
  const billable = deliveries - freeDeliveries;
  const deliveryPaise = billable * 1500;
  const taxablePaise = 99900 + deliveryPaise;
  const gst = Math.round(taxablePaise * 0.09);
  const totalPaise = taxablePaise + 2 * gst;
  const invoiceNumber = `MED/26-27/${String(n).padStart(6, '0')}`;
  return {
    invoiceId: uuid(100 + n),
    invoiceNumber,
    month,
    invoiceDate: `${month.slice(0, 5)}${String(Number(month.slice(5)) + 1).padStart(2, '0')}-01`,
    subscriptionPlan: 'Stockist Standard',
    planPaise: 99900,
    deliveries,
    freeDeliveries,
    billableDeliveries: billable,
    perDeliveryPaise: 1500,
    deliveryPaise,
    taxablePaise,
    cgstPaise: gst,
    sgstPaise: gst,
    igstPaise: 0,
    totalPaise,
    status,
    paidOn: status === 'PAID' ? '2026-10-05' : null,
    utr: status === 'PAID' ? '612345678901' : null,
    pay: { ...PROVIDER, upiLink: upiPayLink({ pa: PROVIDER.vpa, pn: PROVIDER.payeeName, amountPaise: totalPaise, tr: invoiceNumber }) },
  };
}

// November: 40 deliveries, 10 free → 30 × ₹15 = ₹450 + plan ₹999 = ₹1,449 taxable, 9% + 9% GST.
const NOVEMBER = invoice(2, '2026-11', 'UNPAID', 40, 10);
const OCTOBER = invoice(1, '2026-10', 'PAID', 12, 12);
const YESTERDAY = todayIst(new Date(Date.now() - 86_400_000));
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

describe('Medico invoices', () => {
  let downloads: ReturnType<typeof recordDownloads>;
  beforeEach(() => (downloads = recordDownloads()));
  afterEach(() => {
    downloads.restore();
    resetFakeApi();
  });

  function billingApi() {
    let items = [NOVEMBER, OCTOBER];
    const list = (): ProviderInvoiceList => ({ items, page: 0, pageSize: 12, totalResults: 2, duePaise: items.filter((i) => i.status === 'UNPAID').reduce((s, i) => s + i.totalPaise, 0) });
    return paymentsApi({
      [`GET ${PAYMENTS_PATHS.providerInvoices}`]: () => success(list()),
      [`GET ${PAYMENTS_PATHS.providerInvoiceQr(NOVEMBER.invoiceId)}`]: png,
      [`GET ${PAYMENTS_PATHS.providerInvoicePdf(NOVEMBER.invoiceId)}`]: () => file('%PDF-1.4', 'application/pdf'),
      [`POST ${PAYMENTS_PATHS.payProviderInvoice(NOVEMBER.invoiceId)}`]: (r) => {
        const { utr, paidOn } = r.body as { utr: string; paidOn: string };
        if (utr === '612345678901') return failure(409, 'E0009', 'This UTR is already recorded');
        const paid = { ...NOVEMBER, status: 'PAID' as const, utr, paidOn };
        items = [paid, OCTOBER];
        return success(paid);
      },
    });
  }

  it('lists the invoices with number, date, deliveries, total, plan and status, and the total due', async () => {
    const requests = billingApi();
    renderAt('/app', 'billing/invoices', withProviders(<App />));
    const table = await screen.findByRole('table', { name: 'Medico invoices' });
    await within(table).findByText(NOVEMBER.invoiceNumber);
    const [nov, oct] = within(table).getAllByRole('row').slice(1);
    expect(cells(nov!).slice(0, 6)).toEqual([NOVEMBER.invoiceNumber, '01/12/2026', '40', '₹1,709.82', 'Stockist Standard', 'Unpaid']);
    expect(cells(oct!).slice(0, 6)).toEqual([OCTOBER.invoiceNumber, '01/11/2026', '12', '₹1,178.82', 'Stockist Standard', 'Paid 05/10/2026']);
    expect(within(nov!).getByRole('button', { name: `Pay ${NOVEMBER.invoiceNumber}` })).toBeInTheDocument();
    expect(within(oct!).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Total due' })).toHaveTextContent('Total due: ₹1,709.82');
    expect(requests.find((r) => r.path === PAYMENTS_PATHS.providerInvoices)?.params).toEqual({ page: 0, pageSize: 12 });
  });

  it('shows the breakdown of an invoice under its row', async () => {
    billingApi();
    renderAt('/app', 'billing/invoices', withProviders(<App />));
    const toggle = await screen.findByRole('button', { name: `Show the breakdown of ${NOVEMBER.invoiceNumber}` });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const breakdown = screen.getByLabelText(`Breakdown of ${NOVEMBER.invoiceNumber}`);
    expect(breakdown).toHaveTextContent('Billed forNovember 2026');
    expect(breakdown).toHaveTextContent('Subscription planStockist Standard · ₹999.00');
    expect(breakdown).toHaveTextContent('Free deliveries (referrals)10');
    expect(breakdown).toHaveTextContent('Billable deliveries30 × ₹15.00 = ₹450.00');
    expect(breakdown).toHaveTextContent('Taxable value₹1,449.00CGST₹130.41SGST₹130.41Total₹1,709.82');
  });

  it('opens the invoice PDF', async () => {
    const requests = billingApi();
    renderAt('/app', 'billing/invoices', withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: `Open invoice ${NOVEMBER.invoiceNumber}` }));
    await waitFor(() => expect(downloads.files.map((f) => f.name)).toEqual(['MED-26-27-000002.pdf']));
    expect(requests.some((r) => r.path === PAYMENTS_PATHS.providerInvoicePdf(NOVEMBER.invoiceId))).toBe(true);
  });

  it('pays an unpaid invoice: QR, VPA, amount and UPI link, then the UTR is sent and the list refreshed', async () => {
    const requests = billingApi();
    renderAt('/app', 'billing/invoices', withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: `Pay ${NOVEMBER.invoiceNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: `Pay invoice ${NOVEMBER.invoiceNumber}` });
    expect(await within(dialog).findByRole('img', { name: `UPI QR code to pay ${NOVEMBER.invoiceNumber}` })).toBeInTheDocument();
    const payTo = within(dialog).getByLabelText('Pay to');
    expect(payTo).toHaveTextContent('Pay toMedico B2B TechnologiesUPI IDmedicob2b@okaxisAmount₹1,709.82');
    expect(within(dialog).getByRole('link', { name: 'Open in UPI app' })).toHaveAttribute('href', NOVEMBER.pay.upiLink);
    expect(within(dialog).getByLabelText(`Breakdown of ${NOVEMBER.invoiceNumber}`)).toHaveTextContent('Billable deliveries30');
    expect(within(dialog).getByLabelText('Paid on')).toHaveValue(todayIst());

    const utr = within(dialog).getByLabelText('UPI reference (UTR)');
    await userEvent.type(utr, '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('The UPI reference (UTR) is the 12-digit number in the payment app')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    // A UTR already used is refused on the field.
    await userEvent.clear(utr);
    await userEvent.type(utr, '612345678901');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(utr).toHaveAccessibleDescription('This UTR is already recorded'));

    await userEvent.clear(utr);
    await userEvent.type(utr, '698765432101');
    const paidOn = within(dialog).getByLabelText('Paid on');
    await userEvent.clear(paidOn);
    // A date in the future is refused before anything is sent.
    await userEvent.type(paidOn, '2999-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('The date cannot be in the future')).toBeInTheDocument();
    await userEvent.clear(paidOn);
    await userEvent.type(paidOn, YESTERDAY);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { utr: '612345678901', paidOn: todayIst() },
      { utr: '698765432101', paidOn: YESTERDAY },
    ]);
    const table = screen.getByRole('table', { name: 'Medico invoices' });
    await waitFor(() => expect(within(table).getByText(`Paid ${ddmmyyyy(YESTERDAY)}`)).toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Total due' })).toHaveTextContent('Total due: ₹0.00');
  });

  it('says when there are no invoices yet', async () => {
    paymentsApi({ [`GET ${PAYMENTS_PATHS.providerInvoices}`]: ok({ items: [], page: 0, pageSize: 12, totalResults: 0, duePaise: 0 }) });
    renderAt('/app', 'billing/invoices', withProviders(<App />));
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });
});

describe('UPI details', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:qr');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(resetFakeApi);

  it('shows the default account with its bank account, IFSC and QR code, the others counted', async () => {
    paymentsApi({ [`GET ${PAYMENTS_PATHS.accounts}`]: ok([SPARE, MAIN]), [`GET ${PAYMENTS_PATHS.accountQr(MAIN.id)}`]: png });
    renderAt('/app', 'billing/upi-account', withProviders(<App />));
    const card = await screen.findByRole('region', { name: 'Default UPI account' });
    expect(card).toHaveTextContent('Account nameAgarwal Pharma DistributorsUPI IDagarwalpharma@okhdfcbankBank account50200012345678IFSCHDFC0001234');
    expect(await within(card).findByRole('img', { name: `UPI QR code for ${MAIN.vpa}` })).toHaveAttribute('src', 'blob:qr');
    expect(within(card).getByText('You have 1 other UPI account.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Manage UPI accounts' })).toHaveAttribute('href', '/app/payments/upi/accounts');
  });

  it('links to adding one when there is none', async () => {
    paymentsApi({ [`GET ${PAYMENTS_PATHS.accounts}`]: ok([]) });
    renderAt('/app', 'billing/upi-account', withProviders(<App />));
    expect(await screen.findByText('No UPI account yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add UPI account' })).toHaveAttribute('href', '/app/payments/upi/accounts/add');
  });
});
