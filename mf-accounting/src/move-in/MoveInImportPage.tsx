import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  MOVE_IN_EXTENSIONS,
  MOVE_IN_FIELDS,
  MOVE_IN_KIND_LABELS,
  MOVE_IN_MAX_BYTES,
  MOVE_IN_TYPES_MESSAGE,
  type BillRow,
  type BillSide,
  type ItemRow,
  type MoveInImport,
  type MoveInKind,
  type MoveInMapping,
  type MoveInTrialBalanceRow,
  type PartyRow,
  type TbLineTreatment,
} from 'shared-api';
import {
  Button,
  Card,
  CheckColumnsCard,
  CheckProductsCard,
  DataTable,
  FilePickCard,
  ProgressBar,
  RejectedRows,
  Select,
  Stack,
  formatCount,
  formatDate,
  formatNumber,
  formatRupees,
  defaultPicks,
  picksToSend,
  rowCount,
  toast,
  type DataTableColumn,
  type ItemPicks, formatDrCr
} from 'shared-ui';
import { GROUP_OPTIONS } from '../heads/heads-api';
import {
  MOVE_IN_HOME,
  MOVE_IN_NETWORK,
  STOCK_UPLOAD_PATH,
  confirmMoveInImport,
  downloadRejected,
  outstandingPath,
  previewMoveInFile,
  useMoveInReport,
  useRevalidateMoveIn,
} from './move-in-api';

/** What to export from the old software, per kind. */
const WHAT_TO_EXPORT: Readonly<Record<MoveInKind, string>> = {
  PARTIES: 'Marg: Masters › Ledger list (with GSTIN, DL and balance) to Excel; Busy: Account master list; Tally: Display › List of Accounts, exported as XML (masters).',
  ITEMS: 'Marg: Masters › Item list to Excel; Busy: Item master list; Tally: Stock items exported as XML.',
  BILLS: 'Marg or Busy: the bill-wise outstanding report (receivable or payable) to Excel; Tally: Outstandings › Bills receivable or payable, exported as XML.',
  TRIAL_BALANCE: 'The trial balance as of the opening date, to Excel or CSV (Tally: Display › Trial Balance, exported).',
};

const SIDES: readonly { side: BillSide | null; label: string }[] = [
  { side: null, label: 'The file says (a Dr/Cr column, or Tally’s bills receivable/payable)' },
  { side: 'RECEIVABLE', label: 'Sales bills customers have not paid (receivable)' },
  { side: 'PAYABLE', label: 'Purchase bills you have not paid (payable)' },
];

const SOURCE_LABELS: Readonly<Record<MoveInImport['source'], string>> = {
  MARG: 'a Marg export',
  BUSY: 'a Busy export',
  TALLY: 'a Tally XML export',
  SHEET: 'a spreadsheet with a header row',
};

const TREATMENT_LABELS: Readonly<Record<TbLineTreatment, string>> = {
  POST: 'Posted to this head',
  PARTIES_FILE: 'From the parties file: not posted',
  STOCK_UPLOAD: 'From the stock upload: not posted',
  PROFIT_AND_LOSS: 'To “Profit & Loss A/c”',
};

const warningsColumn = <T extends { warnings: string[] }>(): DataTableColumn<T> => ({ key: 'warnings', header: 'Check', render: (r) => r.warnings.join('; ') });
const money = (paise: number | null) => (paise === null ? '' : formatRupees(paise));

const partyColumns: DataTableColumn<PartyRow>[] = [
  { key: 'rowNumber', header: 'Row', align: 'right' },
  { key: 'name', header: 'Party' },
  { key: 'role', header: 'Role', render: (r) => (r.role === 'CUSTOMER' ? 'Customer' : 'Supplier') },
  { key: 'gstin', header: 'GSTIN', render: (r) => r.gstin ?? '' },
  { key: 'drugLicences', header: 'Drug licences', render: (r) => r.drugLicences.join(', ') },
  { key: 'stateCode', header: 'State', render: (r) => r.stateCode ?? '' },
  { key: 'phone', header: 'Phone', render: (r) => r.phone ?? '' },
  { key: 'credit', header: 'Credit', render: (r) => [r.creditLimitPaise !== null && formatRupees(r.creditLimitPaise), r.creditDays !== null && `${r.creditDays} days`].filter(Boolean).join(', ') },
  { key: 'balancePaise', header: 'Balance', align: 'right', render: (r) => (r.balancePaise === null ? 'From its bills' : formatDrCr(r.balancePaise)) },
  warningsColumn<PartyRow>(),
];

