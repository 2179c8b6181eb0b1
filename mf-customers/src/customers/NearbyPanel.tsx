import { useState } from 'react';
import { NEARBY_DEFAULT_RADIUS_KM, type ListedType, type NearbyTrader } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, Card, DataTable, ErrorPanel, Select, Stack, TextInput, toast, type DataTableColumn } from 'shared-ui';
import { formatKm, useConnectionActions, useNearbyTraders } from './connections-api';
import { PLURAL, statusLabel } from './labels';
import { Toolbar, TradeName, capitalise, useDebounced, usePageFor } from './list-helpers';

const RADII = [10, 25, 50, 100, 250, 500, 1000].map((km) => ({ value: String(km), label: `Within ${km} km` }));
const PAGE_SIZE = 10;

/** SPEC.md §1 "finds users near a location": verified traders of a type around the active warehouse, nearest first. */
export function NearbyPanel({ type, onClose }: { type: ListedType; onClose: () => void }) {
  const plural = PLURAL[type];
  const [radiusKm, setRadiusKm] = useState(NEARBY_DEFAULT_RADIUS_KM);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), 300);
  const [page, setPage] = usePageFor(`${radiusKm}|${search}`);

  const { data, error, isLoading, mutate } = useNearbyTraders({ type, radiusKm, search: search || undefined, page, pageSize: PAGE_SIZE });
  const { request } = useConnectionActions();
  const [asking, setAsking] = useState<string | null>(null);

  async function connect(trader: NearbyTrader) {
    setAsking(trader.unitCode);
    try {
      const answer = await request(trader.unitCode);
      if (answer.status === 'APPROVED') {
        toast.success({ title: 'Connected', message: `${trader.tradeName} approves requests at once: you can see its inventory now.` });
      } else {
        toast.success({ title: 'Request sent', message: `${trader.tradeName} has been asked to approve your request.` });
      }
    } catch (err) {
      toast.error({ title: 'Request not sent', message: isApiError(err) ? err.message : 'Something went wrong. Please try again later.' });
    } finally {
      setAsking(null);
    }
  }

  const columns: DataTableColumn<NearbyTrader>[] = [
    { key: 'tradeName', header: 'Trade name', render: (t) => <TradeName name={t.tradeName} code={t.unitCode} /> },
    { key: 'city', header: 'City' },
    { key: 'distanceKm', header: 'Distance', align: 'right', render: (t) => formatKm(t.distanceKm) },
    {
      key: 'connection',
      header: 'Connection',
      render: (t) => (t.connection ? statusLabel(t.connection.status, 'BUYER') : 'Not connected'),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (t) =>
        t.canConnect ? (
          <Button type="button" size="sm" loading={asking === t.unitCode} aria-label={`Connect with ${t.tradeName}`} onClick={() => void connect(t)}>
            {t.connection ? 'Connect again' : 'Connect'}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      title={`Find ${plural} near you`}
      actions={
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Stack gap="sm">
        <Toolbar>
          <Select aria-label="Radius" options={RADII} value={String(radiusKm)} onChange={(e) => setRadiusKm(Number(e.currentTarget.value))} />
          <TextInput
            aria-label={`Search ${plural} near you`}
            placeholder="Trade name, unit code or city"
            value={typed}
            maxLength={100}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </Toolbar>
        {data && (
          <p>
            Verified {plural} within {radiusKm} km of {data.origin}, nearest first.
            {type !== 'STOCKIST' && ` ${capitalise(plural)} buy from you: they ask to connect, and you approve them in the list below.`}
          </p>
        )}
        {error && !data ? (
          <ErrorPanel title={`${capitalise(plural)} near you could not be found`} message={error.message} onRetry={() => void mutate()} />
        ) : (
          <DataTable
            label={`${capitalise(plural)} near you`}
            columns={columns}
            rows={data?.items ?? []}
            rowKey="unitCode"
            loading={isLoading}
            emptyMessage={`No verified ${plural} within ${radiusKm} km. Try a wider radius.`}
            page={page}
            pageSize={PAGE_SIZE}
            totalResults={data?.totalResults ?? 0}
            onPageChange={setPage}
          />
        )}
      </Stack>
    </Card>
  );
}
