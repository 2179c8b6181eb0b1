import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { STATEMENT_MAX_BYTES, STATEMENT_MAX_LINES, STATEMENT_OUTCOMES, type RejectedRow, type StatementImportResult, type StatementLine, type StatementUpload } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, Card, DataTable, Stack, formatDate, formatNumber, formatRupees, theme, toast, type DataTableColumn } from 'shared-ui';
import { OutcomeBadge, outcomeLabel } from '../payments-common/labels';
import { importStatement, previewStatement, readAsBase64, useRevalidatePayments } from '../payments-common/payments-api';

const MAX_MB = STATEMENT_MAX_BYTES / (1024 * 1024);

const Counts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.md};
  list-style: none;
  margin: 0;
  padding: 0;
`;
const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;
const Hint = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;
const FileLabel = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  font-size: ${theme.fontSizes.sm};
`;

const COLUMNS: readonly DataTableColumn<StatementLine>[] = [
  { key: 'row', header: 'Row', align: 'right' },
  { key: 'date', header: 'Date', render: (l) => formatDate(l.date) },
  { key: 'narration', header: 'Narration' },
  { key: 'utr', header: 'UTR', render: (l) => l.utr ?? '' },
  { key: 'credit', header: 'Credit', align: 'right', render: (l) => (l.amountPaise > 0 ? formatRupees(l.amountPaise) : '') },
  { key: 'debit', header: 'Debit', align: 'right', render: (l) => (l.amountPaise < 0 ? formatRupees(-l.amountPaise) : '') },
  { key: 'outcome', header: 'Outcome', render: (l) => <OutcomeBadge outcome={l.outcome} /> },
];

/** As the stock upload shows its rejected rows: the row, every problem, the cells as the file has them. */
const REJECTED_COLUMNS: readonly DataTableColumn<RejectedRow>[] = [
  { key: 'rowNumber', header: 'Row', align: 'right' },
  { key: 'problems', header: 'Problems', render: (r) => r.problems.join('; ') },
  { key: 'cells', header: 'Cells', render: (r) => r.cells.filter(Boolean).join(' | ') },
];

const lines = (n: number) => `${formatNumber(n)} ${n === 1 ? 'line' : 'lines'}`;

/** The outcome of each line (what an import would do, or did) and the rows that are not imported. */
function StatementLines({ result }: { result: StatementImportResult }) {
  return (
    <Stack gap="md">
      <Counts aria-label="Outcomes">
        {STATEMENT_OUTCOMES.map((o) => (
          <li key={o} aria-label={outcomeLabel(o)}>
            <OutcomeBadge outcome={o} /> <strong>{formatNumber(result.counts[o] ?? 0)}</strong>
          </li>
        ))}
      </Counts>
      <DataTable label="Statement lines" columns={COLUMNS} rows={result.lines} rowKey="row" pageSize={50} emptyMessage="The file has no lines to import." />
      {result.rejected.length > 0 && (
        <Stack gap="sm">
          <ErrorText>
            {formatNumber(result.rejected.length)} {result.rejected.length === 1 ? 'row is' : 'rows are'} not imported: correct the amount or date in the file (or
            enter the money by hand) and import it again.
          </ErrorText>
          <DataTable label="Rows not imported" columns={REJECTED_COLUMNS} rows={result.rejected} rowKey="rowNumber" pageSize={20} />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The bank's statement (CSV or XLSX as the bank gives it), checked first: each line's match to a recorded payment by
 * UTR and amount, and the rows whose money cannot be read. Importing it then reconciles the matches and queues the
 * money in that nothing explains, all or nothing; the same file is imported once.
 */
export function StatementImport() {
  const revalidate = useRevalidatePayments();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The file checked and what importing it would do. */
  const [checked, setChecked] = useState<{ upload: StatementUpload; preview: StatementImportResult } | null>(null);
  const [result, setResult] = useState<StatementImportResult | null>(null);

  const failed = (e: unknown, fallback: string) => setError(isApiError(e) ? (Object.values(e.fields ?? {})[0] ?? e.message) : fallback);

  async function check(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError('Choose the statement file');
    if (file.size > STATEMENT_MAX_BYTES) return setError(`The file must be at most ${MAX_MB} MB: export the statement a month or a quarter at a time`);
    setError(null);
    setResult(null);
    setBusy('check');
    try {
      const upload = { fileName: file.name, contentBase64: await readAsBase64(file) };
      setChecked({ upload, preview: await previewStatement(upload) });
    } catch (e) {
      setChecked(null);
      failed(e, 'The statement could not be read');
    } finally {
      setBusy(null);
    }
  }

  async function commit() {
    if (!checked) return;
    setError(null);
    setBusy('import');
    try {
      const imported = await importStatement(checked.upload);
      setResult(imported);
      setChecked(null);
      toast.success({ title: 'Statement imported', message: `${lines(imported.lines.length)} read from ${imported.fileName}` });
      void revalidate();
    } catch (e) {
      failed(e, 'The statement could not be imported');
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="md">
      <Card title="Import a bank statement">
        <form onSubmit={(e) => void check(e)} aria-label="Bank statement">
          <Stack gap="sm">
            <FileLabel>
              Statement file (CSV or XLSX)
              <input
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  setFile(e.currentTarget.files?.[0] ?? null);
                  setChecked(null);
                  setError(null);
                }}
              />
            </FileLabel>
            <Hint>
              At most {formatNumber(STATEMENT_MAX_LINES)} lines and {MAX_MB} MB a file. Each file is imported once.
            </Hint>
            {error && <ErrorText role="alert">{error}</ErrorText>}
            <div>
              <Button type="submit" variant={checked ? 'secondary' : 'primary'} loading={busy === 'check'} disabled={busy === 'import'}>
                Check statement
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
      {checked && (
        <Card title={`What importing ${checked.preview.fileName} will do`}>
          <Stack gap="md">
            <StatementLines result={checked.preview} />
            <div>
              <Button type="button" onClick={() => void commit()} loading={busy === 'import'} disabled={busy === 'check' || checked.preview.lines.length === 0}>
                Import statement ({lines(checked.preview.lines.length)})
              </Button>
            </div>
          </Stack>
        </Card>
      )}
      {result && (
        <Card title={`Lines of ${result.fileName}`}>
          <StatementLines result={result} />
        </Card>
      )}
    </Stack>
  );
}
