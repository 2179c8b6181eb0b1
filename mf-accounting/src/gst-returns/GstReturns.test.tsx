import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOOKS_PATHS, type Gstr1Summary, type Gstr3b } from 'shared-api';
import { failure, resetFakeApi, withProviders } from 'shared-auth/testing/fake-api';
import { renderAt } from 'shared-auth/testing/route-table';
import { getToasts } from 'shared-ui';
import { App } from '../routes';
import { booksApi, cells, file, ok, recordDownloads } from '../books-common/testing';

const nil = { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 };

const GSTR1: Gstr1Summary = {
  month: '2026-11',
  gstin: '27AAAAA0000A1Z5',
  sections: [
    { section: 'b2b', documents: 2, taxablePaise: 169500, igstPaise: 9900, cgstPaise: 5220, sgstPaise: 5220 },
    { section: 'b2cs', documents: 1, taxablePaise: 4500, igstPaise: 0, cgstPaise: 270, sgstPaise: 270 },
    { section: 'cdnur', documents: 1, taxablePaise: 1250000, igstPaise: 150000, cgstPaise: 0, sgstPaise: 0 },
  ],
  invoiceTotals: { count: 3, taxablePaise: 174000, taxPaise: 20880, totalPaise: 194880 },
  problems: ['Invoice INV/26-27/000003 has no HSN code'],
  gstr1: { gstin: '27AAAAA0000A1Z5', fp: '112026', version: 'GST3.2.4', hash: 'hash', b2b: [], b2cl: [], b2cs: [], cdnr: [], cdnur: [], hsn: { hsn_b2b: [], hsn_b2c: [] }, doc_issue: { doc_det: [] } },
};

const GSTR3B: Gstr3b = {
  month: '2026-11',
  gstin: '27AAAAA0000A1Z5',
  outwardTaxable: { taxablePaise: 174000, igstPaise: 9900, cgstPaise: 5490, sgstPaise: 5490, cessPaise: 0 },
  outwardNilExempt: nil,
  inwardReverseCharge: nil,
  interStateUnregistered: [{ placeOfSupply: '24', taxablePaise: 10000, igstPaise: 1200 }],
  itcAvailable: { taxablePaise: 100000, igstPaise: 0, cgstPaise: 3000, sgstPaise: 3000, cessPaise: 0 },
  itcReversed: nil,
  itcNet: { taxablePaise: 100000, igstPaise: 0, cgstPaise: 3000, sgstPaise: 3000, cessPaise: 0 },
  itcIneligible: { taxablePaise: 100000, igstPaise: 12000, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 },
  ineligibleBills: [
    {
      billId: 'b-1',
      billNumber: 'GPT/101',
      supplierName: 'Gujarat Pharma Traders',
      billDate: '2025-03-10',
      taxablePaise: 100000,
      igstPaise: 12000,
      cgstPaise: 0,
      sgstPaise: 0,
      reason: "Dated 10-03-2025: input tax on it could be claimed only in a return filed by 30-11-2025 (CGST Act s.16(4)); this month's return is filed after that.",
    },
  ],
  inwardNilExempt: { interPaise: 0, intraPaise: 25000 },
  payment: [
    { tax: 'IGST', payablePaise: 9900, paidByItcPaise: 0, cashPaise: 9900 },
    { tax: 'CGST', payablePaise: 5490, paidByItcPaise: 3000, cashPaise: 2490 },
  ],
};

function api() {
  return booksApi({
    [`GET ${BOOKS_PATHS.gstr1}`]: ok(GSTR1),
    [`GET ${BOOKS_PATHS.gstr3b}`]: ok(GSTR3B),
    [`GET ${BOOKS_PATHS.gstr1File}`]: (r) => file(`gstr1 ${String(r.params?.format)}`),
    [`GET ${BOOKS_PATHS.gstr3bFile}`]: (r) => file(`gstr3b ${String(r.params?.format)}`),
    [`GET ${BOOKS_PATHS.tallyExport}`]: () => file('<ENVELOPE/>', 'application/xml'),
  });
}

