import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { STATEMENT_OUTCOMES, type StatementImportResult, type StatementLine } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, Card, DataTable, Stack, formatDate, formatNumber, formatRupees, theme, toast, type DataTableColumn } from 'shared-ui';
import { OutcomeBadge, outcomeLabel } from '../payments-common/labels';
import { importStatement, readAsBase64, useRevalidatePayments } from '../payments-common/payments-api';

const MAX_BYTES = 5 * 1024 * 1024;

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

/**
 * The bank's statement (CSV or XLSX as the bank gives it): each line is matched to a recorded payment by UTR and
 * amount; money in that nothing explains joins the unmatched queue.
 */
export function StatementImport() {
  const revalidate = useRevalidatePayments();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<StatementImportResult | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError('Choose the statement file');
    if (file.size > MAX_BYTES) return setError('The file must be at most 5 MB');
    setError(null);
    setBusy(true);
    try {
      const imported = await importStatement({ fileName: file.name, contentBase64: await readAsBase64(file) });
      setResult(imported);
      toast.success({ title: 'Statement imported', message: `${formatNumber(imported.lines.length)} lines read from ${imported.fileName}` });
      void revalidate();
    } catch (e) {
      setError(isApiError(e) ? (Object.values(e.fields ?? {})[0] ?? e.message) : 'The statement could not be imported');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Card title="Import a bank statement">
        <form onSubmit={(e) => void submit(e)} aria-label="Bank statement">
          <Stack gap="sm">
            <FileLabel>
              Statement file (CSV or XLSX)
              <input
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  setFile(e.currentTarget.files?.[0] ?? null);
                  setError(null);
                }}
              />
            </FileLabel>
            {error && <ErrorText role="alert">{error}</ErrorText>}
            <div>
              <Button type="submit" loading={busy}>
                Import statement
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
      {result && (
        <Card title={`Lines of ${result.fileName}`}>
          <Stack gap="md">
            <Counts aria-label="Outcomes">
              {STATEMENT_OUTCOMES.map((o) => (
                <li key={o} aria-label={outcomeLabel(o)}>
                  <OutcomeBadge outcome={o} /> <strong>{formatNumber(result.counts[o] ?? 0)}</strong>
                </li>
              ))}
            </Counts>
            <DataTable label="Statement lines" columns={COLUMNS} rows={result.lines} rowKey="row" pageSize={50} emptyMessage="The file has no lines." />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
