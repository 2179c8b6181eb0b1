import { useNavigate } from 'react-router-dom';
import { canUploadInventory, useMyAccount } from 'shared-auth';
import { ButtonLink, ErrorPanel, Stack } from 'shared-ui';
import { InventoryListPage } from '../inventory/InventoryListPage';
import { useExpiry } from '../inventory-api';
import { BucketTable } from './BucketTable';

/** SPEC.md §2 stocks/expiry-list: expired stock (never sold) and what expires within 30, 60 and 90 days. */
export function ExpiryListPage() {
  const navigate = useNavigate();
  const { data: account } = useMyAccount();
  const { data, error, isLoading, mutate } = useExpiry();
  if (error) return <ErrorPanel title="The expiry list could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  return (
    <Stack gap="lg">
      <p>Expired batches are never offered to buyers. Open a period to see its batches.</p>
      <BucketTable label="Expiry summary" buckets={data?.buckets ?? []} loading={isLoading} onOpen={(b) => navigate(`/stocks/expiry/details?expiry=${b.key}`)} />
      <Stack direction="row" justify="space-between" align="center" wrap>
        <h2 style={{ margin: 0, fontSize: '1.1rem' }}>Expiring within 90 days</h2>
        {/* Sell it off before it expires (issue 18): stockists list batches at a lower PTR for their buyers. */}
        {account && canUploadInventory(account.customerType) && (
          <ButtonLink to="/stocks/clearance" variant="secondary">
            Offer to clear
          </ButtonLink>
        )}
      </Stack>
      <InventoryListPage label="Expiring batches" defaultExpiry="90" />
    </Stack>
  );
}
