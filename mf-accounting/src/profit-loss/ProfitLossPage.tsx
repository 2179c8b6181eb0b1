import { useSearchParams } from 'react-router-dom';
import { Stack, Tabs } from 'shared-ui';
import { BalanceSheetView } from './BalanceSheetView';
import { ProfitLossView } from './ProfitLossView';
import { TrialBalanceView } from './TrialBalanceView';

const TABS = [
  { id: 'profit-loss', label: 'Profit & loss' },
  { id: 'trial-balance', label: 'Trial balance' },
  { id: 'balance-sheet', label: 'Balance sheet' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** profit&loss: the trading and P&L account of a period, the trial balance and the balance sheet (`?tab=`). */
export function ProfitLossPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'profit-loss';

  function show(id: string) {
    const url = new URLSearchParams(params);
    if (id === 'profit-loss') url.delete('tab');
    else url.set('tab', id);
    setParams(url, { replace: true });
  }

  return (
    <Stack gap="md">
      <Tabs label="Financial statements" tabs={TABS} selected={tab} onSelect={show} />
      <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)?.label}>
        {tab === 'trial-balance' ? <TrialBalanceView /> : tab === 'balance-sheet' ? <BalanceSheetView /> : <ProfitLossView />}
      </div>
    </Stack>
  );
}
