import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { ItemMatch } from 'shared-api';
import { CheckProducts, itemPicksOf, type ItemPickState } from './CheckProducts';

const DOLO = { productId: '7f1c3a52-0000-4000-8000-000000000001', name: 'Dolo 650 Tablet', pack: '15 Tab', manufacturer: 'Micro Labs', hsn: '3004', score: 97, reasons: ['same strength and form'] };
const DOLO_10 = { ...DOLO, productId: '7f1c3a52-0000-4000-8000-000000000002', pack: '10 Tab', score: 71, reasons: ['pack 10 vs 15'] };
const base = { itemCode: null, rowNumber: 2, rows: 1 };
const MATCHES: ItemMatch[] = [
  { ...base, itemKey: 'dolo|15|micro', name: 'DOLO 650 TAB', pack: "15'S", manufacturer: 'MICRO LABS', kind: 'CONFIDENT', productId: DOLO.productId, candidates: [DOLO] },
  { ...base, itemKey: 'dolo|strip|micro', itemCode: 'D65', rowNumber: 3, rows: 2, name: 'DOLO 650', pack: 'STRIP', manufacturer: 'MICRO', kind: 'UNCERTAIN', productId: null, candidates: [DOLO, DOLO_10] },
  { ...base, itemKey: 'qwerty', rowNumber: 5, name: 'QWERTYZINE', pack: '10', manufacturer: 'NOBODY', kind: 'NEW', productId: null, candidates: [] },
];

function Harness({ onPicks }: { onPicks: (p: ItemPickState) => void }) {
  const [picks, setPicks] = useState<ItemPickState>({});
  return (
    <CheckProducts
      matches={MATCHES}
      summary={{ items: 3, remembered: 0, exact: 0, confident: 1, uncertain: 1, new: 1 }}
      picks={picks}
      onPick={(itemKey, productId) => {
        const next = { ...picks, [itemKey]: productId };
        setPicks(next);
        onPicks(next);
      }}
    />
  );
}

describe('CheckProducts', () => {
  it('lists the uncertain items with their candidates best first, the matched ones with their product, and takes a pick', () => {
    let picks: ItemPickState = {};
    render(<Harness onPicks={(p) => (picks = p)} />);
    expect(screen.getByText('3 items in the file: 1 matched to the catalogue, 1 to check, 1 new product.')).toBeInTheDocument();
    expect(screen.getByText(/1 item to check.*1 not checked yet: imported as new products/)).toBeInTheDocument();

    const toCheck = screen.getByRole('table', { name: 'Products to check' });
    expect(within(toCheck).getByText('DOLO 650 (STRIP) · MICRO [D65] (2 rows)')).toBeInTheDocument();
    const select = within(toCheck).getByLabelText('Product for DOLO 650');
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Not checked yet: a new product',
      'Dolo 650 Tablet (15 Tab) · Micro Labs — 97% alike: same strength and form',
      'Dolo 650 Tablet (10 Tab) · Micro Labs — 71% alike: pack 10 vs 15',
      'None of these: create a new product',
    ]);

    const matched = screen.getByRole('table', { name: 'Products matched' });
    expect(within(matched).getByRole('row', { name: /DOLO 650 TAB/ })).toHaveTextContent('MatchedDolo 650 Tablet (15 Tab) · Micro Labs');
    expect(within(matched).getByRole('row', { name: /QWERTYZINE/ })).toHaveTextContent('New productCreated on import');

    fireEvent.change(select, { target: { value: DOLO.productId } });
    expect(itemPicksOf(picks)).toEqual([{ itemKey: 'dolo|strip|micro', productId: DOLO.productId }]);
    expect(screen.queryByText(/not checked yet: imported/)).toBeNull();
  });
});
