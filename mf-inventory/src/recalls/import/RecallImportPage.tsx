import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  RECALL_ACTIONS,
  RECALL_ACTION_LABELS,
  RECALL_IMPORT_EXTENSIONS,
  RECALL_IMPORT_FIELDS,
  RECALL_IMPORT_MAX_BYTES,
  RECALL_IMPORT_TYPES_MESSAGE,
  RECALL_REASONS,
  RECALL_REASON_LABELS,
  type RecallAction,
  type RecallImport,
  type RecallImportMapping,
  type RecallImportRaised,
  type RecallImportRow,
  type RecallReason,
} from 'shared-api';
import {
  Button,
  Card,
  CheckColumnsCard,
  DataTable,
  EmptyState,
  FilePickCard,
  RejectedRows,
  Select,
  Stack,
  TextInput,
  formatDate,
  formatNumber,
  rowCount,
  toast,
  type DataTableColumn,
} from 'shared-ui';
import { useIsStaff } from '../recalls-api';
import { confirmRecallImport, previewRecallList } from './recall-import-api';


/** Checks the browser can make before sending a byte. */
function fileProblem(file: File | null): string | null {
  if (!file) return 'A file must be picked';
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(RECALL_IMPORT_EXTENSIONS as readonly string[]).includes(ext)) return RECALL_IMPORT_TYPES_MESSAGE;
  if (file.size > RECALL_IMPORT_MAX_BYTES) return `The file is larger than ${RECALL_IMPORT_MAX_BYTES / 1048576} MB: split it`;
  return null;
}

const productLabel = (p: { name: string; manufacturer: string; pack: string }) => [p.name, p.pack && `(${p.pack})`, `· ${p.manufacturer}`].filter(Boolean).join(' ');

const raisedColumns: DataTableColumn<RecallImportRaised>[] = [
  { key: 'recallNumber', header: 'Recall', render: (r) => (r.recallId ? <Link to={`/stocks/recalls/${r.recallId}`}>{r.recallNumber}</Link> : 'Not raised') },
  { key: 'productName', header: 'Product', render: (r) => `${r.productName} · ${r.manufacturer}` },
  { key: 'batchNos', header: 'Batches', render: (r) => [...r.batchNos, ...(r.expiryUpTo ? [`all up to ${formatDate(r.expiryUpTo)}`] : [])].join(', ') },
  { key: 'rowNumbers', header: 'Rows', render: (r) => r.rowNumbers.join(', ') },
  { key: 'problem', header: 'Problem', render: (r) => r.problem ?? '' },
];

/**
 * Issue 35: back-office staff import the regulator's list of not-of-standard-quality, spurious and recalled batches
 * (XLSX, CSV, PDF) — the stock upload's steps: pick the file → check the columns → check the rows (pick the product
 * of ambiguous ones; rejected rows explained) → raise one recall per product, batches grouped.
 */
