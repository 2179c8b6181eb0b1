import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import {
  INVENTORY_FIELDS,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES_MESSAGE,
  type ColumnMapping,
  type ImportResult,
  type PreviewRow,
  type UploadMode,
  type UploadPreview,
  type WarnedRow,
} from 'shared-api';
import {
  Button,
  Card,
  CheckColumnsCard,
  CheckProductsCard,
  Checkbox,
  DataTable,
  FilePickCard,
  ProgressBar,
  RejectedRows,
  Stack,
  formatDate,
  formatNumber,
  formatRupees,
  rowCount,
  toast,
  defaultPicks,
  picksToSend,
  type DataTableColumn,
  type ItemPicks,
} from 'shared-ui';
import { importUpload, previewUpload } from '../inventory-api';
import { CostBasisLine } from './CostBasisLine';

const MODES: { mode: UploadMode; title: string; detail: string }[] = [
  {
    mode: 'REPLACE',
    title: 'Replace the warehouse stock with this file',
    detail: 'After the import the warehouse holds exactly the file’s batches and quantities; batches not in the file go to zero.',
  },
  {
    mode: 'ADD',
    title: 'Add this file to the warehouse stock',
    detail: 'The file’s quantities are added to what the warehouse already holds (a purchase or a new delivery).',
  },
];

/** How a row's quantity is made up: the file's stock quantity and the free goods beside it ("480 + 48 free"). */
const fileQuantity = (r: PreviewRow) => (r.freeQuantity > 0 ? `${formatNumber(r.fileQuantity)} + ${formatNumber(r.freeQuantity)} free` : formatNumber(r.fileQuantity));

/** The sample; "Into stock" follows the free-goods choice (PreviewRow: quantity = fileQuantity + free when counted). */
const sampleColumns = (countFree: boolean, withCost: boolean): DataTableColumn<PreviewRow>[] => [
  { key: 'rowNumber', header: 'Row', align: 'right' },
  { key: 'name', header: 'Product' },
  { key: 'pack', header: 'Pack' },
  { key: 'manufacturer', header: 'Manufacturer' },
  { key: 'batchNo', header: 'Batch' },
  { key: 'expiryDate', header: 'Expiry', render: (r) => formatDate(r.expiryDate) },
  { key: 'mrpPaise', header: 'MRP', align: 'right', render: (r) => formatRupees(r.mrpPaise) },
  { key: 'ptrPaise', header: 'PTR', align: 'right', render: (r) => formatRupees(r.ptrPaise) },
  // The opening stock's value at cost (a Cost / purchase rate column); without one the stock is valued at PTS, else PTR.
  ...(withCost ? [{ key: 'costPaise', header: 'Cost', align: 'right' as const, render: (r: PreviewRow) => (r.costPaise === null ? '' : formatRupees(r.costPaise)) }] : []),
  { key: 'fileQuantity', header: 'Qty in file', align: 'right', render: fileQuantity },
  { key: 'quantity', header: 'Into stock', align: 'right', render: (r) => formatNumber(r.fileQuantity + (countFree ? r.freeQuantity : 0)) },
  { key: 'scheme', header: 'Scheme', render: (r) => r.scheme ?? '' },
  { key: 'warnings', header: 'Check', render: (r) => r.warnings.join('; ') },
];

const warnedColumns: DataTableColumn<WarnedRow>[] = [
  { key: 'rowNumber', header: 'Row', align: 'right' },
  { key: 'name', header: 'Product' },
  { key: 'batchNo', header: 'Batch' },
  { key: 'warnings', header: 'Check', render: (r) => r.warnings.join('; ') },
];

/** Checks the browser can make before sending a byte (SPEC.md §5). */
function fileProblem(file: File | null): string | null {
  if (!file) return 'A file must be picked';
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) return UPLOAD_TYPES_MESSAGE;
  if (file.size > UPLOAD_MAX_BYTES) return `The file is larger than ${UPLOAD_MAX_BYTES / 1048576} MB`;
  return null;
}

/**
 * SPEC.md §2 inventory/upload: pick a stock file (XLSX, XLS, PDF, TXT) → preview with the detected columns (which
 * the user may correct) and every bad row explained → import the valid rows, replacing or adding to the stock.
 */
