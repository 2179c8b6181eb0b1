import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ACCOUNTING_PATHS, CreateSupplierOrder, MARKETPLACE_PATHS, type SuggestResult, type SupplierOrder } from 'shared-api';
import { api, downloadFile, isApiError } from 'shared-auth';
import { Button, Card, DataTable, Stack, TextInput, formatDate, formatRupees, theme, toast, type DataTableColumn } from 'shared-ui';

const Row = styled.div`
  display: grid;
  grid-template-columns: 3fr 1fr 1fr 1fr auto;
  gap: ${theme.space.sm};
  align-items: end;
`;
const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;

interface Line {
  productId: string;
  label: string;
  search: string;
  hits: SuggestResult['suggestors'];
  quantity: string;
  free: string;
  rate: string;
}
const emptyLine = (): Line => ({ productId: '', label: '', search: '', hits: [], quantity: '', free: '0', rate: '' });

type OrderLine = SupplierOrder['lines'][number];
const COLUMNS: readonly DataTableColumn<OrderLine>[] = [
  { key: 'position', header: '#', align: 'right' },
  { key: 'productName', header: 'Product', render: (l) => `${l.productName} · ${l.pack} · ${l.manufacturer}` },
  { key: 'quantity', header: 'Qty', align: 'right' },
  { key: 'freeQuantity', header: 'Free', align: 'right' },
  { key: 'ratePaise', header: 'Rate', align: 'right', render: (l) => (l.ratePaise === null ? '—' : formatRupees(l.ratePaise)) },
];

function SavedOrder({ order, onAnother }: { order: SupplierOrder; onAnother: () => void }) {
  async function pdf() {
    try {
      await downloadFile(ACCOUNTING_PATHS.supplierOrderPdf(order.orderId), `${order.orderNumber.replace(/\//g, '-')}.pdf`);
    } catch (err) {
      toast.error({ title: 'The PDF could not be downloaded', message: isApiError(err) ? err.message : 'Please try again.' });
    }
  }
  return (
    <Card
      title={`Purchase Order ${order.orderNumber}`}
      actions={
        <Stack direction="row" gap="xs">
          <Button type="button" variant="secondary" size="sm" onClick={() => void pdf()}>
            PDF
          </Button>
          <Button type="button" variant="secondary" size="sm" onClick={onAnother}>
            New order
          </Button>
        </Stack>
      }
    >
      <Stack gap="sm">
        <p style={{ margin: 0 }}>
          {formatDate(order.orderDate)} · to {order.supplierName}
          {order.notes ? ` · ${order.notes}` : ''}
        </p>
        <DataTable label="Purchase order lines" columns={COLUMNS} rows={order.lines} rowKey="position" pageSize={Math.max(order.lines.length, 1)} />
      </Stack>
    </Card>
  );
}

/**
 * purchases/invoices/add-purchase-order: a numbered purchase order (PO series) to a supplier outside the platform,
 * then its PDF to send. Nothing is booked; the supplier's bill is entered when it comes.
 */
export function AddSupplierOrderPage() {
  const [supplierName, setSupplierName] = useState('');
  const [gstin, setGstin] = useState('');
  const [phone, setPhone] = useState('');
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<SupplierOrder | null>(null);
  const patch = (i: number, p: Partial<Line>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...p } : l)));

  async function find(i: number) {
    const text = lines[i]!.search.trim();
    if (text.length < 2) return;
    const found = await api.post<SuggestResult>(MARKETPLACE_PATHS.suggest, { suggest: text, type: 'ALL', subType: 'ALL' });
    patch(i, { hits: found.suggestors });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const unpicked = lines.findIndex((l) => !l.productId);
    if (unpicked >= 0) return setError(`Line ${unpicked + 1}: find and pick the product`);
    const parsed = CreateSupplierOrder.safeParse({
      supplierName,
      ...(gstin.trim() && { supplierGstin: gstin }),
      ...(phone.trim() && { supplierPhone: phone }),
      ...(notes.trim() && { notes }),
      lines: lines.map((l) => ({ productId: l.productId, quantity: Number(l.quantity), freeQuantity: Number(l.free || 0), ...(l.rate.trim() && { ratePaise: Math.round(Number(l.rate) * 100) }) })),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setError(`${issue.path.join(' ')}: ${issue.message}`);
    }
    setError(null);
    setBusy(true);
    try {
      const order = await api.post<SupplierOrder>(ACCOUNTING_PATHS.supplierOrders, parsed.data);
      toast.success({ message: `Purchase order ${order.orderNumber} saved` });
      setSaved(order);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The purchase order could not be saved');
    } finally {
      setBusy(false);
    }
  }

  if (saved) {
    return (
      <SavedOrder
        order={saved}
        onAnother={() => {
          setSaved(null);
          setLines([emptyLine()]);
        }}
      />
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Purchase order">
      <Stack gap="md">
        <Card title="Supplier">
          <Stack gap="sm">
            <TextInput aria-label="Supplier name" placeholder="Supplier name" value={supplierName} onChange={(e) => setSupplierName(e.currentTarget.value)} />
            <TextInput aria-label="Supplier GSTIN" placeholder="GSTIN (optional)" value={gstin} onChange={(e) => setGstin(e.currentTarget.value)} />
            <TextInput aria-label="Supplier phone" placeholder="Phone (optional)" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
            <TextInput aria-label="Notes" placeholder="Notes, e.g. delivery by Friday (optional)" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          </Stack>
        </Card>
        <Card title="Items">
          <Stack gap="sm">
            {lines.map((l, i) => (
              <Stack key={i} gap="xs">
                <Row>
                  {l.productId ? (
                    <strong>{l.label}</strong>
                  ) : (
                    <Stack direction="row" gap="xs">
                      <TextInput aria-label={`Product ${i + 1}`} placeholder="Product name" value={l.search} onChange={(e) => patch(i, { search: e.currentTarget.value })} />
                      <Button type="button" variant="secondary" onClick={() => void find(i)}>
                        Find
                      </Button>
                    </Stack>
                  )}
                  <TextInput aria-label={`Qty ${i + 1}`} placeholder="Qty" inputMode="numeric" value={l.quantity} onChange={(e) => patch(i, { quantity: e.currentTarget.value })} />
                  <TextInput aria-label={`Free ${i + 1}`} placeholder="Free" inputMode="numeric" value={l.free} onChange={(e) => patch(i, { free: e.currentTarget.value })} />
                  <TextInput aria-label={`Rate (₹) ${i + 1}`} placeholder="Rate ₹ (optional)" inputMode="decimal" value={l.rate} onChange={(e) => patch(i, { rate: e.currentTarget.value })} />
                  <Button type="button" variant="secondary" size="sm" disabled={lines.length === 1} onClick={() => setLines((all) => all.filter((_, j) => j !== i))}>
                    Remove
                  </Button>
                </Row>
                {l.hits.map((h) => (
                  <Button key={h.productId} type="button" variant="secondary" size="sm" onClick={() => patch(i, { productId: h.productId, label: h.suggestion, hits: [] })}>
                    {h.suggestion}
                  </Button>
                ))}
              </Stack>
            ))}
            <div>
              <Button type="button" variant="secondary" onClick={() => setLines((all) => [...all, emptyLine()])}>
                Add a line
              </Button>
            </div>
          </Stack>
        </Card>
        {error && <ErrorText role="alert">{error}</ErrorText>}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save purchase order'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