export function RecallImportPage() {
  const staff = useIsStaff();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<RecallImport | null>(null);
  const [mapping, setMapping] = useState<RecallImportMapping>({});
  const [picks, setPicks] = useState<Record<number, string>>({});
  const [reason, setReason] = useState<RecallReason>('NSQ');
  const [action, setAction] = useState<RecallAction>('QUARANTINE');
  const [noticeNumber, setNoticeNumber] = useState('');
  const [noticeDate, setNoticeDate] = useState('');
  const [progress, setProgress] = useState<{ label: string; fraction: number | null } | null>(null);
  const [inputKey, setInputKey] = useState(0);

  if (staff === false) return <EmptyState title="Back office only" message="Importing the regulator's recall list is for the provider's staff." />;

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked);
    setPreview(null);
    setPicks({});
    setProblem(picked ? fileProblem(picked) : null);
  }

  async function read(withMapping: RecallImportMapping | undefined) {
    const refusal = fileProblem(file);
    if (refusal || !file) return setProblem(refusal);
    setProblem(null);
    setProgress({ label: 'Uploading', fraction: 0 });
    try {
      const answer = await previewRecallList(file, withMapping, (f) =>
        setProgress(f === null ? { label: 'Reading the list and matching products…', fraction: null } : { label: 'Uploading', fraction: f }),
      );
      setPreview(answer);
      setMapping(answer.mapping);
      setPicks({});
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setProgress(null);
    }
  }

  async function raise() {
    if (!preview) return;
    setProblem(null);
    setProgress({ label: 'Raising recalls… (each product its own recall)', fraction: null });
    try {
      const done = await confirmRecallImport(preview.importId, {
        picks: Object.entries(picks).map(([rowNumber, productId]) => ({ rowNumber: Number(rowNumber), productId })),
        reason,
        action,
        noticeNumber: noticeNumber.trim() || null,
        noticeDate: noticeDate || null,
      });
      setPreview(done);
      setFile(null);
      setInputKey((k) => k + 1);
      toast.success({ title: 'Recalls raised', message: `${formatNumber(done.result?.recallsRaised ?? 0)} recalls raised from ${done.fileName}.` });
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setProgress(null);
    }
  }

  const mappingChanged = preview !== null && JSON.stringify(mapping) !== JSON.stringify(preview.mapping);
  const busy = progress !== null;
  const result = preview?.result ?? null;
  const toPick = preview ? preview.rows.filter((r) => r.match === 'AMBIGUOUS' && !picks[r.rowNumber]).length : 0;
  const ready = preview ? preview.rows.length - toPick : 0;

  const rowColumns: DataTableColumn<RecallImportRow>[] = [
    { key: 'rowNumber', header: 'Row', align: 'right' },
    { key: 'name', header: 'In the list', render: (r) => (r.manufacturer ? `${r.name} · ${r.manufacturer}` : r.name) },
    { key: 'batchNos', header: 'Batches', render: (r) => (r.allUpToExpiry ? `All up to ${r.expiryDate ? formatDate(r.expiryDate) : ''}` : r.batchNos.join(', ')) },
    { key: 'reason', header: 'Reason', render: (r) => (r.reason ? RECALL_REASON_LABELS[r.reason] : (r.reasonText ?? '')) },
    { key: 'notice', header: 'Notice', render: (r) => [r.noticeNumber, r.noticeDate && formatDate(r.noticeDate)].filter(Boolean).join(' of ') },
    {
      key: 'productId',
      header: 'Product',
      render: (r) =>
        r.match === 'MATCHED' ? (
          productLabel(r.candidates[0]!)
        ) : (
          <Select
            aria-label={`Product for row ${r.rowNumber}`}
            value={picks[r.rowNumber] ?? ''}
            placeholder="Pick the product (or leave the row out)"
            onChange={(e) => setPicks((p) => ({ ...p, [r.rowNumber]: e.target.value }))}
            options={r.candidates.map((c) => ({ value: c.productId, label: `${productLabel(c)} — held by ${formatNumber(c.holders)} ${c.holders === 1 ? 'unit' : 'units'}` }))}
          />
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <FilePickCard
        title="1. Pick the regulator's list"
        label="Recall list"
        accept=".xlsx,.xls,.csv,.pdf,.txt"
        inputKey={inputKey}
        onPick={pick}
        readLabel="Read list"
        onRead={() => void read(undefined)}
        canRead={!!file}
        problem={problem}
        progress={progress}
      >
        <p>
          The monthly list of batches not of standard quality, spurious or recalled, as Excel (XLSX, XLS), CSV or PDF, up to {RECALL_IMPORT_MAX_BYTES / 1048576} MB. Each row: the
          product, its manufacturer, the batch number(s) (or “All” with an expiry), and maybe the reason and the notice.
        </p>
      </FilePickCard>

      {preview && !result && (
        <CheckColumnsCard
          preview={preview}
          fields={RECALL_IMPORT_FIELDS}
          mapping={mapping}
          onChange={setMapping}
          mappingChanged={mappingChanged}
          busy={busy}
          onCheckAgain={() => void read(mapping)}
        />
      )}

      {preview && !result && !mappingChanged && preview.missingFields.length === 0 && (
        <Card title={`3. ${rowCount(ready)} ready, ${formatNumber(toPick)} to pick, ${formatNumber(preview.rejectedRows)} rejected`}>
          <Stack gap="md">
            {preview.rows.length > 0 && <DataTable label="Rows to import" columns={rowColumns} rows={preview.rows} rowKey="rowNumber" pageSize={20} />}
            {toPick > 0 && <p role="status">{rowCount(toPick)} name more than one product: pick the product, or the row is left out.</p>}
            {preview.rejectedRows > 0 && (
              <RejectedRows
                title="Rejected rows: these raise nothing"
                fileName={preview.fileName}
                headers={preview.headers}
                rows={preview.rejected}
                keyColumns={[
                  { header: 'Product', column: preview.mapping.name },
                  { header: 'Batch', column: preview.mapping.batch },
                ]}
              />
            )}
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 12 }}>
              <label>
                Reason (rows that do not say)
                <Select
                  aria-label="Reason for rows without one"
                  value={reason}
                  onChange={(e) => setReason(e.target.value as RecallReason)}
                  options={RECALL_REASONS.map((r) => ({ value: r, label: RECALL_REASON_LABELS[r] }))}
                />
              </label>
              <label>
                What holders must do
                <Select aria-label="Action" value={action} onChange={(e) => setAction(e.target.value as RecallAction)} options={RECALL_ACTIONS.map((a) => ({ value: a, label: RECALL_ACTION_LABELS[a] }))} />
              </label>
              <label>
                Notice number (rows that do not say)
                <TextInput aria-label="Notice number for rows without one" value={noticeNumber} maxLength={80} onChange={(e) => setNoticeNumber(e.target.value)} />
              </label>
              <label>
                Notice date
                <TextInput aria-label="Notice date for rows without one" type="date" value={noticeDate} onChange={(e) => setNoticeDate(e.target.value)} />
              </label>
            </div>
            <div>
              <Button type="button" onClick={() => void raise()} disabled={busy || ready === 0}>
                Raise recalls for {rowCount(ready)}
              </Button>
            </div>
          </Stack>
        </Card>
      )}

      {preview && result && (
        <Card title="Recalls raised">
          <Stack gap="sm">
            <p role="status">
              {formatNumber(result.recallsRaised)} recalls raised from {preview.fileName}
              {result.recallsFailed > 0 ? `; ${formatNumber(result.recallsFailed)} could not be raised (see why below)` : ''}
              {result.rowsSkipped.length > 0 ? `; ${rowCount(result.rowsSkipped.length)} left out (no product picked): ${result.rowsSkipped.join(', ')}` : ''}.
            </p>
            <DataTable label="Recalls raised" columns={raisedColumns} rows={result.raised} rowKey={(r) => r.rowNumbers.join('-')} pageSize={20} />
            <Link to="/stocks/recalls">See all recalls</Link>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
