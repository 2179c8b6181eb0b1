import { useNavigate } from 'react-router-dom';
import { ErrorPanel, Stack } from 'shared-ui';
import { InventoryListPage } from '../inventory/InventoryListPage';
import { useExpiry } from '../inventory-api';
import { BucketTable } from './BucketTable';

/** SPEC.md §2 stocks/expiry-list: expired stock (never sold) and what expires within 30, 60 and 90 days. */
export function ExpiryListPage() {
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useExpiry();
  if (error) return <ErrorPanel title="The expiry list could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  return (
    <Stack gap="lg">
      <p>Expired batches are never offered to buyers. Open a period to see its batches.</p>
      <BucketTable label="Expiry summary" buckets={data?.buckets ?? []} loading={isLoading} onOpen={(b) => navigate(`/stocks/expiry/details?expiry=${b.key}`)} />
      <h2 style={{ margin: 0, fontSize: '1.1rem' }}>Expiring within 90 days</h2>
      <InventoryListPage label="Expiring batches" defaultExpiry="90" />
    </Stack>
  );
}