describe('GST returns', () => {
  afterEach(resetFakeApi);

  it("shows the month's GSTR-1 sections, totals and problems, and GSTR-3B's tables including 6.1", async () => {
    const requests = api();
    renderAt('/app', 'sales/gst-returns?month=2026-11', withProviders(<App />));
    expect(screen.getByRole('heading', { level: 1, name: 'GST Returns' })).toBeInTheDocument();
    const sections = within(await screen.findByRole('table', { name: 'GSTR-1 sections' })).getAllByRole('row').slice(1);
    expect(sections.map(cells)).toEqual([
      ['B2B: invoices to registered buyers (4A)', '2', '₹1,695.00', '₹99.00', '₹52.20', '₹52.20'],
      ['B2C others (7)', '1', '₹45.00', '₹0.00', '₹2.70', '₹2.70'],
      ['Credit notes to unregistered buyers on B2C large invoices (9B)', '1', '₹12,500.00', '₹1,500.00', '₹0.00', '₹0.00'],
    ]);
    expect(screen.getByLabelText('GSTR-1 invoice totals')).toHaveTextContent('Invoices3Taxable value₹1,740.00Tax₹208.80Invoice value₹1,948.80');
    expect(screen.getByRole('alert', { name: 'Problems to fix before filing' })).toHaveTextContent('Invoice INV/26-27/000003 has no HSN code');
    expect(requests.find((r) => r.path === BOOKS_PATHS.gstr1)?.params).toEqual({ month: '2026-11' });

    const payment = within(await screen.findByRole('table', { name: '6.1 Payment of tax' })).getAllByRole('row').slice(1);
    expect(payment.map(cells)).toEqual([
      ['IGST', '₹99.00', '₹0.00', '₹99.00'],
      ['CGST', '₹54.90', '₹30.00', '₹24.90'],
    ]);
    expect(within(screen.getByRole('table', { name: '3.2 Inter-state supplies to unregistered persons' })).getByText('Gujarat (24)')).toBeInTheDocument();
    expect(cells(within(screen.getByRole('table', { name: '4 Eligible ITC' })).getByText('(C) Net ITC available').closest('tr')!)).toEqual(['(C) Net ITC available', '₹1,000.00', '₹0.00', '₹30.00', '₹30.00', '₹0.00']);
    expect(cells(within(screen.getByRole('table', { name: '4 Eligible ITC' })).getByText('(D)(2) Ineligible ITC (section 16(4))').closest('tr')!)).toEqual([
      '(D)(2) Ineligible ITC (section 16(4))',
      '₹1,000.00',
      '₹120.00',
      '₹0.00',
      '₹0.00',
      '₹0.00',
    ]);
    // The bill past the time limit is listed with the reason it is left out of 4(A).
    const ineligible = within(screen.getByRole('table', { name: 'Bills left out of 4(A): past the time limit for input tax' })).getAllByRole('row').slice(1);
    expect(ineligible.map(cells)).toEqual([
      ['GPT/101', 'Gujarat Pharma Traders', '10/03/2025', '₹120.00', '₹0.00', '₹0.00', "Dated 10-03-2025: input tax on it could be claimed only in a return filed by 30-11-2025 (CGST Act s.16(4)); this month's return is filed after that."],
    ]);
    const inward = within(screen.getByRole('table', { name: '5 Exempt, nil-rated and non-GST inward supplies' })).getAllByRole('row').slice(1);
    expect(inward.map(cells)).toEqual([
      ['Exempt and nil-rated', '₹0.00', '₹250.00'],
      ['Non-GST', '₹0.00', '₹0.00'],
    ]);
  });

  it('says so when every bill of the month is within the time limit for input tax', async () => {
    booksApi({ [`GET ${BOOKS_PATHS.gstr1}`]: ok(GSTR1), [`GET ${BOOKS_PATHS.gstr3b}`]: ok({ ...GSTR3B, ineligibleBills: [] }) });
    renderAt('/app', 'sales/gst-returns?month=2026-11', withProviders(<App />));
    expect(await screen.findByText('Every bill received this month is within the time limit for input tax.')).toBeInTheDocument();
  });

  it('downloads the GSTR-1 and GSTR-3B files in each format and the Tally XML for a period, through the API client', async () => {
    const requests = api();
    const downloads = recordDownloads();
    renderAt('/app', 'sales/gst-returns?month=2026-11', withProviders(<App />));
    for (const format of ['JSON', 'CSV', 'XLSX']) await userEvent.click(await screen.findByRole('button', { name: `Download GSTR-1 as ${format}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Download GSTR-3B as JSON' }));
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Export to Tally (XML)' }));
    await waitFor(() => expect(downloads.files).toHaveLength(5));
    expect(downloads.files.map((f) => f.name)).toEqual(['GSTR1-2026-11.json', 'GSTR1-2026-11.csv', 'GSTR1-2026-11.xlsx', 'GSTR3B-2026-11.json', 'Tally-2026-11-01-2026-11-30.xml']);
    const fileRequests = requests.filter((r) => r.path !== BOOKS_PATHS.gstr1 && r.path !== BOOKS_PATHS.gstr3b && r.method === 'GET' && r.path.startsWith('/purchases/gst'));
    expect(fileRequests.map((r) => [r.path, r.params])).toEqual([
      [BOOKS_PATHS.gstr1File, { month: '2026-11', format: 'json' }],
      [BOOKS_PATHS.gstr1File, { month: '2026-11', format: 'csv' }],
      [BOOKS_PATHS.gstr1File, { month: '2026-11', format: 'xlsx' }],
      [BOOKS_PATHS.gstr3bFile, { month: '2026-11', format: 'json' }],
      [BOOKS_PATHS.tallyExport, { from: '2026-11-01', to: '2026-11-30' }],
    ]);
    downloads.restore();
  });

  it('reports a refused download in a toast', async () => {
    booksApi({
      [`GET ${BOOKS_PATHS.gstr1}`]: ok(GSTR1),
      [`GET ${BOOKS_PATHS.gstr3b}`]: ok(GSTR3B),
      [`GET ${BOOKS_PATHS.gstr1File}`]: () => ({ status: 422, data: new Blob([JSON.stringify({ type: 'error', code: 'E0027', message: "The GSTR-1 JSON does not follow the GST portal's format, so it is not handed out: /gstin must match pattern" })], { type: 'application/json' }) }),
    });
    renderAt('/app', 'sales/gst-returns?month=2026-11', withProviders(<App />));
    await userEvent.click(await screen.findByRole('button', { name: 'Download GSTR-1 as JSON' }));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ kind: 'error', title: 'The GSTR-1 file could not be downloaded', message: "The GSTR-1 JSON does not follow the GST portal's format, so it is not handed out: /gstin must match pattern" })]));
  });

  it('says when the summaries cannot be loaded', async () => {
    booksApi({ [`GET ${BOOKS_PATHS.gstr3b}`]: () => failure(400, 'E0001', 'Use YYYY-MM') });
    renderAt('/app', 'sales/gst-returns?month=2026-13', withProviders(<App />));
    expect(await screen.findByText('The GSTR-1 summary could not be loaded')).toBeInTheDocument();
    expect(await screen.findByText('The GSTR-3B figures could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Use YYYY-MM')).toBeInTheDocument();
  });
});
