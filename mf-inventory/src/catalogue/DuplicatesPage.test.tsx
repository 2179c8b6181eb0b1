import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CATALOGUE_PATHS, PROFILE_PATHS, type DuplicateGroups } from 'shared-api';
import { OWNER_ACCOUNT, failure, installFakeApi, resetFakeApi, success, withAccount, withProviders, type FakeRequest } from 'shared-auth/testing/fake-api';
import { DuplicatesPage } from './DuplicatesPage';

const STAFF_ACCOUNT = { ...OWNER_ACCOUNT, customerType: 'MANUFACTURER' as const };
const DOLO = { productId: 'p-dolo', name: 'Dolo 650 Tablet', pack: '15 Tab', manufacturer: 'Micro Labs', hsn: '30049099', holders: 4, batches: 9 };
const DOLO_UPLOADED = { productId: 'p-dolo-2', name: "DOLO 650 TAB 15'S", pack: "15'S", manufacturer: 'MICRO LABS', hsn: null, holders: 1, batches: 2 };
const PAN = { productId: 'p-pan', name: 'Pan 40 Tablet', pack: '15 Tab', manufacturer: 'Alkem', hsn: '30049099', holders: 2, batches: 3 };
const PAN_UPLOADED = { productId: 'p-pan-2', name: 'PAN 40 TAB', pack: '1X15', manufacturer: 'Alkem Laboratories', hsn: null, holders: 0, batches: 0 };
const GROUPS: DuplicateGroups = {
  groups: [
    { groupKey: 'dolo 650 tablet|15|micro labs', products: [DOLO, DOLO_UPLOADED] },
    { groupKey: 'pan 40 tablet|15|alkem', products: [PAN, PAN_UPLOADED] },
  ],
};

function api(merged: Set<string>, refuse = false) {
  return (request: FakeRequest) => {
    if (request.path === PROFILE_PATHS.profile) return success({ isStaff: true });
    if (request.path === CATALOGUE_PATHS.duplicates) return success({ groups: GROUPS.groups.filter((g) => !merged.has(g.products[0]!.productId)) });
    if (request.path === CATALOGUE_PATHS.merge) {
      if (refuse) return failure(409, 'E0049', "DOLO 650 TAB 15'S (15'S) was merged before");
      const { survivorId, duplicateIds } = request.body as { survivorId: string; duplicateIds: string[] };
      merged.add(survivorId);
      return success({ survivorId, merged: duplicateIds, batchesMoved: 1, batchesCombined: 1, aliasesAdded: 1 });
    }
    return success({});
  };
}

const page = () => render(withProviders(<MemoryRouter><DuplicatesPage /></MemoryRouter>));

describe('DuplicatesPage', () => {
  afterEach(resetFakeApi);

  it('lists each group with its holders and batches, the one kept first', async () => {
    installFakeApi(withAccount(STAFF_ACCOUNT, api(new Set())));
    page();
    const dolo = await screen.findByRole('table', { name: 'Duplicates of Dolo 650 Tablet' });
    const rows = within(dolo).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Dolo 650 Tablet (kept)', '15 Tab', 'Micro Labs', '30049099', '4', '9'],
      ["DOLO 650 TAB 15'S", "15'S", 'MICRO LABS', '', '1', '2'],
    ]);
    expect(screen.getByRole('table', { name: 'Duplicates of Pan 40 Tablet' })).toBeInTheDocument();
  });

  it('merges a group into the one kept after a confirmation, and the group leaves the list', async () => {
    const requests = installFakeApi(withAccount(STAFF_ACCOUNT, api(new Set())));
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Merge into Dolo 650 Tablet' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent("DOLO 650 TAB 15'S (15'S, MICRO LABS) will be merged into Dolo 650 Tablet (15 Tab, Micro Labs).");
    // Nothing is sent before the confirmation.
    expect(requests.filter((r) => r.path === CATALOGUE_PATHS.merge)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Duplicates of Dolo 650 Tablet' })).not.toBeInTheDocument());
    expect(requests.filter((r) => r.path === CATALOGUE_PATHS.merge).map((r) => r.body)).toEqual([{ survivorId: 'p-dolo', duplicateIds: ['p-dolo-2'] }]);
    expect(screen.getByRole('table', { name: 'Duplicates of Pan 40 Tablet' })).toBeInTheDocument();
  });

  it('shows the refusal in the dialog and keeps the group', async () => {
    installFakeApi(withAccount(STAFF_ACCOUNT, api(new Set(), true)));
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Merge into Dolo 650 Tablet' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Merge' }));
    expect(await within(screen.getByRole('dialog')).findByText("DOLO 650 TAB 15'S (15'S) was merged before")).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Duplicates of Dolo 650 Tablet' })).toBeInTheDocument();
  });

  it('tells a login that is not staff the screen is for the back office', async () => {
    installFakeApi(withAccount(STAFF_ACCOUNT, (request) => (request.path === PROFILE_PATHS.profile ? success({ isStaff: false }) : failure(403, 'E0040', 'Access Denied'))));
    page();
    expect(await screen.findByText('Back office only')).toBeInTheDocument();
  });
});
