import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECALL_PATHS } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { CurrentAddress, renderAt } from 'shared-auth/testing/route-table';
import { App } from '../routes';
import { DOLO_ID, DOLO_KIDS_ID, RECALL, RECALL_ID, recallState, recallsApi, type RecallState } from './recalls.test-kit';

const STAFF_ACCOUNT = { ...OWNER_ACCOUNT, customerType: 'MANUFACTURER' as const, tradeName: 'Medico back office', unitCode: 'MEDICO-OPS' };

function show(path: string, state: RecallState, account = OWNER_ACCOUNT, rest?: (r: FakeRequest) => ReturnType<typeof success>) {
  const requests = installFakeApi(withAccount(account, recallsApi(state, rest)));
  renderAt(
    '/app',
    path,
    withProviders(
      <>
        <App />
        <CurrentAddress />
      </>,
    ),
  );
  return requests;
}

describe('stocks/recalls (list)', () => {
  afterEach(resetFakeApi);

  it('lists the active recalls reaching the unit with its part, and the status filter asks the server', async () => {
    const requests = show('stocks/recalls', recallState());
    const table = await screen.findByRole('table', { name: 'Recalls' });
    expect(await within(table).findByRole('link', { name: 'RC-000004' })).toHaveAttribute('href', `/app/stocks/recalls/${RECALL_ID}`);
    expect(within(table).getByText('Not of standard quality')).toBeInTheDocument();
    expect(within(table).getByText('Active: do not sell')).toBeInTheDocument();
    expect(within(table).getByText('120 units held, 100 in quarantine')).toBeInTheDocument();
    expect(requests.find((r) => r.path === RECALL_PATHS.list)?.params).toMatchObject({ status: 'ACTIVE', page: 0 });

    fireEvent.change(screen.getByLabelText('Show recalls'), { target: { value: 'LIFTED' } });
    expect(await within(table).findByText('No recalls.')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveTextContent('/stocks/recalls?status=LIFTED');
    expect(requests.some((r) => r.path === RECALL_PATHS.list && r.params?.status === 'LIFTED')).toBe(true);
  });

  it('offers a stockist "Raise a recall" but not the import, and staff both', async () => {
    show('stocks/recalls', recallState());
    expect(await screen.findByRole('link', { name: 'Raise a recall' })).toHaveAttribute('href', '/app/stocks/recalls/new');
    await screen.findByRole('table', { name: 'Recalls' });
    expect(screen.queryByRole('link', { name: "Import regulator's list" })).not.toBeInTheDocument();
    resetFakeApi();

    show('stocks/recalls', recallState({ staff: true }), STAFF_ACCOUNT);
    expect(await screen.findByRole('link', { name: "Import regulator's list" })).toHaveAttribute('href', '/app/stocks/recalls/import');
    expect(screen.getByRole('link', { name: 'Raise a recall' })).toBeInTheDocument();
  });

  it.each(['RETAILER', 'HOSPITAL'] as const)('a %s sees its recalls but raises none', async (customerType) => {
    show('stocks/recalls', recallState(), { ...OWNER_ACCOUNT, customerType });
    expect(await screen.findByRole('table', { name: 'Recalls' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Raise a recall' })).not.toBeInTheDocument();
    resetFakeApi();
    show('stocks/recalls/new', recallState(), { ...OWNER_ACCOUNT, customerType });
    expect(await screen.findByRole('alert')).toHaveTextContent('Stockists raise recalls of stock they distribute');
  });

  it('a season boy keeps no stock: no recalls screen', async () => {
    show('stocks/recalls', recallState(), { ...OWNER_ACCOUNT, customerType: 'SEASON_BOY' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Recalls are for stock keepers and manufacturers.');
  });
});

describe('stocks/recalls/new (raise)', () => {
  afterEach(resetFakeApi);

  const candidates = {
    candidates: [
      { productId: DOLO_ID, name: 'Dolo 650 Tablet', manufacturer: 'Micro Labs', pack: '15 Tab', holders: 3 },
      { productId: DOLO_KIDS_ID, name: 'Dolo 650 Kid Tablet', manufacturer: 'Micro Labs', pack: '10 Tab', holders: 1 },
    ],
    exact: false,
  };

  function raiseApi(request: FakeRequest) {
    if (request.method === 'GET' && request.path === RECALL_PATHS.products) return success(candidates);
    if (request.method === 'POST' && request.path === RECALL_PATHS.list) return success(RECALL);
    return failure(404, 'E0002', 'Not found');
  }

  it('refuses an incomplete form with the contract messages and sends nothing', async () => {
    const requests = show('stocks/recalls/new', recallState(), OWNER_ACCOUNT, raiseApi);
    await userEvent.click(await screen.findByRole('button', { name: 'Raise recall' }));
    expect(await screen.findByText('Find the product and choose it')).toBeInTheDocument();
    expect(screen.getByText('Enter the batch numbers')).toBeInTheDocument();
    expect(screen.getByText('Choose why the batch is recalled')).toBeInTheDocument();
    expect(screen.getByText('Choose what holders must do')).toBeInTheDocument();
    expect(screen.getByText('Enter the notice number')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('asks which product an ambiguous name means, then raises after confirming and opens the recall', async () => {
    const requests = show('stocks/recalls/new', recallState(), OWNER_ACCOUNT, raiseApi);
    await userEvent.type(await screen.findByLabelText('Product name (as the notice prints it)'), 'dolo 650');
    await userEvent.type(screen.getByLabelText('Manufacturer'), 'micro');
    await userEvent.click(screen.getByRole('button', { name: 'Find product' }));
    const which = await screen.findByRole('group', { name: 'Which product does the notice mean?' });
    expect(requests.find((r) => r.path === RECALL_PATHS.products)?.params).toEqual({ name: 'dolo 650', manufacturer: 'micro' });
    await userEvent.click(within(which).getByLabelText('Dolo 650 Tablet (15 Tab) · Micro Labs · 3 holders'));

    await userEvent.type(screen.getByLabelText('Batch numbers'), 'dol26a101,\n DOL-26 A102');
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'NSQ');
    await userEvent.selectOptions(screen.getByLabelText('What holders must do'), 'RETURN_TO_SUPPLIER');
    await userEvent.type(screen.getByLabelText('Notice number'), 'CDSCO/NSQ/2026/11');
    fireEvent.change(screen.getByLabelText('Notice date'), { target: { value: '2026-11-20' } });
    await userEvent.click(screen.getByRole('button', { name: 'Raise recall' }));

    const dialog = await screen.findByRole('dialog', { name: 'Raise this recall?' });
    expect(dialog).toHaveTextContent('Batches dol26a101, DOL-26 A102 stop selling everywhere');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise recall' }));

    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveTextContent(`/stocks/recalls/${RECALL_ID}`));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      productId: DOLO_ID,
      batchNos: ['dol26a101', 'DOL-26 A102'],
      expiryUpTo: null,
      reason: 'NSQ',
      action: 'RETURN_TO_SUPPLIER',
      source: { noticeNumber: 'CDSCO/NSQ/2026/11', noticeDate: '2026-11-20', letterDocumentId: null },
      note: null,
    });
  });

  it('takes every batch up to an expiry and the manufacturer’s letter, uploading the letter first', async () => {
    const requests = show('stocks/recalls/new', recallState(), { ...OWNER_ACCOUNT, customerType: 'MANUFACTURER' }, (request) => {
      if (request.path === RECALL_PATHS.products) return success({ candidates: candidates.candidates.slice(0, 1), exact: true });
      if (request.path === RECALL_PATHS.list) return success(RECALL);
      return failure(404, 'E0002', 'Not found');
    });
    await userEvent.type(await screen.findByLabelText('Product name (as the notice prints it)'), 'Dolo 650 Tablet');
    await userEvent.click(screen.getByRole('button', { name: 'Find product' }));
    expect(await screen.findByText('Dolo 650 Tablet (15 Tab) · Micro Labs · 3 holders')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('All batches expiring up to a day'));
    fireEvent.change(screen.getByLabelText('Expiring up to'), { target: { value: '2027-03-31' } });
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'MANUFACTURER_RECALL');
    await userEvent.selectOptions(screen.getByLabelText('What holders must do'), 'QUARANTINE');
    await userEvent.click(screen.getByLabelText("Manufacturer's letter (PDF)"));
    await userEvent.click(screen.getByRole('button', { name: 'Raise recall' }));
    expect(await screen.findByText("Upload the manufacturer's letter (PDF), or give the notice number and date")).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText("Manufacturer's letter"), new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Raise recall' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Raise recall' }));
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveTextContent(`/stocks/recalls/${RECALL_ID}`));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual([RECALL_PATHS.documents, RECALL_PATHS.list]);
    expect((posts[0]!.body as FormData).get('kind')).toBe('LETTER');
    expect(posts[1]!.body).toMatchObject({
      productId: DOLO_ID,
      batchNos: [],
      expiryUpTo: '2027-03-31',
      source: { noticeNumber: null, noticeDate: null, letterDocumentId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc' },
    });
  });

  it('shows the API’s refusal in the confirmation', async () => {
    show('stocks/recalls/new', recallState(), OWNER_ACCOUNT, (request) => {
      if (request.path === RECALL_PATHS.products) return success({ candidates: candidates.candidates.slice(0, 1), exact: true });
      return failure(400, 'E0001', 'A stockist recalls only products it holds or has held');
    });
    await userEvent.type(await screen.findByLabelText('Product name (as the notice prints it)'), 'Dolo 650 Tablet');
    await userEvent.click(screen.getByRole('button', { name: 'Find product' }));
    await screen.findByText(/Matched:/);
    await userEvent.type(screen.getByLabelText('Batch numbers'), 'B1');
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'VOLUNTARY');
    await userEvent.selectOptions(screen.getByLabelText('What holders must do'), 'QUARANTINE');
    await userEvent.type(screen.getByLabelText('Notice number'), 'N-1');
    fireEvent.change(screen.getByLabelText('Notice date'), { target: { value: '2026-11-20' } });
    await userEvent.click(screen.getByRole('button', { name: 'Raise recall' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise recall' }));
    expect(await within(dialog).findByText('A stockist recalls only products it holds or has held')).toBeInTheDocument();
  });
});

describe('stocks/recalls/:id (recall page)', () => {
  afterEach(resetFakeApi);

  it('shows the recall, the unit’s trace both ways with walk-in sales, and the network by district', async () => {
    show(`stocks/recalls/${RECALL_ID}`, recallState());
    expect(await screen.findByRole('heading', { name: 'RC-000004: Dolo 650 Tablet' })).toBeInTheDocument();
    expect(screen.getByText('Notice CDSCO/NSQ/2026/11 of 20/11/2026')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Across the network')).getByLabelText('Holders told')).toHaveTextContent('3');

    expect(await screen.findByText('120 units still on your shelves.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Received' })).getByText('Purchase bill ML/2026/0042')).toBeInTheDocument();
    const sold = screen.getByRole('table', { name: 'Sold' });
    expect(within(sold).getByText('Sharma Medical Stores')).toBeInTheDocument();
    expect(within(sold).getByText('Invoice INV/26-27/000017')).toBeInTheDocument();
    expect(screen.getByText(/20 units sold over the counter in 4 sales without a party/)).toBeInTheDocument();
    expect(screen.getByText(/20 units came from stock uploads or bills keyed in by hand/)).toBeInTheDocument();

    const districts = await screen.findByRole('table', { name: 'By district' });
    expect(within(districts).getByText('Nashik')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Units on shelves by day' })).toBeInTheDocument();
    // A stockist that did not raise a staff recall does not lift it.
    expect(screen.queryByRole('button', { name: 'Lift recall' })).not.toBeInTheDocument();
  });

  it('leaves the network view out for a unit the API refuses it to', async () => {
    const requests = show(`stocks/recalls/${RECALL_ID}`, recallState({ network: null }));
    await screen.findByRole('table', { name: 'Sold' });
    await waitFor(() => expect(requests.some((r) => r.path === RECALL_PATHS.network(RECALL_ID))).toBe(true));
    expect(screen.queryByRole('table', { name: 'By district' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('returns the quarantined units to the supplier after confirming, and lists the debit notes', async () => {
    const requests = show(`stocks/recalls/${RECALL_ID}`, recallState());
    await userEvent.click(await screen.findByRole('button', { name: 'Return 80 units to supplier' }));
    const dialog = screen.getByRole('dialog', { name: 'Return to supplier?' });
    expect(dialog).toHaveTextContent('at the price you bought them');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return to supplier' }));
    const notes = await screen.findByRole('table', { name: 'Debit notes issued' });
    expect(within(notes).getByText('DN/26-27/000003')).toBeInTheDocument();
    expect(within(notes).getByText('₹1,935.20')).toBeInTheDocument();
    expect(screen.getByText('20 units left in quarantine that no platform bill brought in.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([RECALL_PATHS.returnToSupplier(RECALL_ID)]);
    // The trace is read again: nothing more to return.
    await waitFor(() => expect(screen.queryByRole('button', { name: /to supplier$/ })).not.toBeInTheDocument());
  });

  it('asks the buyers to return theirs', async () => {
    const requests = show(`stocks/recalls/${RECALL_ID}`, recallState());
    await userEvent.click(await screen.findByRole('button', { name: 'Ask 1 buyer to return' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Ask your buyers to return?' })).getByRole('button', { name: 'Ask buyers' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ask 1 buyer to return' })).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'POST' && r.path === RECALL_PATHS.askBuyers(RECALL_ID))).toBe(true);
  });

  it('marks the quarantine destroyed only with a certificate', async () => {
    const requests = show(`stocks/recalls/${RECALL_ID}`, recallState());
    await userEvent.click(await screen.findByRole('button', { name: 'Mark destroyed' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark destroyed' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark 100 units destroyed' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Upload the destruction certificate first.');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.upload(within(dialog).getByLabelText('Destruction certificate'), new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark 100 units destroyed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual([RECALL_PATHS.documents, RECALL_PATHS.destroyed(RECALL_ID)]);
    expect((posts[0]!.body as FormData).get('kind')).toBe('DESTRUCTION_CERTIFICATE');
    expect(posts[1]!.body).toEqual({ certificateDocumentId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc' });
  });

  it('lets staff lift it with a reason; the page then shows it lifted and offers no more actions', async () => {
    const requests = show(`stocks/recalls/${RECALL_ID}`, recallState({ staff: true }), STAFF_ACCOUNT);
    await userEvent.click(await screen.findByRole('button', { name: 'Lift recall' }));
    const dialog = screen.getByRole('dialog', { name: 'Lift RC-000004?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lift recall' }));
    expect(await within(dialog).findByText('Say why the recall is lifted (for example: cleared on retest)')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Why is it lifted?'), 'Cleared on retest');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lift recall' }));
    expect(await screen.findByText(/: Cleared on retest/)).toBeInTheDocument();
    expect(screen.getByText('Lifted', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark destroyed' })).not.toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'Cleared on retest' });
  });

  it('lets the unit that raised it lift it', async () => {
    show(`stocks/recalls/${RECALL_ID}`, recallState({ recall: { ...RECALL, raisedBy: { kind: 'STOCKIST', unitName: OWNER_ACCOUNT.tradeName }, mine: { ...RECALL.mine, raisedByMe: true } } }));
    expect(await screen.findByRole('button', { name: 'Lift recall' })).toBeInTheDocument();
  });

  it('a made-up id: the not-found state with a way back', async () => {
    installFakeApi(withAccount(OWNER_ACCOUNT, () => failure(404, 'E0002', 'Not found')));
    renderAt('/app', 'stocks/recalls/6f1d2c3b-4a59-4e8d-9c7b-0a1b2c3d4e5f', withProviders(<App />));
    expect(await screen.findByRole('heading', { name: 'No such recall' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Recalls' })).toHaveAttribute('href', '/app/stocks/recalls');
  });
});
