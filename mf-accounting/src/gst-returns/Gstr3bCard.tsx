import { GST_STATES, type Gstr3b } from 'shared-api';
import { Card, DataTable, ErrorPanel, Spinner, Stack, formatDate, formatRupees, type DataTableColumn } from 'shared-ui';
import { DownloadButtons } from '../downloads/DownloadButtons';
import { GST_FILE_FORMATS, downloadGstr3b, useGstr3b } from './gst-returns-api';

type Figures = Gstr3b['outwardTaxable'];
type FigureRow = Figures & { key: string; label: string };
type InterState = Gstr3b['interStateUnregistered'][number];
type Payment = Gstr3b['payment'][number];
type IneligibleBill = Gstr3b['ineligibleBills'][number];
type InwardRow = { key: string; label: string; interPaise: number; intraPaise: number };

const FIGURE_COLUMNS: readonly DataTableColumn<FigureRow>[] = [
  { key: 'label', header: 'Nature of supplies' },
  { key: 'taxablePaise', header: 'Taxable value', align: 'right', render: (r) => formatRupees(r.taxablePaise) },
  { key: 'igstPaise', header: 'IGST', align: 'right', render: (r) => formatRupees(r.igstPaise) },
  { key: 'cgstPaise', header: 'CGST', align: 'right', render: (r) => formatRupees(r.cgstPaise) },
  { key: 'sgstPaise', header: 'SGST', align: 'right', render: (r) => formatRupees(r.sgstPaise) },
  { key: 'cessPaise', header: 'Cess', align: 'right', render: (r) => formatRupees(r.cessPaise) },
];

const INTER_STATE_COLUMNS: readonly DataTableColumn<InterState>[] = [
  { key: 'placeOfSupply', header: 'Place of supply', render: (r) => `${GST_STATES[r.placeOfSupply] ?? r.placeOfSupply} (${r.placeOfSupply})` },
  { key: 'taxablePaise', header: 'Taxable value', align: 'right', render: (r) => formatRupees(r.taxablePaise) },
  { key: 'igstPaise', header: 'IGST', align: 'right', render: (r) => formatRupees(r.igstPaise) },
];

const PAYMENT_COLUMNS: readonly DataTableColumn<Payment>[] = [
  { key: 'tax', header: 'Tax' },
  { key: 'payablePaise', header: 'Tax payable', align: 'right', render: (r) => formatRupees(r.payablePaise) },
  { key: 'paidByItcPaise', header: 'Paid through ITC', align: 'right', render: (r) => formatRupees(r.paidByItcPaise) },
  { key: 'cashPaise', header: 'Paid in cash', align: 'right', render: (r) => formatRupees(r.cashPaise) },
];

const INELIGIBLE_COLUMNS: readonly DataTableColumn<IneligibleBill>[] = [
  { key: 'billNumber', header: 'Bill' },
  { key: 'supplierName', header: 'Supplier' },
  { key: 'billDate', header: 'Bill date', render: (b) => formatDate(b.billDate) },
  { key: 'igstPaise', header: 'IGST', align: 'right', render: (b) => formatRupees(b.igstPaise) },
  { key: 'cgstPaise', header: 'CGST', align: 'right', render: (b) => formatRupees(b.cgstPaise) },
  { key: 'sgstPaise', header: 'SGST', align: 'right', render: (b) => formatRupees(b.sgstPaise) },
  { key: 'reason', header: 'Why it cannot be claimed' },
];

const INWARD_COLUMNS: readonly DataTableColumn<InwardRow>[] = [
  { key: 'label', header: 'Nature of supplies' },
  { key: 'interPaise', header: 'Inter-state', align: 'right', render: (r) => formatRupees(r.interPaise) },
  { key: 'intraPaise', header: 'Intra-state', align: 'right', render: (r) => formatRupees(r.intraPaise) },
];

const rows = (entries: [string, string, Figures][]): FigureRow[] => entries.map(([key, label, f]) => ({ ...f, key, label }));

/** The month's GSTR-3B tables as the portal lays them out: 3.1, 3.2, 4 (with the bills it may not claim), 5 and 6.1. */
export function Gstr3bCard({ month }: { month: string }) {
  const { data, error, mutate } = useGstr3b(month);
  return (
    <Card
      title="GSTR-3B (summary return)"
      actions={
        <DownloadButtons
          size="sm"
          failureTitle="The GSTR-3B file could not be downloaded"
          choices={GST_FILE_FORMATS.map((format) => ({ id: format, label: format.toUpperCase(), ariaLabel: `Download GSTR-3B as ${format.toUpperCase()}`, download: () => downloadGstr3b(month, format) }))}
        />
      }
    >
      {error && !data ? (
        <ErrorPanel title="The GSTR-3B figures could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading GSTR-3B" />
      ) : (
        <Stack gap="md">
          <DataTable
            label="3.1 Outward and reverse-charge inward supplies"
            columns={FIGURE_COLUMNS}
            rows={rows([
              ['a', '(a) Outward taxable supplies', data.outwardTaxable],
              ['c', '(c) Nil-rated and exempt', data.outwardNilExempt],
              ['d', '(d) Inward supplies on reverse charge', data.inwardReverseCharge],
            ])}
            rowKey="key"
          />
          <DataTable label="3.2 Inter-state supplies to unregistered persons" columns={INTER_STATE_COLUMNS} rows={data.interStateUnregistered} rowKey="placeOfSupply" emptyMessage="No inter-state supplies to unregistered persons." />
          <DataTable
            label="4 Eligible ITC"
            columns={FIGURE_COLUMNS}
            rows={rows([
              ['a5', '(A)(5) All other ITC', data.itcAvailable],
              ['b', '(B) ITC reversed', data.itcReversed],
              ['c', '(C) Net ITC available', data.itcNet],
              ['d2', '(D)(2) Ineligible ITC (section 16(4))', data.itcIneligible],
            ])}
            rowKey="key"
          />
          <DataTable
            label="Bills left out of 4(A): past the time limit for input tax"
            columns={INELIGIBLE_COLUMNS}
            rows={data.ineligibleBills}
            rowKey="billId"
            emptyMessage="Every bill received this month is within the time limit for input tax."
          />
          <DataTable
            label="5 Exempt, nil-rated and non-GST inward supplies"
            columns={INWARD_COLUMNS}
            rows={[
              { key: 'gst', label: 'Exempt and nil-rated', interPaise: data.inwardNilExempt.interPaise, intraPaise: data.inwardNilExempt.intraPaise },
              { key: 'nongst', label: 'Non-GST', interPaise: 0, intraPaise: 0 },
            ]}
            rowKey="key"
          />
          <DataTable label="6.1 Payment of tax" columns={PAYMENT_COLUMNS} rows={data.payment} rowKey="tax" emptyMessage="No tax to pay this month." />
        </Stack>
      )}
    </Card>
  );
}
