import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { NEARBY_DEFAULT_RADIUS_KM, type ListedType, type NearbyTrader } from 'shared-api';
import { isApiError } from 'shared-auth';
import {
  Button,
  Card,
  DataTable,
  ErrorPanel,
  Form,
  Select,
  Stack,
  TextField,
  TextInput,
  isPincode,
  optional,
  toast,
  useFormState,
  usePageFor,
  validatePincode,
  type DataTableColumn,
  useDebounced,
} from 'shared-ui';
import { formatKm, useConnectionActions, useNearbyTraders } from './connections-api';
import { PLURAL, statusLabel } from './labels';
import { Toolbar, TradeName, capitalise } from './list-helpers';

const RADII = [10, 25, 50, 100, 250, 500, 1000].map((km) => ({ value: String(km), label: `Within ${km} km` }));
const PAGE_SIZE = 10;
/** Made once: a new validator on every render would make final-form re-register the field. */
const validateNearPincode = optional(validatePincode);

const PincodeForm = styled.form`
  max-width: 320px;
`;

/**
 * "Near pincode": empty = the active warehouse. The search follows the field as it is typed, but only once it holds
 * a whole pincode (or nothing), so a half-typed number never sends a request; Enter or leaving the field shows why
 * a value is not accepted.
 */
function NearPincodeField({ onChange }: { onChange: (pincode: string) => void }) {
  return (
    <Form<{ pincode?: string }>
      onSubmit={(values) => onChange(values.pincode?.trim() ?? '')}
      render={({ handleSubmit }) => (
        <PincodeForm onSubmit={handleSubmit} noValidate>
          <TextField
            name="pincode"
            label="Near pincode"
            hint="Optional: leave empty to search around your active warehouse"
            inputMode="numeric"
            maxLength={6}
            autoComplete="postal-code"
            validate={validateNearPincode}
          />
          <ApplyWhenWhole onChange={onChange} />
        </PincodeForm>
      )}
    />
  );
}

function ApplyWhenWhole({ onChange }: { onChange: (pincode: string) => void }) {
  const { values } = useFormState<{ pincode?: string }>({ subscription: { values: true } });
  const typed = values.pincode?.trim() ?? '';
  useEffect(() => {
    if (typed === '' || isPincode(typed)) onChange(typed);
  }, [typed, onChange]);
  return null;
}

/** SPEC.md §1 "finds users near a location": verified traders of a type around the active warehouse, nearest first. */
export function NearbyPanel({ type, onClose }: { type: ListedType; onClose: () => void }) {
  const plural = PLURAL[type];
  const [radiusKm, setRadiusKm] = useState(NEARBY_DEFAULT_RADIUS_KM);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), 300);
  /** A whole pincode to measure from; '' = the active warehouse. */
  const [pincode, setPincode] = useState('');
  const [page, setPage] = usePageFor(`${radiusKm}|${search}|${pincode}`);

  const { data, error, isLoading, mutate } = useNearbyTraders({
    type,
    radiusKm,
    search: search || undefined,
    pincode: pincode || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  // A pincode the dataset does not know (E0035): say so instead of showing the previous place's results.
  const unknownPincode = pincode !== '' && error?.code === 'E0035' ? error : null;
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
        <NearPincodeField onChange={setPincode} />
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
        {data && !unknownPincode && (
          <p>
            Verified {plural} within {radiusKm} km of {data.origin}, nearest first.
            {type !== 'STOCKIST' && ` ${capitalise(plural)} buy from you: they ask to connect, and you approve them in the list below.`}
          </p>
        )}
        {unknownPincode ? (
          <ErrorPanel title={`Pincode ${pincode} is not in our list yet`} message={unknownPincode.fields?.pincode ?? unknownPincode.message} />
        ) : error && !data ? (
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
