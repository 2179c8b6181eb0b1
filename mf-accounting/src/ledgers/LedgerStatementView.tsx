import styled from 'styled-components';
import type { LedgerEntry, LedgerStatement } from 'shared-api';
import { Button, Card, DataTable, ErrorPanel, Spinner, Stack, formatDate, formatRupees, theme, usePageFor, type DataTableColumn, formatDrCr} from 'shared-ui';
import { DocumentLink } from '../books-common/DocumentLink';
import type { Period } from '../books-common/period';
import { DownloadButtons } from '../downloads/DownloadButtons';
import { isPartyGroup } from '../heads/heads-api';
import { LEDGER_PAGE_SIZE, downloadLedger, useLedger } from './ledgers-api';
import { PartyOutstandingCard } from './PartyOutstandingCard';

/** An entry, or the opening / closing line around them. */
interface Line {
  key: string;
  date: string;
  entry: LedgerEntry | null;
  particulars: string;
  debitPaise: number | null;
  creditPaise: number | null;
  balancePaise: number;
}

const Muted = styled.span`
  color: ${theme.colors.textMuted};
`;
const NoPrint = styled.div`
  @media print {
    display: none;
  }
`;

const COLUMNS: readonly DataTableColumn<Line>[] = [
  { key: 'date', header: 'Date', render: (l) => formatDate(l.date) },
  { key: 'document', header: 'Document', render: (l) => (l.entry ? <DocumentLink documentType={l.entry.documentType} documentId={l.entry.documentId} documentNumber={l.entry.documentNumber} /> : '') },
  { key: 'particulars', header: 'Particulars' },
  { key: 'narration', header: 'Narration', render: (l) => (l.entry ? <Muted>{l.entry.narration}</Muted> : '') },
  { key: 'debitPaise', header: 'Debit', align: 'right', render: (l) => (l.debitPaise ? formatRupees(l.debitPaise) : '') },
  { key: 'creditPaise', header: 'Credit', align: 'right', render: (l) => (l.creditPaise ? formatRupees(l.creditPaise) : '') },
  { key: 'balancePaise', header: 'Balance', align: 'right', render: (l) => formatDrCr(l.balancePaise) },
];

const entryLine = (e: LedgerEntry): Line => ({ key: e.voucherId, date: e.date, entry: e, particulars: e.particulars, debitPaise: e.debitPaise, creditPaise: e.creditPaise, balancePaise: e.balancePaise });

/** The opening line heads the first page and the closing line ends the last, so paging never repeats them. */
function pinnedLines(data: LedgerStatement) {
  const lastPage = Math.max(0, Math.ceil(data.totalResults / data.pageSize) - 1);
  const opening: Line = { key: 'opening', date: data.from, entry: null, particulars: 'Opening balance', debitPaise: null, creditPaise: null, balancePaise: data.openingPaise };
  const closing: Line = { key: 'closing', date: data.to, entry: null, particulars: 'Closing balance (period totals)', debitPaise: data.debitPaise, creditPaise: data.creditPaise, balancePaise: data.closingPaise };
  return { leading: data.page === 0 ? [opening] : [], trailing: data.page >= lastPage ? [closing] : [] };
}

/** One head's statement for the period: opening, entries with running balance, closing; downloads and print. */
export function LedgerStatementView({ accountId, period }: { accountId: string; period: Period }) {
  const [page, setPage] = usePageFor(`${accountId}|${period.from}|${period.to}`);
  const { data, error, isLoading, mutate } = useLedger(accountId, period, page);
  if (error && !data) return <ErrorPanel title="The ledger could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading ledger" />;
  const { leading, trailing } = pinnedLines(data);
  const head = data.account;
  return (
    <Stack gap="md">
      <Card
        title={`${head.name}: ${formatDate(data.from)} – ${formatDate(data.to)}`}
        actions={
          <NoPrint>
            <Stack direction="row" gap="xs" wrap>
              <DownloadButtons
                failureTitle="The ledger could not be downloaded"
                choices={(['xlsx', 'pdf'] as const).map((format) => ({
                  id: format,
                  label: format.toUpperCase(),
                  ariaLabel: `Download the ledger as ${format.toUpperCase()}`,
                  download: () => downloadLedger(accountId, head.name, period, format),
                }))}
              />
              <Button type="button" variant="secondary" onClick={() => window.print()}>
                Print
              </Button>
            </Stack>
          </NoPrint>
        }
      >
        <DataTable
          label="Ledger"
          columns={COLUMNS}
          rows={data.items.map(entryLine)}
          leadingRows={leading}
          trailingRows={trailing}
          rowKey="key"
          loading={isLoading}
          emptyMessage="No entries in this period."
          page={data.page}
          pageSize={LEDGER_PAGE_SIZE}
          totalResults={data.totalResults}
          onPageChange={setPage}
        />
      </Card>
      {isPartyGroup(head.group) && <PartyOutstandingCard accountId={accountId} />}
    </Stack>
  );
}
