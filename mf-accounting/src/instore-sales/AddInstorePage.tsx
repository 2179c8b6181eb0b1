import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Button, ButtonLink, Card, DataTable, EmptyState, Select, Stack, TextInput, type DataTableColumn } from 'shared-ui';
import { discardDraft, newDraftId, useDraft, type DraftLine } from './instore-api';

/**
 * sales/add-instore/:id — the bill being made. `new` starts a draft and moves to its id; the draft (buyer and lines)
 * is kept in this browser until it is issued or discarded, so add-items and preview are separate screens.
 */
export function AddInstorePage() {
  const { id = 'new' } = useParams();
  if (id === 'new') return <Navigate to={`/sales/add-instore/${newDraftId()}`} replace />;
  return <DraftBill id={id} />;
}

function DraftBill({ id }: { id: string }) {
  const navigate = useNavigate();
  const [draft, update] = useDraft(id);

  const columns: DataTableColumn<DraftLine & { key: string }>[] = [
    { key: 'productName', header: 'Product' },
    { key: 'batchLabel', header: 'Batch', render: (l) => l.batchLabel ?? 'First expiry first' },
    { key: 'quantity', header: 'Qty', align: 'right' },
    { key: 'discountBp', header: 'Discount', align: 'right', render: (l) => (l.discountBp ? `${l.discountBp / 100} %` : '—') },
    {
      key: 'remove',
      header: '',
      render: (l) => (
        <Button type="button" size="sm" variant="ghost" aria-label={`Remove ${l.productName}`} onClick={() => update((d) => ({ ...d, lines: d.lines.filter((_, i) => `${i}` !== l.key) }))}>
          Remove
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Card title="Buyer">
        <Stack gap="sm">
          <label htmlFor="buyer-kind">Bill to</label>
          <Select
            id="buyer-kind"
            value={draft.buyerKind}
            options={[
              { value: 'WALK_IN', label: 'Walk-in buyer' },
              { value: 'PARTY', label: 'Connected party' },
            ]}
            onChange={(e) => update((d) => ({ ...d, buyerKind: e.target.value as 'WALK_IN' | 'PARTY' }))}
          />
          {draft.buyerKind === 'WALK_IN' ? (
            <>
              <label htmlFor="walk-in-name">Name (optional)</label>
              <TextInput id="walk-in-name" value={draft.walkInName} maxLength={100} onChange={(e) => update((d) => ({ ...d, walkInName: e.target.value }))} />
              <label htmlFor="walk-in-mobile">Mobile (optional)</label>
              <TextInput id="walk-in-mobile" value={draft.walkInMobile} inputMode="numeric" maxLength={10} onChange={(e) => update((d) => ({ ...d, walkInMobile: e.target.value.replace(/\D/g, '') }))} />
            </>
          ) : (
            <>
              <label htmlFor="party-code">Party code</label>
              <TextInput id="party-code" value={draft.partyUnitCode} placeholder="e.g. RTL-MUM-001" onChange={(e) => update((d) => ({ ...d, partyUnitCode: e.target.value }))} />
            </>
          )}
        </Stack>
      </Card>
      <Card title="Items" actions={<ButtonLink to={`/sales/instore-add/${id}`} variant="secondary" size="sm">Add items</ButtonLink>}>
        {draft.lines.length ? (
          <DataTable label="Bill items" columns={columns} rows={draft.lines.map((l, i) => ({ ...l, key: `${i}` }))} rowKey="key" pageSize={Math.max(draft.lines.length, 1)} />
        ) : (
          <EmptyState title="No items yet" message="Search products by name or scan a barcode under “Add items”." />
        )}
      </Card>
      <Stack direction="row" gap="sm">
        <ButtonLink to={`/sales/add-instore/preview/${id}`} aria-disabled={!draft.lines.length} onClick={(e) => !draft.lines.length && e.preventDefault()}>
          Preview
        </ButtonLink>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            discardDraft(id);
            navigate('/sales/instore');
          }}
        >
          Discard bill
        </Button>
      </Stack>
    </Stack>
  );
}