const itemColumns: DataTableColumn<ItemRow>[] = [
  { key: 'rowNumber', header: 'Row', align: 'right' },
  { key: 'name', header: 'Item' },
  { key: 'pack', header: 'Pack' },
  { key: 'manufacturer', header: 'Manufacturer' },
  { key: 'hsn', header: 'HSN', render: (r) => r.hsn ?? '' },
  { key: 'gstBp', header: 'GST', align: 'right', render: (r) => (r.gstBp === null ? '' : `${formatNumber(r.gstBp / 100)} %`) },
  { key: 'mrpPaise', header: 'MRP', align: 'right', render: (r) => money(r.mrpPaise) },
  { key: 'ptrPaise', header: 'PTR', align: 'right', render: (r) => money(r.ptrPaise) },
  { key: 'ptsPaise', header: 'PTS', align: 'right', render: (r) => money(r.ptsPaise) },
  { key: 'scheme', header: 'Scheme', render: (r) => (r.schemeBuy !== null && r.schemeFree !== null ? `${r.schemeBuy}+${r.schemeFree}` : '') },
  { key: 'barcode', header: 'Barcode', render: (r) => r.barcode ?? '' },
  warningsColumn<ItemRow>(),
];

const billColumns: DataTableColumn<BillRow>[] = [
  { key: 'rowNumber', header: 'Row', align: 'right' },
  { key: 'side', header: 'Side', render: (r) => (r.side === 'RECEIVABLE' ? 'Receivable' : 'Payable') },
  { key: 'partyName', header: 'Party' },
  { key: 'partyGstin', header: 'GSTIN', render: (r) => r.partyGstin ?? '' },
  { key: 'billNumber', header: 'Bill' },
  { key: 'billDate', header: 'Date', render: (r) => formatDate(r.billDate) },
  { key: 'dueDate', header: 'Due', render: (r) => (r.dueDate ? formatDate(r.dueDate) : '') },
  { key: 'billAmountPaise', header: 'Bill amount', align: 'right', render: (r) => money(r.billAmountPaise) },
  { key: 'pendingPaise', header: 'Still due', align: 'right', render: (r) => formatRupees(r.pendingPaise) },
  warningsColumn<BillRow>(),
];

const trialBalanceColumns = (groups: Record<string, string>, setGroup: (head: string, group: string) => void): DataTableColumn<MoveInTrialBalanceRow>[] => [
  { key: 'rowNumber', header: 'Row', align: 'right' },
  { key: 'head', header: 'Head' },
  {
    key: 'group',
    header: 'Group',
    render: (r) =>
      r.group !== null ? (
        (GROUP_OPTIONS.find((g) => g.value === r.group)?.label ?? r.group)
      ) : (
        <Select aria-label={`Group for ${r.head}`} value={groups[r.head] ?? ''} placeholder="Choose its group" options={GROUP_OPTIONS} onChange={(e) => setGroup(r.head, e.target.value)} />
      ),
  },
  { key: 'treatment', header: 'Taken as', render: (r) => TREATMENT_LABELS[r.treatment] },
  { key: 'balancePaise', header: 'Balance', align: 'right', render: (r) => formatDrCr(r.balancePaise) },
  warningsColumn<MoveInTrialBalanceRow>(),
];

/** The totals of the valid rows, as the owner compares them with the old software's report. */
function totalsText(preview: MoveInImport): string | null {
  const { debitPaise, creditPaise } = preview.totals;
  const credit = Math.abs(creditPaise);
  switch (preview.kind) {
    case 'BILLS':
      return `Still due: ${formatRupees(debitPaise)} receivable (customers owe you), ${formatRupees(credit)} payable (you owe suppliers).`;
    case 'PARTIES':
      return `Balances: ${formatRupees(debitPaise)} Dr (parties owe you), ${formatRupees(credit)} Cr (you owe parties).`;
    case 'TRIAL_BALANCE':
      return `Debit ${formatRupees(debitPaise)}, credit ${formatRupees(credit)}${debitPaise === credit ? ': it balances.' : `: they differ by ${formatRupees(Math.abs(debitPaise - credit))}.`}`;
    default:
      return null;
  }
}

/** The valid rows of the preview (the first 500; the import takes them all). */
function ValidRows({ preview, groups, setGroup }: { preview: MoveInImport; groups: Record<string, string>; setGroup: (head: string, group: string) => void }) {
  const label = `Rows to import${preview.validRows > 500 ? ' (first 500)' : ''}`;
  switch (preview.kind) {
    case 'PARTIES':
      return <DataTable label={label} columns={partyColumns} rows={preview.parties} rowKey="rowNumber" pageSize={10} />;
    case 'ITEMS':
      return <DataTable label={label} columns={itemColumns} rows={preview.items} rowKey="rowNumber" pageSize={10} />;
    case 'BILLS':
      return <DataTable label={label} columns={billColumns} rows={preview.bills} rowKey="rowNumber" pageSize={10} />;
    case 'TRIAL_BALANCE':
      return <DataTable label={label} columns={trialBalanceColumns(groups, setGroup)} rows={preview.trialBalance} rowKey="rowNumber" pageSize={50} />;
  }
}

