import { useState } from 'react';
import type { DuplicateGroup } from 'shared-api';
import { Button, Card, ConfirmDialog, DataTable, EmptyState, ErrorPanel, Spinner, Stack, formatNumber, toast, type DataTableColumn } from 'shared-ui';
import { useIsStaff } from '../recalls/recalls-api';
import { mergeProducts, useDuplicates } from './catalogue-api';

type Member = DuplicateGroup['products'][number];

const columns = (survivorId: string): DataTableColumn<Member>[] => [
  { key: 'name', header: 'Product', render: (p) => (p.productId === survivorId ? `${p.name} (kept)` : p.name) },
  { key: 'pack', header: 'Pack', render: (p) => p.pack },
  { key: 'manufacturer', header: 'Manufacturer', render: (p) => p.manufacturer },
  { key: 'hsn', header: 'HSN', render: (p) => p.hsn ?? '' },
  { key: 'holders', header: 'Holders', render: (p) => formatNumber(p.holders) },
  { key: 'batches', header: 'Batches', render: (p) => formatNumber(p.batches) },
];

const label = (p: Member) => `${p.name} (${p.pack}, ${p.manufacturer})`;

/**
 * Issue 36: back-office staff merge duplicates in the product master. Each group is what the catalogue takes for one
 * product, the one kept first (most stock holders, then oldest); merging moves the others' stock, open orders and
 * history to it, and their names stay as aliases buyers still find it by. Issued invoices keep the old name.
 */
export function DuplicatesPage() {
  const staff = useIsStaff();
  const duplicates = useDuplicates(staff);
  const [merging, setMerging] = useState<DuplicateGroup | null>(null);

  if (staff === false) return <EmptyState title="Back office only" message="Merging duplicates in the product master is for the provider's staff." />;
  if (duplicates.error) return <ErrorPanel title="Duplicates could not be loaded" message={duplicates.error.message} onRetry={() => void duplicates.mutate()} />;
  if (!duplicates.data) return <Spinner />;
  const { groups } = duplicates.data;
  if (!groups.length) return <EmptyState title="No duplicates" message="Every product in the master is listed once." />;

  async function merge(group: DuplicateGroup) {
    const [survivor, ...others] = group.products;
    const result = await mergeProducts({ survivorId: survivor!.productId, duplicateIds: others.map((p) => p.productId) });
    setMerging(null);
    toast.success({
      title: 'Products merged',
      message: `${others.length} merged into ${survivor!.name}: ${formatNumber(result.batchesMoved)} batches moved, ${formatNumber(result.batchesCombined)} combined.`,
    });
    await duplicates.mutate();
  }

  return (
    <Stack>
      <p>{`${formatNumber(groups.length)} groups of products the catalogue takes for one. The first of each is kept; merging moves the others' stock, open orders and history to it.`}</p>
      {groups.map((group) => {
        const survivor = group.products[0]!;
        return (
          <Card
            key={group.groupKey}
            title={label(survivor)}
            actions={
              <Button type="button" size="sm" onClick={() => setMerging(group)}>
                {`Merge into ${survivor.name}`}
              </Button>
            }
          >
            <DataTable label={`Duplicates of ${survivor.name}`} columns={columns(survivor.productId)} rows={group.products} rowKey="productId" />
          </Card>
        );
      })}
      <ConfirmDialog
        open={merging !== null}
        title={merging ? `Merge into ${merging.products[0]!.name}?` : ''}
        message={
          merging && (
            <>
              <p>{`${merging.products.slice(1).map(label).join('; ')} will be merged into ${label(merging.products[0]!)}.`}</p>
              <p>Their batches, open orders, carts and recalls move to it, and buyers searching their names find it. Invoices already issued keep the old names. This cannot be undone.</p>
            </>
          )
        }
        confirmLabel="Merge"
        variant="danger"
        onConfirm={() => (merging ? merge(merging) : undefined)}
        onCancel={() => setMerging(null)}
      />
    </Stack>
  );
}
