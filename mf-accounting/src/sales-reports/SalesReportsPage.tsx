import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Stack, theme } from 'shared-ui';
import { FilterBar, useUrlFilters, type FilterField } from '../sales-invoices/InvoiceFilters';
import { HsnSummaryView } from './HsnSummaryView';
import { RegisterView } from './RegisterView';
import { currentMonth } from './sales-reports-api';

export const REPORT_FILTERS: readonly FilterField[] = [
  { name: 'month', label: 'Month', type: 'month', defaultValue: () => currentMonth() },
  { name: 'partyUnitCode', label: 'Party code', type: 'text', placeholder: 'All parties' },
];

const TABS = [
  { id: 'register', label: 'Sales register' },
  { id: 'hsn', label: 'HSN summary' },
] as const;

const TabList = styled.div`
  display: flex;
  gap: ${theme.space.xs};
  border-bottom: 1px solid ${theme.colors.border};
  padding-bottom: ${theme.space.xs};
`;

/** Month (default this month) and party from the URL, as both report screens read them. */
export function useReportFilters() {
  const { month, partyUnitCode } = useUrlFilters(['month', 'partyUnitCode']);
  return { month: month ?? currentMonth(), partyUnitCode };
}

/** sales/reports: a month's sales register (totals and invoices, optionally one party's) and its HSN summary. */
export function SalesReportsPage() {
  const [params, setParams] = useSearchParams();
  const { month, partyUnitCode } = useReportFilters();
  const tab = params.get('tab') === 'hsn' ? 'hsn' : 'register';

  function show(id: string) {
    const next = new URLSearchParams(params);
    if (id === 'register') next.delete('tab');
    else next.set('tab', id);
    setParams(next, { replace: true });
  }

  return (
    <Stack gap="md">
      {/* The HSN summary is the whole month's (GSTR-1 table 12): no party filter there. */}
      <FilterBar label="Report period" fields={tab === 'hsn' ? REPORT_FILTERS.slice(0, 1) : REPORT_FILTERS} />
      <TabList role="tablist" aria-label="Sales reports">
        {TABS.map((t) => (
          <Button key={t.id} role="tab" aria-selected={tab === t.id} variant={tab === t.id ? 'primary' : 'ghost'} size="sm" onClick={() => show(t.id)}>
            {t.label}
          </Button>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={tab === 'hsn' ? 'HSN summary' : 'Sales register'}>
        {tab === 'hsn' ? <HsnSummaryView month={month} /> : <RegisterView month={month} partyUnitCode={partyUnitCode} drillDown />}
      </div>
    </Stack>
  );
}
