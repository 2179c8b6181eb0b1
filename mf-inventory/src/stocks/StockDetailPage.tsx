import { useParams } from 'react-router-dom';
import type { StockBatch, StockMovement } from 'shared-api';
import {
  Button,
  ButtonLink,
  Card,
  DataTable,
  ErrorPanel,
  Form,
  FormError,
  NotFoundState,
  Spinner,
  Stack,
  TextField,
  formatDate,
  formatDateTime,
  formatRupees,
  required,
  composeValidators,
  toSubmitErrors,
  toast,
  type DataTableColumn,
} from 'shared-ui';
import { expiryNote } from '../inventory/InventoryListPage';
import { fixProductHsn, useStockDetail } from '../inventory-api';

const KIND_LABELS: Record<StockMovement['kind'], string> = {
  UPLOAD: 'Upload',
  MANUAL_ADD: 'Added by hand',
  ADJUSTMENT: 'Adjustment',
  SALE: 'Sale',
  RETURN: 'Return',
  ORDER: 'Order',
  PURCHASE: 'Purchase bill received',
  PURCHASE_RETURN: 'Returned to supplier',
  OUTWARD: 'Outward entry',
  RECALL: 'Recall (quarantine)',
};

const columns: DataTableColumn<StockMovement>[] = [
  { key: 'at', header: 'When', render: (m) => formatDateTime(m.at) },
  { key: 'kind', header: 'What', render: (m) => KIND_LABELS[m.kind] },
  { key: 'quantityDelta', header: 'Change', align: 'right', render: (m) => (m.quantityDelta > 0 ? `+${m.quantityDelta}` : String(m.quantityDelta)) },
  { key: 'balance', header: 'Stock after', align: 'right' },
  { key: 'note', header: 'Note', render: (m) => m.note ?? '' },
  { key: 'by', header: 'By', render: (m) => m.by ?? '' },
];

const validateHsn = composeValidators(required('HSN is required'), (v: unknown) => (/^\d{4,8}$/.test(String(v).trim()) ? undefined : 'HSN is 4 to 8 digits'));

/**
 * A batch whose product has no HSN with a GST rate on record is not offered for sale (issue 32): the reason, and the
 * fix — the product's HSN (the shared master's; orders of it waiting for a rate are repriced).
 */
function NotForSale({ batch, onFixed }: { batch: StockBatch; onFixed: () => Promise<unknown> }) {
  async function submit(values: { hsn?: string }) {
    try {
      const fixed = await fixProductHsn(batch.productId, { hsn: (values.hsn ?? '').trim() });
      const repriced = fixed.ordersRepriced ? ` ${fixed.ordersRepriced} open order${fixed.ordersRepriced === 1 ? '' : 's'} repriced.` : '';
      toast.success({ title: 'HSN saved', message: `${fixed.productName}: HSN ${fixed.hsn}, GST ${fixed.gstBp / 100} %. Offered for sale again.${repriced}` });
      await onFixed();
      return undefined;
    } catch (error) {
      return toSubmitErrors(error);
    }
  }
  return (
    <Card title="Not offered for sale">
      <Stack gap="md">
        <p style={{ margin: 0 }}>{batch.notForSale}</p>
        <Form<{ hsn?: string }>
          onSubmit={submit}
          render={({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Fix the product's HSN">
              <Stack gap="sm">
                <TextField name="hsn" label="Product HSN" hint="The product's tariff heading, e.g. 3004 or 30049099" inputMode="numeric" validate={validateHsn} />
                <FormError />
                <div>
                  <Button type="submit" loading={submitting}>
                    Save HSN
                  </Button>
                </div>
              </Stack>
            </form>
          )}
        />
      </Stack>
    </Card>
  );
}

/** SPEC.md §2 stocks/{id}: one batch and the movements that explain its stock (on hand = their sum). */
export function StockDetailPage() {
  const { id = '' } = useParams();
  const { data, error, mutate } = useStockDetail(id);
  // A made-up or mistyped id answers 404 like another unit's batch: a not-found state, not a failure to retry.
  if (error && !data && error.status === 404) {
    return (
      <NotFoundState
        what="batch"
        back={
          <ButtonLink to="/stocks/list" variant="secondary">
            Back to Stocks
          </ButtonLink>
        }
      />
    );
  }
  if (error) return <ErrorPanel title="This batch could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner />;
  const b = data.batch;
  const facts: [string, string][] = [
    ['Product', `${b.productName}${b.pack ? ` (${b.pack})` : ''}`],
    ['Manufacturer', b.manufacturer || '—'],
    ['Composition', b.composition ?? '—'],
    ['Batch', b.batchNo],
    ['Expiry', `${formatDate(b.expiryDate)} ${expiryNote(b.daysToExpiry)}`],
    ['Stock', `${b.quantity.toLocaleString('en-IN')} (${b.reserved} reserved for orders)`],
    ['MRP / PTR / PTS', `${formatRupees(b.mrpPaise)} / ${formatRupees(b.ptrPaise)} / ${b.ptsPaise === null ? '—' : formatRupees(b.ptsPaise)}`],
    ['Scheme', b.schemeBuy ? `${b.schemeBuy} + ${b.schemeFree ?? 0} free` : '—'],
    ['HSN / GST', `${b.hsn ?? '—'} / ${b.gstBp === null ? '—' : `${b.gstBp / 100} %`}`],
    ['Warehouse', b.warehouseName],
  ];
  return (
    <Stack gap="lg">
      <Card title={`${b.productName} · ${b.batchNo}`}>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0 }}>
          {facts.map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt style={{ fontWeight: 600 }}>{term}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {b.notForSale ? <NotForSale batch={b} onFixed={() => mutate()} /> : null}
      <Card title="Movement history">
        <DataTable label="Movement history" columns={columns} rows={data.movements} rowKey="id" emptyMessage="No movements." />
      </Card>
    </Stack>
  );
}