export function UploadPage() {
  const { mutate } = useSWRConfig();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [mode, setMode] = useState<UploadMode | null>(null);
  const [progress, setProgress] = useState<{ label: string; fraction: number | null } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // The user's free-goods choice for this upload; null: the unit's last one, as the preview says.
  const [countFree, setCountFree] = useState<boolean | null>(null);
  // The seller's product for each uncertain item of the preview (the best candidate until changed).
  const [picks, setPicks] = useState<ItemPicks>({});
  // A new file input after each import: a browser fires no change event when the file chosen is the one the input
  // already holds, so choosing the same (perhaps re-exported) file again would go unnoticed.
  const [inputKey, setInputKey] = useState(0);
  const freeCounted = countFree ?? preview?.countFree ?? true;

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked);
    setPreview(null);
    setResult(null);
    setCountFree(null);
    setProblem(picked ? fileProblem(picked) : null);
  }

  async function read(withMapping: ColumnMapping | undefined) {
    const refusal = fileProblem(file);
    if (refusal || !file) return setProblem(refusal);
    setProblem(null);
    setResult(null);
    setProgress({ label: 'Uploading', fraction: 0 });
    try {
      const answer = await previewUpload(file, withMapping, countFree ?? undefined, (f) =>
        setProgress(f === null ? { label: 'Reading the file…', fraction: null } : { label: 'Uploading', fraction: f }),
      );
      setPreview(answer);
      setMapping(answer.mapping);
      setPicks(defaultPicks(answer.itemMatches));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setProgress(null);
    }
  }

  async function runImport() {
    if (!file || !preview || !mode) return;
    setProgress({ label: 'Uploading', fraction: 0 });
    try {
      const answer = await importUpload(file, mode, mapping, freeCounted, picksToSend(picks), (f) =>
        setProgress(f === null ? { label: 'Importing… (one transaction: all valid rows or none)', fraction: null } : { label: 'Uploading', fraction: f }),
      );
      setResult(answer);
      setFile(null);
      setInputKey((k) => k + 1);
      toast.success({
        title: answer.alreadyImported ? 'Already imported' : 'Stock imported',
        message: answer.alreadyImported
          ? 'This file was imported into this warehouse before; nothing changed.'
          : `${formatNumber(answer.rowsImported)} batches ${answer.mode === 'ADD' ? 'added to' : 'now make up'} the stock of ${preview.warehouseName}.`,
      });
      // Every stock screen shows something new.
      await mutate((key) => (Array.isArray(key) ? String(key[0]) : String(key)).startsWith('/tenants/inventory'));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setProgress(null);
    }
  }

  const mappingChanged = preview !== null && JSON.stringify(mapping) !== JSON.stringify(preview.mapping);
  const busy = progress !== null;
  const columnsOk = preview !== null && !result && !mappingChanged && preview.missingFields.length === 0;
  // The "Check products" step shows once the columns are right and the file has items (issue 36).
  const checksProducts = columnsOk && preview.catalogue.items > 0;

  return (
    <Stack gap="lg">
      <FilePickCard
        title="1. Pick the stock file"
        label="Stock file"
        accept=".xlsx,.xls,.pdf,.txt"
        inputKey={inputKey}
        onPick={pick}
        readLabel="Read file"
        onRead={() => void read(undefined)}
        canRead={!!file}
        problem={problem}
        progress={progress}
      >
        <p>Export the stock statement from your billing software (Marg, Tally, Busy …) as Excel (XLS, XLSX), PDF or TXT, up to {UPLOAD_MAX_BYTES / 1048576} MB.</p>
      </FilePickCard>

      {preview && !result && (
        <CheckColumnsCard
          preview={preview}
          fields={INVENTORY_FIELDS}
          mapping={mapping}
          onChange={setMapping}
          mappingChanged={mappingChanged}
          busy={busy}
          onCheckAgain={() => void read(mapping)}
        />
      )}

      {checksProducts && (
        <CheckProductsCard
          itemMatches={preview.itemMatches}
          catalogue={preview.catalogue}
          picks={picks}
          onPick={(itemKey, productId) => setPicks((p) => ({ ...p, [itemKey]: productId }))}
        />
      )}

      {columnsOk && (
        <Card title={`${checksProducts ? 4 : 3}. ${rowCount(preview.validRows)} ready, ${formatNumber(preview.rejectedRows)} rejected`}>
          <Stack gap="md">
            {preview.rowsWithFree > 0 && (
              <Checkbox
                checked={freeCounted}
                onChange={(e) => setCountFree(e.target.checked)}
                label={`Count free goods as stock (${rowCount(preview.rowsWithFree)} with a free quantity: stocked as quantity + free; remembered for your next upload)`}
              />
            )}
            {preview.costBasis && <CostBasisLine basis={preview.costBasis} onChanged={(costBasis) => setPreview({ ...preview, costBasis })} />}
            {preview.sample.length > 0 && (
              <DataTable label="Rows to import (first rows)" columns={sampleColumns(freeCounted, preview.mapping.cost !== undefined)} rows={preview.sample} rowKey="rowNumber" pageSize={10} />
            )}
            {preview.warnedRows > 0 && (
              <>
                <strong>
                  {rowCount(preview.warnedRows)} to check: imported as they are; a product’s HSN on record is kept, never overwritten by the file
                </strong>
                <DataTable label="Rows to check" columns={warnedColumns} rows={preview.warned} rowKey="rowNumber" pageSize={10} />
              </>
            )}
            {preview.rejectedRows > 0 && (
              <RejectedRows
                title="Rejected rows: these are not imported"
                fileName={preview.fileName}
                headers={preview.headers}
                rows={preview.rejected}
                keyColumns={[
                  { header: 'Product', column: mapping.name },
                  { header: 'Batch', column: mapping.batch },
                ]}
              />
            )}
            {preview.previousImport && (
              <p role="status">
                This exact file was imported into {preview.warehouseName} on {formatDate(preview.previousImport.importedAt)}: importing it again changes nothing.
              </p>
            )}
            <fieldset style={{ border: 0, padding: 0 }}>
              <legend>
                <strong>What should the import do to the stock of {preview.warehouseName}?</strong>
              </legend>
              {MODES.map((m) => (
                <label key={m.mode} style={{ display: 'block', margin: '8px 0' }}>
                  <input type="radio" name="mode" value={m.mode} checked={mode === m.mode} onChange={() => setMode(m.mode)} /> <strong>{m.title}</strong>
                  <br />
                  <span style={{ marginLeft: 24 }}>{m.detail}</span>
                </label>
              ))}
            </fieldset>
            <div>
              <Button type="button" onClick={() => void runImport()} disabled={busy || !mode || preview.validRows === 0}>
                {mode === 'REPLACE' ? `Replace stock with ${rowCount(preview.validRows)}` : `Import ${rowCount(preview.validRows)}`}
              </Button>
            </div>
            {progress && <ProgressBar fraction={progress.fraction} label={progress.label} />}
          </Stack>
        </Card>
      )}

      {result && preview && (
        <Card title={result.alreadyImported ? 'Already imported' : 'Import done'}>
          <Stack gap="sm">
            <p role="status">
              {result.alreadyImported
                ? `This file was imported into ${preview.warehouseName} before; the stock is unchanged.`
                : `${formatNumber(result.rowsImported)} batches ${result.mode === 'ADD' ? 'added to' : 'are now'} the stock of ${preview.warehouseName}` +
                  `${result.mode === 'REPLACE' && result.batchesZeroed > 0 ? `; ${formatNumber(result.batchesZeroed)} batches not in the file went to zero` : ''}. ` +
                  `${formatNumber(result.productsCreated)} new products; ${rowCount(result.rowsRejected)} rejected.`}
              {result.catalogue &&
                result.catalogue.items > result.productsCreated &&
                ` ${formatNumber(result.catalogue.items - result.productsCreated)} items went to products already in the catalogue; your choices are remembered for the next upload.`}
            </p>
            {preview.rowsWithFree > 0 && <p>Free goods {result.countFree ? 'were' : 'were not'} counted as stock.</p>}
            {result.referralCredited && <p>Your first inventory is in: 3 more free deliveries have been added to your referral offer.</p>}
            <Stack direction="row" gap="sm">
              <Link to="/inventory/list">See the inventory</Link>
              <Link to="/stocks/expiry-list">See the expiry list</Link>
            </Stack>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
