import { Stack } from 'shared-ui';
import { FilterBar } from '../sales-invoices/InvoiceFilters';
import { RegisterView } from './RegisterView';
import { REPORT_FILTERS, useReportFilters } from './SalesReportsPage';

/** sales/report/details?month=&partyUnitCode=: the invoices behind one month of the report, or one party's of it. */
export function SalesReportDetailsPage() {
  const { month, partyUnitCode } = useReportFilters();
  return (
    <Stack gap="md">
      <FilterBar label="Report period" fields={REPORT_FILTERS} />
      <RegisterView month={month} partyUnitCode={partyUnitCode} drillDown={false} />
    </Stack>
  );
}