/** Checks the browser can make before sending a byte. */
function fileProblem(file: File | null): string | null {
  if (!file) return 'A file must be picked';
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(MOVE_IN_EXTENSIONS as readonly string[]).includes(ext)) return MOVE_IN_TYPES_MESSAGE;
  if (file.size > MOVE_IN_MAX_BYTES) return `The file is larger than ${MOVE_IN_MAX_BYTES / 1048576} MB: split it`;
  return null;
}

/** What the import did, in words. */
function resultText(preview: MoveInImport): string {
  const r = preview.result!;
  const parts = [`${rowCount(r.imported)} imported from ${preview.fileName}`];
  if (r.skippedAsAlreadyImported > 0) parts.push(`${rowCount(r.skippedAsAlreadyImported)} already in the books (skipped, not doubled)`);
  if (preview.kind === 'PARTIES') parts.push(`${formatCount(r.linkedParties, 'party', 'parties')} linked to units on the platform by GSTIN`);
  if (preview.kind === 'ITEMS') parts.push(`${formatCount(r.productsCreated, 'new product')} in the catalogue`);
  if (r.vouchersPosted > 0) parts.push(`${formatCount(r.vouchersPosted, 'voucher')} posted`);
  return `${parts.join('; ')}.`;
}

/**
 * Move in › import one file of a kind (issue 36): pick it (for bills, the side when the file does not say) → check
 * the columns the reader found (Tally XML has none) → the valid rows, every rejected row with its reasons, the
 * totals, the items to check against the catalogue → import all of it or nothing.
 */
