import { useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { CLEARANCE_PATHS, MARKETPLACE_PATHS, type ClearanceOffer, type ClearanceOfferList } from 'shared-api';
import { api, canUseCart, fetcher, isApiError, useCart, useLiveStock, type ApiError } from 'shared-auth';
import {
  Button,
  DataTable,
  ErrorPanel,
  ExpiryDate,
  FilterRow,
  ProductLabel,
  Select,
  TextInput,
  formatNumber,
  formatRupees,
  theme,
  toast,
  useDebounced,
  usePageFor,
  type DataTableColumn,
} from 'shared-ui';
import { useSignedInAccount } from '../guard/RequireSession';

export const NEAR_EXPIRY_PAGE_SIZE = 20;

const MAX_DAYS_OPTIONS = [
  { value: '', label: 'Any' },
  { value: '30', label: 'Within 30 days' },
  { value: '60', label: 'Within 60 days' },
  { value: '90', label: 'Within 90 days' },
  { value: '120', label: 'Within 120 days' },
];

const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;
const Struck = styled.s`
  color: ${theme.colors.textMuted};
`;
const Order = styled.div`
  display: flex;
  gap: ${theme.space.xs};
  align-items: center;
  input {
    width: 64px;
  }
`;

/** Quantity and "Add to cart" for one offer: the entry is that very batch at the offer PTR. */
function AddOffer({ offer }: { offer: ClearanceOffer }) {
  const account = useSignedInAccount();
  const { mutate } = useCart(account.unitCode);
  const [quantity, setQuantity] = useState('1');
  const [busy, setBusy] = useState(false);
  const n = Number(quantity);
  const tooMany = n > offer.available;

  async function add() {
    setBusy(true);
    try {
      await api.post(MARKETPLACE_PATHS.cartAddEntry, { productId: offer.productId, sellerUnitCode: offer.sellerUnitCode, quantity: n, freeQuantity: 0, clearanceOfferId: offer.offerId });
      await mutate();
      toast.success({ title: 'Added to cart', message: `${n} × ${offer.productName} (batch ${offer.batchNo}) from ${offer.sellerTradeName} at ${formatRupees(offer.offerPtrPaise)}` });
    } catch (error) {
      toast.error({ title: 'Not added', message: isApiError(error) ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  const label = `${offer.productName} batch ${offer.batchNo} from ${offer.sellerTradeName}`;
  return (
    <Order>
      <TextInput aria-label={`Quantity of ${label}`} inputMode="numeric" value={quantity} invalid={tooMany} onChange={(e) => setQuantity(e.target.value.replace(/\D/g, ''))} />
      <Button size="sm" loading={busy} disabled={!n || tooMany} onClick={() => void add()} aria-label={`Add to cart ${label}`}>
        Add to cart
      </Button>
    </Order>
  );
}

/**
 * The search's "Near expiry" view: offers the buyer may buy (sellers that gave it access, or nearby sellers that opted
 * in), soonest expiry first, narrowed by the search text and by days to expiry.
 */
export function NearExpiryOffers({ query }: { query: string }) {
  const account = useSignedInAccount();
  const buyer = canUseCart(account.customerType);
  const [maxDays, setMaxDays] = useState('');
  const [text, setText] = useState(query);
  const q = useDebounced(text.trim(), 300);
  const [page, setPage] = usePageFor(`${q}|${maxDays}`);
  const { data, error, mutate } = useSWR<ClearanceOfferList, ApiError>(
    [CLEARANCE_PATHS.market, { page, pageSize: NEAR_EXPIRY_PAGE_SIZE, q: q || undefined, maxDays: maxDays ? Number(maxDays) : undefined }],
    fetcher,
    { keepPreviousData: true },
  );
  // A sale or an ended offer changes what is left: the list follows the sellers' stock.
  useLiveStock(data?.items.map((o) => o.productId) ?? [], () => void mutate());

  const columns: readonly DataTableColumn<ClearanceOffer>[] = [
    {
      key: 'productName',
      header: 'Product',
      render: (o) => <ProductLabel name={o.productName} pack={o.pack} detail={o.manufacturer} />,
    },
    {
      key: 'sellerTradeName',
      header: 'Seller',
      render: (o) => (
        <>
          {o.sellerTradeName}
          <br />
          <Muted>
            {o.city}
            {o.distanceKm !== null && ` · ${o.distanceKm.toLocaleString('en-IN')} km`}
          </Muted>
        </>
      ),
    },
    {
      key: 'expiryDate',
      header: 'Batch and expiry',
      render: (o) => (
        <>
          {o.batchNo}
          <br />
          <ExpiryDate date={o.expiryDate} near daysLeft={o.daysToExpiry} />
        </>
      ),
    },
    { key: 'available', header: 'Available', align: 'right', render: (o) => formatNumber(o.available) },
    { key: 'mrpPaise', header: 'MRP', align: 'right', render: (o) => formatRupees(o.mrpPaise) },
    {
      key: 'offerPtrPaise',
      header: 'PTR → offer',
      align: 'right',
      render: (o) => (
        <>
          <Struck aria-label={`Regular PTR ${formatRupees(o.ptrPaise)}`}>{formatRupees(o.ptrPaise)}</Struck> <strong>{formatRupees(o.offerPtrPaise)}</strong>
          <br />
          <Muted>{(o.discountBp / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} % off</Muted>
        </>
      ),
    },
    ...(buyer ? [{ key: 'order', header: 'Order', render: (o: ClearanceOffer) => <AddOffer offer={o} /> }] : []),
  ];

  return (
    <>
      <FilterRow role="search" aria-label="Near-expiry offers">
        <label>
          Product
          <TextInput type="search" value={text} placeholder="Name or salt" autoComplete="off" onChange={(e) => setText(e.currentTarget.value)} />
        </label>
        <label>
          Expiring
          <Select value={maxDays} options={MAX_DAYS_OPTIONS} onChange={(e) => setMaxDays(e.currentTarget.value)} />
        </label>
      </FilterRow>
      {error ? (
        <ErrorPanel title="Near-expiry offers could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label="Near-expiry offers"
          columns={columns}
          rows={data?.items ?? []}
          rowKey="offerId"
          loading={!data}
          emptyMessage="No near-expiry offer from your sellers now. Offers appear here as soon as a seller lists one."
          page={page}
          totalResults={data?.totalResults ?? 0}
          pageSize={NEAR_EXPIRY_PAGE_SIZE}
          onPageChange={setPage}
        />
      )}
    </>
  );
}
