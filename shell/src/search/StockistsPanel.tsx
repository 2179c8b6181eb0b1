import { useState } from 'react';
import styled from 'styled-components';
import { CONNECTIONS_PATHS, MARKETPLACE_PATHS, schemeFreeFor, type StockistOffer, type StockistsResult } from 'shared-api';
import { api, isApiError, useCart, useLiveStock, type ApiError } from 'shared-auth';
import { Badge, Button, DataTable, EmptyState, ErrorPanel, Spinner, TextInput, formatDate, formatRupees, theme, toast, type DataTableColumn } from 'shared-ui';
import useSWR from 'swr';
import { SchemeHint } from '../cart/SchemeHint';
import { useSignedInAccount } from '../guard/RequireSession';

const Batches = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: ${theme.fontSizes.sm};
  li + li {
    margin-top: 2px;
  }
`;
const Order = styled.div`
  display: flex;
  gap: ${theme.space.xs};
  align-items: center;
  input {
    width: 64px;
  }
`;
const Muted = styled.span`
  color: ${theme.colors.textMuted};
`;

/** Quantity + free inputs and "Add to cart" for one seller; E0048 offers the nearest valid quantity. */
function AddToCart({ productId, offer }: { productId: string; offer: StockistOffer }) {
  const account = useSignedInAccount();
  const { mutate } = useCart(account.unitCode);
  const [quantity, setQuantity] = useState('1');
  // The cart checks the free quantity against the first batch's scheme (first expiry first, as listed).
  const scheme = offer.batches[0];
  const schemeBuy = scheme?.schemeBuy ?? null;
  const schemeFree = scheme?.schemeFree ?? null;
  const [free, setFree] = useState(String(schemeFreeFor(1, schemeBuy, schemeFree)));
  const [busy, setBusy] = useState(false);

  // A new quantity takes the free units it qualifies for (the buyer may still type 0).
  function changeQuantity(value: string) {
    setQuantity(value);
    setFree(String(schemeFreeFor(Number(value), schemeBuy, schemeFree)));
  }

  async function add() {
    setBusy(true);
    try {
      await api.post(MARKETPLACE_PATHS.cartAddEntry, { productId, sellerUnitCode: offer.sellerUnitCode, quantity: Number(quantity), freeQuantity: Number(free || 0) });
      await mutate();
      toast.success({ title: 'Added to cart', message: `${quantity}${Number(free) ? ` + ${free} free` : ''} from ${offer.tradeName}` });
    } catch (error) {
      if (isApiError(error) && error.code === 'E0048' && error.fields) {
        setQuantity(error.fields.quantity ?? quantity);
        setFree(error.fields.freeQuantity ?? free);
      }
      toast.error({ title: 'Not added', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <Order>
        <TextInput aria-label={`Quantity from ${offer.tradeName}`} inputMode="numeric" value={quantity} onChange={(e) => changeQuantity(e.target.value.replace(/\D/g, ''))} />
        <span>+</span>
        <TextInput aria-label={`Free quantity from ${offer.tradeName}`} inputMode="numeric" value={free} onChange={(e) => setFree(e.target.value.replace(/\D/g, ''))} />
        <Button size="sm" loading={busy} disabled={!Number(quantity)} onClick={() => void add()} aria-label={`Add to cart from ${offer.tradeName}`}>
          Add
        </Button>
      </Order>
      <SchemeHint quantity={Number(quantity)} freeQuantity={Number(free || 0)} schemeBuy={schemeBuy} schemeFree={schemeFree} />
    </div>
  );
}

/** A seller that has the product but shows its stock only to connected buyers (SPEC.md §6): ask to connect. */
function Connect({ offer, onRequested }: { offer: StockistOffer; onRequested: () => void }) {
  const [busy, setBusy] = useState(false);
  if (offer.connectionStatus === 'PENDING') return <Muted>Has it — connection request sent</Muted>;
  async function request() {
    setBusy(true);
    try {
      await api.post(CONNECTIONS_PATHS.request, { sellerUnitCode: offer.sellerUnitCode });
      toast.success({ title: 'Request sent', message: `${offer.tradeName} will see your request to connect.` });
      onRequested();
    } catch (error) {
      toast.error({ title: 'Request not sent', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Order>
      <Muted>Has it — connect to see stock</Muted>
      <Button size="sm" variant="secondary" loading={busy} onClick={() => void request()}>
        Ask to connect
      </Button>
    </Order>
  );
}

/** POST /search/v3/view/stockists: every seller of one product, nearest first. */
export function StockistsPanel({ productId }: { productId: string }) {
  const { data, error, mutate } = useSWR<StockistsResult, ApiError>([MARKETPLACE_PATHS.stockists, productId], () =>
    api.post<StockistsResult>(MARKETPLACE_PATHS.stockists, { productId }),
  );
  // The buyer sees a seller's new quantities and batches as soon as they change.
  useLiveStock([productId], () => void mutate());
  if (error) return <ErrorPanel title="Stockists could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading stockists" />;
  if (!data.stockists.length) return <EmptyState title="No stockist has it in stock now" message="Stock appears here as soon as a stockist uploads it." />;

  const columns: readonly DataTableColumn<StockistOffer>[] = [
    {
      key: 'tradeName',
      header: 'Stockist',
      render: (s) => (
        <>
          <strong>{s.tradeName}</strong>
          <br />
          <Muted>{s.city}</Muted>
        </>
      ),
    },
    { key: 'distanceKm', header: 'Distance', align: 'right', render: (s) => (s.distanceKm === null ? '—' : `${s.distanceKm.toLocaleString('en-IN')} km`) },
    { key: 'availableQuantity', header: 'Available', align: 'right', render: (s) => (s.availableQuantity === null ? '—' : s.availableQuantity.toLocaleString('en-IN')) },
    {
      key: 'batches',
      header: 'Batches (expiry · PTR · MRP · scheme)',
      render: (s) =>
        s.visible ? (
          <Batches>
            {s.batches.map((b) => (
              <li key={b.batchNo + b.expiryDate}>
                {b.batchNo} · {formatDate(b.expiryDate)}
                {b.nearExpiry && <Badge tone="warning">Near expiry</Badge>} · {formatRupees(b.ptrPaise)} · {formatRupees(b.mrpPaise)}
                {b.schemeBuy && b.schemeFree ? ` · ${b.schemeBuy} + ${b.schemeFree}` : ''} · {b.available.toLocaleString('en-IN')} left
              </li>
            ))}
          </Batches>
        ) : (
          '—'
        ),
    },
    {
      key: 'order',
      header: 'Order (quantity + free)',
      render: (s) => (s.visible ? <AddToCart productId={productId} offer={s} /> : <Connect offer={s} onRequested={() => void mutate()} />),
    },
  ];
  return (
    <>
      <p>
        <strong>{data.product.name}</strong> {data.product.pack && `(${data.product.pack})`} · {data.product.manufacturer}
        {data.product.composition && <Muted> · {data.product.composition}</Muted>}
      </p>
      <DataTable label={`Stockists of ${data.product.name}`} columns={columns} rows={data.stockists} rowKey="sellerUnitCode" />
    </>
  );
}