export function MoveInImportPage({ kind }: { kind: MoveInKind }) {
  const revalidate = useRevalidateMoveIn();
  const openingDate = useMoveInReport().data?.openingDate;
  const [file, setFile] = useState<File | null>(null);
  const [side, setSide] = useState<BillSide | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Why the import itself failed, shown beside its button (the file's problems stay with the file).
  const [importProblem, setImportProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<MoveInImport | null>(null);
  const [mapping, setMapping] = useState<MoveInMapping>({});
  const [picks, setPicks] = useState<ItemPicks>({});
  const [groups, setGroups] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<{ label: string; fraction: number | null } | null>(null);
  const [inputKey, setInputKey] = useState(0);

  function reset() {
    setPreview(null);
    setImportProblem(null);
    setPicks({});
    setGroups({});
  }

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked);
    reset();
    setProblem(picked ? fileProblem(picked) : null);
  }

  async function read(withMapping: MoveInMapping | undefined) {
    const refusal = fileProblem(file);
    if (refusal || !file) return setProblem(refusal);
    setProblem(null);
    setProgress({ label: 'Uploading', fraction: 0 });
    try {
      const answer = await previewMoveInFile(kind, file, { mapping: withMapping, side: side ?? undefined }, (f) =>
        setProgress(f === null ? { label: 'Reading the file…', fraction: null } : { label: 'Uploading', fraction: f }),
      );
      reset();
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
    if (!preview) return;
    setImportProblem(null);
    setProgress({ label: 'Importing… (one transaction: every valid row or none)', fraction: null });
    try {
      const done = await confirmMoveInImport(preview.importId, { picks: picksToSend(picks), groups });
      setPreview(done);
      setFile(null);
      setInputKey((k) => k + 1);
      toast.success({ title: 'Imported', message: resultText(done) });
      await revalidate();
    } catch (error) {
      setImportProblem((error as Error).message);
    } finally {
      setProgress(null);
    }
  }

  const mappingChanged = preview !== null && JSON.stringify(mapping) !== JSON.stringify(preview.mapping);
  const busy = progress !== null;
  const result = preview?.result ?? null;
  const groupsToChoose = preview ? [...new Set(preview.trialBalance.filter((r) => r.group === null && !groups[r.head]).map((r) => r.head))] : [];
  const fields = MOVE_IN_FIELDS[kind];
  const totals = preview && totalsText(preview);

  if (openingDate === null) {
    return (
      <Card title="Set the opening date first">
        <p>
          Every balance and open bill is imported as of the move-in’s opening date: <Link to={MOVE_IN_HOME}>set it on the move-in page</Link>, then come back.
        </p>
      </Card>
    );
  }

  return (
    <Stack gap="lg">
      <p>
        <Link to={MOVE_IN_HOME}>Back to the move-in steps</Link>
        {openingDate && ` · Balances as of ${formatDate(openingDate)}`}
      </p>
      <FilePickCard
        title={`1. Pick the file: ${MOVE_IN_KIND_LABELS[kind]}`}
        label="File to import"
        accept=".xlsx,.xls,.csv,.txt,.xml"
        inputKey={inputKey}
        onPick={pick}
        readLabel="Read file"
        onRead={() => void read(undefined)}
        canRead={!!file}
        problem={problem}
        progress={progress}
      >
        <p>{WHAT_TO_EXPORT[kind]}</p>
        <p>Excel (XLSX, XLS), CSV or Tally XML, up to {MOVE_IN_MAX_BYTES / 1048576} MB. Title rows above the header, Dr/Cr suffixes and en-IN numbers are read as they are.</p>
        {kind === 'BILLS' && (
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>
              <strong>Which bills are in the file?</strong>
            </legend>
            {SIDES.map((s) => (
              <label key={s.side ?? 'FILE'} style={{ display: 'block', margin: '4px 0' }}>
                <input
                  type="radio"
                  name="side"
                  checked={side === s.side}
                  onChange={() => {
                    setSide(s.side);
                    reset();
                  }}
                />{' '}
                {s.label}
              </label>
            ))}
          </fieldset>
        )}
      </FilePickCard>

      {preview && !result && preview.fileType !== 'XML' && (
        <CheckColumnsCard preview={preview} fields={fields} mapping={mapping} onChange={setMapping} mappingChanged={mappingChanged} busy={busy} onCheckAgain={() => void read(mapping)}>
          <p role="status">Read as {SOURCE_LABELS[preview.source]}.</p>
        </CheckColumnsCard>
      )}
      {preview && !result && preview.fileType === 'XML' && (
        <Card title="2. The file">
          <p role="status">
            {preview.fileName}: read as {SOURCE_LABELS[preview.source]}, {rowCount(preview.dataRows)} (Tally’s tags name every field: no columns to check).
          </p>
        </Card>
      )}

      {preview && !result && !mappingChanged && preview.missingFields.length === 0 && preview.catalogue && preview.catalogue.items > 0 && (
        <CheckProductsCard
          title="3. Check products against the catalogue"
          itemMatches={preview.itemMatches}
          catalogue={preview.catalogue}
          picks={picks}
          onPick={(itemKey, productId) => setPicks((p) => ({ ...p, [itemKey]: productId }))}
        />
      )}

      {preview && !result && !mappingChanged && preview.missingFields.length === 0 && (
        <Card title={`${preview.catalogue && preview.catalogue.items > 0 ? 4 : 3}. ${rowCount(preview.validRows)} ready, ${formatNumber(preview.rejectedRows)} rejected`}>
          <Stack gap="md">
            {preview.previousImportId && <p role="status">This exact file was imported before: importing it again changes nothing.</p>}
            {totals && (
              <p role="status" aria-label="Totals">
                {totals}
              </p>
            )}
            {preview.validRows > 0 && <ValidRows preview={preview} groups={groups} setGroup={(head, group) => setGroups((g) => ({ ...g, [head]: group }))} />}
            {preview.rejectedRows > 0 && (
              <RejectedRows
                title="Rejected rows: these are not imported"
                fileName={preview.fileName}
                headers={preview.headers}
                rows={preview.rejected}
                keyColumns={fields.filter((f) => f.required).map((f) => ({ header: f.label, column: mapping[f.field] }))}
                onDownload={() => void downloadRejected(preview).catch((error: Error) => toast.error({ title: 'The rejected rows were not downloaded', message: error.message }))}
              />
            )}
            {groupsToChoose.length > 0 && <p role="alert">Choose the group of: {groupsToChoose.join(', ')}.</p>}
            {importProblem && (
              <p role="alert" style={{ color: '#c62828' }}>
                {importProblem}
              </p>
            )}
            <div>
              <Button type="button" onClick={() => void runImport()} disabled={busy || preview.validRows === 0 || groupsToChoose.length > 0}>
                Import {rowCount(preview.validRows)}
              </Button>
            </div>
            <p>All or nothing: every valid row is imported in one go, or none if anything fails. Rejected rows are left out; fix them and import them as a file of their own.</p>
            {progress && <ProgressBar fraction={progress.fraction} label={progress.label} />}
          </Stack>
        </Card>
      )}

      {preview && result && (
        <Card title="Import done">
          <Stack gap="sm">
            <p role="status">{resultText(preview)}</p>
            <Stack direction="row" gap="md" wrap>
              <Link to={MOVE_IN_HOME}>Back to the move-in steps and report</Link>
              {kind === 'BILLS' && <Link to={outstandingPath(preview.bills.some((b) => b.side === 'RECEIVABLE') ? 'RECEIVABLE' : 'PAYABLE')}>See the outstanding with ageing</Link>}
              {kind === 'PARTIES' && <Link to={MOVE_IN_NETWORK}>Connect with parties on the network</Link>}
              {kind === 'ITEMS' && <Link to={STOCK_UPLOAD_PATH}>Next: upload the opening stock with its cost</Link>}
            </Stack>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
