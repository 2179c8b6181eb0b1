import type { QueryParams } from 'shared-auth';
import { BOOKS_PATHS, type FINANCIAL_STATEMENTS } from 'shared-api';
import { Button, Stack } from 'shared-ui';
import { DownloadButtons } from '../downloads/DownloadButtons';
import { downloadReport } from '../downloads/files';

type Statement = (typeof FINANCIAL_STATEMENTS)[number];
const NAMES: Readonly<Record<Statement, string>> = { PROFIT_AND_LOSS: 'profit and loss', TRIAL_BALANCE: 'trial balance', BALANCE_SHEET: 'balance sheet' };
const FILES: Readonly<Record<Statement, string>> = { PROFIT_AND_LOSS: 'Profit-and-Loss', TRIAL_BALANCE: 'Trial-Balance', BALANCE_SHEET: 'Balance-Sheet' };

/**
 * A statement's downloads and print (issue 39 item 5), as the ledgers have them: XLSX and PDF through the books' one
 * export route, for the period or day on screen.
 */
export function StatementDownloads({ statement, params }: { statement: Statement; params: QueryParams }) {
  const stem = [FILES[statement], ...Object.values(params).filter((v) => v !== undefined)].join('-');
  return (
    <Stack direction="row" gap="xs" wrap>
      <DownloadButtons
        failureTitle={`The ${NAMES[statement]} could not be downloaded`}
        choices={(['xlsx', 'pdf'] as const).map((format) => ({
          id: format,
          label: format.toUpperCase(),
          ariaLabel: `Download the ${NAMES[statement]} as ${format.toUpperCase()}`,
          download: () => downloadReport(BOOKS_PATHS.statementExport, { statement, format, ...params }, stem, format),
        }))}
      />
      <Button type="button" variant="secondary" onClick={() => window.print()}>
        Print
      </Button>
    </Stack>
  );
}
