import { useSearchParams } from 'react-router-dom';
import { MARKETPLACE_PATHS, MIN_SEARCH_LENGTH, type GlobalSearchResult, type ProductHit } from 'shared-api';
import { api, canUseCart, useLiveStock, type ApiError } from 'shared-auth';
import { Button, Card, DataTable, EmptyState, ErrorPanel, PageHeader, Spinner, Stack, Tabs, formatDate, formatRupees, type DataTableColumn } from 'shared-ui';
import useSWR from 'swr';
import { useSignedInAccount } from '../guard/RequireSession';
import { useBasePath } from '../layout/base-path';
import { NearExpiryOffers } from './NearExpiryOffers';
import { StockistsPanel } from './StockistsPanel';

/** The search's views for buyers: products across sellers, and near-expiry offers (issue 18). */
const VIEWS = [
  { id: 'products', label: 'Products' },
  { id: 'near-expiry', label: 'Near expiry' },
] as const;

/**
 * /search?q=…[&product=id]: products across sellers; a chosen product opens its sellers, nearest first.
 * /search?view=near-expiry[&q=…]: buyers' near-expiry offers (the dashboard tile links here).
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const base = useBasePath();
  const buyer = canUseCart(useSignedInAccount().customerType);
  const nearExpiry = buyer && params.get('view') === 'near-expiry';
  const query = (params.get('q') ?? '').trim();
  const productId = params.get('product');
  const searchable = query.length >= MIN_SEARCH_LENGTH;
  const { data, error, mutate } = useSWR<GlobalSearchResult, ApiError>(searchable && !nearExpiry ? [MARKETPLACE_PATHS.globalSearch, query] : null, () =>
    api.post<GlobalSearchResult>(MARKETPLACE_PATHS.globalSearch, { query }),
  );
  // A seller's stock change of a listed product updates its seller count, lowest PTR and expiry within a second.
  useLiveStock(data?.products.map((p) => p.productId) ?? [], () => void mutate());

  function choose(product: ProductHit) {
    setParams({ q: query, product: product.productId });
  }

  const columns: readonly DataTableColumn<ProductHit>[] = [
    { key: 'name', header: 'Product', render: (p) => <strong>{p.name}</strong> },
    { key: 'pack', header: 'Pack' },
    { key: 'composition', header: 'Composition', render: (p) => p.composition ?? '—' },
    { key: 'manufacturer', header: 'Manufacturer' },
    {
      key: 'sellerCount',
      header: 'Stockists',
      align: 'right',
      render: (p) => `${p.sellerCount} (${p.visibleSellerCount} connected)`,
    },
    { key: 'lowestPtrPaise', header: 'Lowest PTR', align: 'right', render: (p) => (p.lowestPtrPaise === null ? '—' : formatRupees(p.lowestPtrPaise)) },
    { key: 'nearestExpiry', header: 'Nearest expiry', render: (p) => (p.nearestExpiry ? formatDate(p.nearestExpiry) : '—') },
    {
      key: 'action',
      header: '',
      render: (p) => (
        <Button size="sm" variant={p.productId === productId ? 'primary' : 'secondary'} onClick={() => choose(p)} aria-label={`View stockists of ${p.name}`}>
          View stockists
        </Button>
      ),
    },
  ];

  let body;
  if (!searchable) body = <EmptyState title="Search products from the header" message={`Type at least ${MIN_SEARCH_LENGTH} characters of a brand, salt or manufacturer.`} />;
  else if (error) body = <ErrorPanel title="Search failed" message={error.message} onRetry={() => void mutate()} />;
  else if (!data) body = <Spinner label="Searching" />;
  else if (!data.products.length)
    body = <EmptyState title={`No stockist has “${query}” in stock`} message="Check the spelling, or search by salt (e.g. paracetamol 650) or manufacturer." />;
  else
    body = (
      <Stack gap="lg">
        <DataTable label={`Products matching ${query}`} columns={columns} rows={data.products} rowKey="productId" onRowClick={choose} />
        {productId && (
          <Card title="Stockists">
            <StockistsPanel productId={productId} />
          </Card>
        )}
      </Stack>
    );

  function chooseView(view: string) {
    // The search text carries over; a chosen product belongs to the products view only.
    const next = new URLSearchParams(query ? { q: query } : {});
    if (view === 'near-expiry') next.set('view', view);
    setParams(next);
  }

  return (
    <>
      <PageHeader
        title={nearExpiry ? 'Near-expiry offers' : searchable ? `Results for “${query}”` : 'Search'}
        crumbs={[{ label: 'Dashboard', to: `${base}/dashboard` }, { label: 'Search' }]}
      />
      {buyer ? (
        <Stack gap="md">
          <Tabs label="Search views" tabs={VIEWS} selected={nearExpiry ? 'near-expiry' : 'products'} onSelect={chooseView} />
          <div role="tabpanel" aria-label={nearExpiry ? 'Near expiry' : 'Products'}>
            {nearExpiry ? <NearExpiryOffers key={query} query={query} /> : body}
          </div>
        </Stack>
      ) : (
        body
      )}
    </>
  );
}
