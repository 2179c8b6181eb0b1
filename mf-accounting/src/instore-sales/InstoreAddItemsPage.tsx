import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { CounterBatch, CounterProduct } from 'shared-api';
import { Badge, Button, ButtonLink, Card, EmptyState, ErrorPanel, Select, Spinner, Stack, TextInput, formatDate, formatRupees, toast } from 'shared-ui';
import { useCounterLookup, useDraft } from './instore-api';

const batchText = (b: CounterBatch) => `${b.batchNo} · exp ${formatDate(b.expiryDate)} · ${b.available} left · MRP ${formatRupees(b.mrpPaise)}`;

/** One search hit: the batch (first expiry first unless chosen), quantity and discount, added to the draft. */
function ProductRow({ product, onAdd }: { product: CounterProduct; onAdd: (batch: CounterBatch | null, quantity: number, discountBp: number) => void }) {
  const [batchId, setBatchId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [discount, setDiscount] = useState('0');
  const sellable = product.batches.filter((b) => b.sellable);
  const expired = product.batches.filter((b) => b.state === 'EXPIRED');
  const fefo = product.batches.find((b) => b.batchId === product.fefoBatchId) ?? null;
  const chosen = batchId ? (product.batches.find((b) => b.batchId === batchId) ?? null) : fefo;
  const qty = Number(quantity);
  const pct = Number(discount);
  const valid = Number.isInteger(qty) && qty > 0 && pct >= 0 && pct <= 100;
  const id = product.productId;

  return (
    <Card title={`${product.name} · ${product.pack} · ${product.manufacturer}`} aria-label={product.name}>
      {!sellable.length ? (
        <p role="alert">
          {expired.length ? `Only expired stock (${expired.map((b) => `${b.batchNo}, expired ${formatDate(b.expiryDate)}`).join('; ')}): it cannot be sold.` : 'No batch of this product can be sold at this counter (near expiry).'}
        </p>
      ) : (
        <Stack gap="sm">
          <label htmlFor={`batch-${id}`}>Batch</label>
          <Select
            id={`batch-${id}`}
            value={batchId}
            onChange={(e) => setBatchId(e.target.value)}
            options={[
              { value: '', label: `First expiry first (${fefo ? batchText(fefo) : '—'})` },
              ...product.batches.map((b) => ({ value: b.batchId, label: b.state === 'EXPIRED' ? `${b.batchNo} · expired ${formatDate(b.expiryDate)}` : batchText(b), disabled: !b.sellable })),
            ]}
          />
          {chosen?.state === 'NEAR_EXPIRY' && <Badge tone="warning">{`Near expiry: ${chosen.batchNo} expires on ${formatDate(chosen.expiryDate)}`}</Badge>}
          <Stack direction="row" gap="sm" align="flex-end">
            <Stack gap="xs">
              <label htmlFor={`qty-${id}`}>Quantity</label>
              <TextInput id={`qty-${id}`} value={quantity} inputMode="numeric" onChange={(e) => setQuantity(e.target.value)} />
            </Stack>
            <Stack gap="xs">
              <label htmlFor={`disc-${id}`}>Discount %</label>
              <TextInput id={`disc-${id}`} value={discount} inputMode="decimal" onChange={(e) => setDiscount(e.target.value)} />
            </Stack>
            <Button type="button" disabled={!valid} aria-label={`Add ${product.name}`} onClick={() => onAdd(batchId ? chosen : null, qty, Math.round(pct * 100))}>
              Add to bill
            </Button>
          </Stack>
        </Stack>
      )}
    </Card>
  );
}

/** sales/instore-add/:id — search the active warehouse by name or scanned barcode and add items to bill :id. */
export function InstoreAddItemsPage() {
  const { id = '' } = useParams();
  const [draft, update] = useDraft(id);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const { data, error, isLoading } = useCounterLookup(query);

  return (
    <Stack gap="md">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(text);
        }}
      >
        <Stack direction="row" gap="sm" align="flex-end">
          <Stack gap="xs">
            <label htmlFor="counter-search">Product name or barcode</label>
            <TextInput id="counter-search" value={text} autoFocus autoComplete="off" onChange={(e) => setText(e.target.value)} />
          </Stack>
          <Button type="submit">Search</Button>
          <ButtonLink to={`/sales/add-instore/${id}`} variant="secondary">{`Back to bill (${draft.lines.length} item${draft.lines.length === 1 ? '' : 's'})`}</ButtonLink>
        </Stack>
      </form>
      {error ? (
        <ErrorPanel title="The search failed" message={error.message} />
      ) : isLoading ? (
        <Spinner label="Searching" />
      ) : data && !data.items.length ? (
        <EmptyState title="Nothing found" message={`No product in stock at ${data.warehouseName} matches “${query}”.`} />
      ) : (
        data?.items.map((p) => (
          <ProductRow
            key={p.productId}
            product={p}
            onAdd={(batch, quantity, discountBp) => {
              update((d) => ({
                ...d,
                lines: [...d.lines, { productId: p.productId, productName: p.name, ...(batch && { batchId: batch.batchId, batchLabel: `${batch.batchNo} (exp ${formatDate(batch.expiryDate)})` }), quantity, discountBp }],
              }));
              toast.success({ title: `${quantity} × ${p.name} added to the bill` });
            }}
          />
        ))
      )}
    </Stack>
  );
}
