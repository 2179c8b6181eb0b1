import { useSearchParams } from 'react-router-dom';
import { EmptyState, Stack, Tabs } from 'shared-ui';
import { PeriodPicker } from '../books-common/PeriodPicker';
import { usePeriodParam } from '../books-common/period';
import { HeadPicker } from './HeadPicker';
import { LedgerStatementView } from './LedgerStatementView';
import { OutstandingView } from './OutstandingView';

const TABS = [
  { id: 'ledger', label: 'Ledger' },
  { id: 'outstanding', label: 'Outstanding' },
] as const;

/**
 * ledgers: one head's statement for a period (`?accountId=&from=&to=`, so any screen can link to a head), with what
 * is open per document for parties; and the outstanding of every party (`?tab=outstanding&side=`).
 */
export function LedgersPage() {
  const [params, setParams] = useSearchParams();
  const period = usePeriodParam();
  const tab = params.get('tab') === 'outstanding' ? 'outstanding' : 'ledger';
  const accountId = params.get('accountId') || undefined;

  function update(change: (url: URLSearchParams) => void) {
    const url = new URLSearchParams(params);
    change(url);
    setParams(url, { replace: true });
  }

  return (
    <Stack gap="md">
      <Tabs label="Ledgers" tabs={TABS} selected={tab} onSelect={(id) => update((url) => (id === 'ledger' ? url.delete('tab') : url.set('tab', id)))} />
      {tab === 'outstanding' ? (
        <div role="tabpanel" aria-label="Outstanding">
          <OutstandingView />
        </div>
      ) : (
        <Stack gap="md" role="tabpanel" aria-label="Ledger">
          <HeadPicker accountId={accountId} onChange={(id) => update((url) => url.set('accountId', id))} />
          <PeriodPicker />
          {accountId ? (
            <LedgerStatementView accountId={accountId} period={period} />
          ) : (
            <EmptyState title="Choose a head" message="Pick a party, a bank, an expense or any other head to see its entries and running balance." />
          )}
        </Stack>
      )}
    </Stack>
  );
}
