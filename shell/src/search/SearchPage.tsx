import { useSearchParams } from 'react-router-dom';
import { MARKETPLACE_PATHS, MIN_SEARCH_LENGTH, type GlobalSearchResult, type ProductHit } from 'shared-api';
import { api, useLiveStock, type ApiError } from 'shared-auth';
import { Button, Card, DataTable, EmptyState, ErrorPanel, PageHeader, Spinner, Stack, formatDate, formatRupees, type DataTableColumn } from 'shared-ui';
import useSWR from 'swr';
import { useBasePath } from '../layout/base-path';
import { StockistsPanel } from './StockistsPanel';

/** /search?q=…[&product=id]: products across sellers; a chosen product opens its sellers, nearest first. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const base = useBasePath();
  const query = (params.get('q') ?? '').trim();
  const productId = params.get('product');
  const searchable = query.length >= MIN_SEARCH_LENGTH;
  const { data, error, mutate } = useSWR<GlobalSearchResult, ApiError>(searchable ? [MARKETPLACE_PATHS.globalSearch, query] : null, () =>
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

  return (
    <>
      <PageHeader title={searchable ? `Results for “${query}”` : 'Search'} crumbs={[{ label: 'Dashboard', to: `${base}/dashboard` }, { label: 'Search' }]} />
      {body}
    </>
  );
}
