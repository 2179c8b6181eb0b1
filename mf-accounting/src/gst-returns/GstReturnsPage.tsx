import { useState } from 'react';
import { Card, FilterRow, Stack, TextInput } from 'shared-ui';
import { monthEnd } from '../books-common/period';
import { DownloadButtons } from '../downloads/DownloadButtons';
import { FilterBar } from '../sales-invoices/InvoiceFilters';
import { REPORT_FILTERS, useReportFilters } from '../sales-reports/SalesReportsPage';
import { downloadTally } from './gst-returns-api';
import { Gstr1Card } from './Gstr1Card';
import { Gstr3bCard } from './Gstr3bCard';


/** Any period's vouchers for Tally (an accountant's books); opens on the chosen month. */
function TallyExportCard({ month }: { month: string }) {
  const [period, setPeriod] = useState({ from: `${month}-01`, to: monthEnd(month) });
  const invalid = !period.from || !period.to || period.from > period.to;
  return (
    <Card title="Export to Tally">
      <FilterRow>
        <label>
          From
          <TextInput type="date" value={period.from} onChange={(e) => setPeriod({ ...period, from: e.currentTarget.value })} />
        </label>
        <label>
          To
          <TextInput type="date" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.currentTarget.value })} />
        </label>
        {invalid ? (
          <span role="alert">The start date must not be after the end date.</span>
        ) : (
          <DownloadButtons failureTitle="The Tally export could not be downloaded" choices={[{ id: 'xml', label: 'Export to Tally (XML)', download: () => downloadTally(period) }]} />
        )}
      </FilterRow>
    </Card>
  );
}

/** sales/gst-returns: a month's GSTR-1 and GSTR-3B from the books, their files, and a Tally export. */
export function GstReturnsPage() {
  const { month } = useReportFilters();
  return (
    <Stack gap="md">
      <FilterBar label="Return period" fields={REPORT_FILTERS.slice(0, 1)} />
      <Gstr1Card month={month} />
      <Gstr3bCard month={month} />
      <TallyExportCard key={month} month={month} />
    </Stack>
  );
}
