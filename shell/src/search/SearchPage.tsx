import { useSearchParams } from 'react-router-dom';
import { EmptyState, PageHeader } from 'shared-ui';
import { useBasePath } from '../layout/base-path';

/** /search?q=…: the marketplace search itself arrives with the marketplace issue; this page says so. */
export function SearchPage() {
  const [params] = useSearchParams();
  const base = useBasePath();
  const query = params.get('q') ?? '';
  return (
    <>
      <PageHeader title="Search" crumbs={[{ label: 'Dashboard', to: `${base}/dashboard` }, { label: 'Search' }]} />
      <EmptyState
        title={query ? `Results for “${query}” are not available yet` : 'Search products from the header'}
        message="Marketplace search across sellers, with stock and expiry per product, arrives with the marketplace release."
      />
    </>
  );
}
