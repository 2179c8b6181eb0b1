import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MOVE_IN_KINDS, MOVE_IN_KIND_LABELS, SYSTEM_HEADS, type MoveInKind, type MoveInReport } from 'shared-api';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  ConfirmDialog,
  DataTable,
  ErrorPanel,
  FigureTiles,
  Spinner,
  Stack,
  TextInput,
  formatCount,
  formatDate,
  formatRupees,
  toast,
  type DataTableColumn, formatDrCr
} from 'shared-ui';
import { todayIst } from '../books-common/period';
import {
  MOVE_IN_NETWORK,
  STOCK_UPLOAD_PATH,
  confirmOpeningDifference,
  importPath,
  outstandingPath,
  setOpeningDate,
  useMoveInReport,
  useRevalidateMoveIn,
} from './move-in-api';

/** What each step brings, and what to export from the old software. */
export const STEP_DETAILS: Readonly<Record<MoveInKind, string>> = {
  PARTIES: 'Every customer and supplier with GSTIN, drug licences, address, credit terms and the balance on the opening date (Marg/Busy ledger list, Tally masters XML).',
  ITEMS: 'The item master: name, pack, manufacturer, HSN, GST %, MRP, PTR/PTS, scheme, barcode. Each item is matched to the one catalogue; you confirm the uncertain ones.',
  BILLS: 'Each unpaid sales invoice and purchase bill with its number, date and amount still due (bill-wise outstanding), so ageing is right from day one.',
  TRIAL_BALANCE: 'The balances of the other heads on the opening date: cash, bank, capital, loans, expenses to date. Debtors, creditors and stock come from their own files.',
};

type Imported = MoveInReport['imports'][number];

/** "Not imported yet" or "2 files, 1,234 rows". */
function stepState(imports: readonly Imported[]): string {
  if (imports.length === 0) return 'Not imported yet';
  const rows = imports.reduce((sum, i) => sum + i.rows, 0);
  return `${formatCount(imports.length, 'file')} imported, ${formatCount(rows, 'row')}`;
}

/** The day the balances are as of: set once, fixed from the first import on. */
function OpeningDateCard({ report, onSaved }: { report: MoveInReport; onSaved: (next: MoveInReport) => void }) {
  const [date, setDate] = useState(report.openingDate ?? '');
  const [saving, setSaving] = useState(false);
  const fixed = report.imports.length > 0;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!date) return;
    setSaving(true);
    try {
      onSaved(await setOpeningDate({ openingDate: date }));
      toast.success({ title: 'Opening date set', message: `Balances are taken as of ${formatDate(date)}.` });
    } catch (error) {
      toast.error({ title: 'The date was not set', message: (error as Error).message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Opening date">
      {fixed && report.openingDate ? (
        <p role="status">
          Balances are as of <strong>{formatDate(report.openingDate)}</strong>. The date is fixed: files have been imported against it.
        </p>
      ) : (
        <form aria-label="Set the opening date" onSubmit={(e) => void save(e)}>
          <Stack gap="sm">
            <p>
              The day your old books close and these open: every balance and open bill you import is as of this date (usually the last day before you
              start here, e.g. 31-03 of the year just ended). It cannot change once a file is imported.
            </p>
            <Stack direction="row" gap="sm" align="flex-end" wrap>
              <label>
                Opening date{' '}
                <TextInput aria-label="Opening date" type="date" value={date} max={todayIst()} required onChange={(e) => setDate(e.target.value)} />
              </label>
              <Button type="submit" loading={saving} disabled={saving || !date || date === report.openingDate}>
                {report.openingDate ? 'Change the date' : 'Set the date'}
              </Button>
            </Stack>
            {report.openingDate && <p>Now: {formatDate(report.openingDate)}.</p>}
          </Stack>
        </form>
      )}
    </Card>
  );
}

/** The four imports in order, each with what is in so far, and the stock upload beside them. */
function StepsCard({ report }: { report: MoveInReport }) {
  const dateSet = report.openingDate !== null;
  return (
    <Card title="Steps">
      <Stack gap="md">
        <ol aria-label="Move-in steps" style={{ margin: 0, paddingLeft: 20, display: 'grid', gap: 16 }}>
          {MOVE_IN_KINDS.map((kind) => {
            const imports = report.imports.filter((i) => i.kind === kind);
            return (
              <li key={kind} aria-label={MOVE_IN_KIND_LABELS[kind]}>
                <Stack gap="xs">
                  <Stack direction="row" gap="sm" align="center" wrap>
                    <strong>{MOVE_IN_KIND_LABELS[kind]}</strong>
                    <Badge tone={imports.length > 0 ? 'success' : 'info'}>{stepState(imports)}</Badge>
                  </Stack>
                  <span>{STEP_DETAILS[kind]}</span>
                  {imports.length > 0 && (
                    <ul style={{ margin: 0 }}>
                      {imports.map((i) => (
                        <li key={i.importId}>
                          {i.fileName} ({i.source === 'SHEET' ? 'spreadsheet' : i.source}): {formatCount(i.rows, 'row')} on {formatDate(i.importedAt)}
                        </li>
                      ))}
                    </ul>
                  )}
                  <div>
                    {dateSet ? (
                      <ButtonLink to={importPath(kind)} size="sm" variant={imports.length > 0 ? 'secondary' : 'primary'}>
                        {imports.length > 0 ? 'Import another file' : 'Import a file'}
                      </ButtonLink>
                    ) : (
                      <span>Set the opening date first.</span>
                    )}
                  </div>
                </Stack>
              </li>
            );
          })}
        </ol>
        <p>
          <strong>Opening stock at cost:</strong> upload the stock statement with its Cost column in <Link to={STOCK_UPLOAD_PATH}>Upload Inventory</Link>: the
          batches come in valued at cost, so the first balance sheet is right.
          {report.stock.atCostPaise > 0 && ` Stock at cost so far: ${formatRupees(report.stock.atCostPaise)}.`}
        </p>
      </Stack>
    </Card>
  );
}

interface Check {
  key: string;
  label: string;
  booksPaise: number;
  filesPaise: number | null;
}

const checkColumns: DataTableColumn<Check>[] = [
  { key: 'label', header: '' },
  { key: 'booksPaise', header: 'In the books', align: 'right', render: (c) => formatRupees(c.booksPaise) },
  { key: 'filesPaise', header: 'In the files', align: 'right', render: (c) => (c.filesPaise === null ? 'Not imported' : formatRupees(c.filesPaise)) },
  {
    key: 'state',
    header: '',
    render: (c) =>
      c.filesPaise === null ? null : c.booksPaise === c.filesPaise ? (
        <Badge tone="success">Agrees</Badge>
      ) : (
        <Badge tone="warning">{`Differs by ${formatRupees(Math.abs(c.booksPaise - c.filesPaise))}`}</Badge>
      ),
  },
];

type Mismatch = MoveInReport['partyMismatches'][number];
const mismatchColumns: DataTableColumn<Mismatch>[] = [
  { key: 'partyName', header: 'Party' },
  { key: 'role', header: 'Role', render: (m) => (m.role === 'CUSTOMER' ? 'Customer' : 'Supplier') },
  { key: 'filePaise', header: 'In the file', align: 'right', render: (m) => formatDrCr(m.filePaise) },
  { key: 'booksPaise', header: 'In the books', align: 'right', render: (m) => formatDrCr(m.booksPaise) },
  { key: 'difference', header: 'Difference', align: 'right', render: (m) => formatDrCr(m.booksPaise - m.filePaise) },
];

const DIFFERENCE_HEAD = SYSTEM_HEADS.OPENING_DIFFERENCE.name;

/** The checks after import: what came in, the books against the files, the opening difference to confirm. */
function ReportCard({ report, onConfirmed }: { report: MoveInReport; onConfirmed: (next: MoveInReport) => Promise<unknown> }) {
  const [confirming, setConfirming] = useState(false);
  const c = report.counts;
  const checks: Check[] = [
    { key: 'receivable', label: 'Receivable: customers owe you', booksPaise: report.receivable.booksPaise, filesPaise: report.receivable.filesPaise },
    { key: 'payable', label: 'Payable: you owe suppliers', booksPaise: report.payable.booksPaise, filesPaise: report.payable.filesPaise },
    { key: 'stock', label: 'Stock at cost (trial balance’s stock line)', booksPaise: report.stock.atCostPaise, filesPaise: report.stock.trialBalancePaise },
  ];

  async function confirm() {
    const next = await confirmOpeningDifference({ differencePaise: report.differencePaise });
    setConfirming(false);
    toast.success({ title: 'Difference posted', message: `${formatDrCr(report.differencePaise)} moved to “${DIFFERENCE_HEAD}”.` });
    await onConfirmed(next);
  }

  return (
    <Card title="Move-in report">
      <Stack gap="md">
        <FigureTiles
          aria-label="Imported"
          tiles={[
            { label: 'Customers', value: formatCount(c.customers, 'party', 'parties') },
            { label: 'Suppliers', value: formatCount(c.suppliers, 'party', 'parties') },
            { label: 'Items', value: formatCount(c.items, 'item') },
            { label: 'Receivable bills', value: formatCount(c.receivableBills, 'bill') },
            { label: 'Payable bills', value: formatCount(c.payableBills, 'bill') },
            { label: 'Trial balance heads', value: formatCount(c.trialBalanceHeads, 'head') },
          ]}
        />
        <DataTable label="Books against the files" columns={checkColumns} rows={checks} rowKey="key" />
        <Stack direction="row" gap="sm" wrap>
          <Link to={outstandingPath('RECEIVABLE')}>Outstanding receivable with ageing</Link>
          <Link to={outstandingPath('PAYABLE')}>Outstanding payable with ageing</Link>
        </Stack>

        <section aria-label="Opening difference">
          <Stack gap="sm">
            {report.differencePaise === 0 ? (
              <p role="status">
                The opening balances balance: no difference.
                {report.differenceConfirmedAt && ` The last difference was posted to “${DIFFERENCE_HEAD}” on ${formatDate(report.differenceConfirmedAt)}.`}
              </p>
            ) : (
              <>
                <p role="status">
                  Opening difference: <strong>{formatDrCr(report.differencePaise)}</strong>. What the imported balances leave on “{SYSTEM_HEADS.OPENING_BALANCES.name}”
                  less the stock at cost: the old books’ figures do not add up to zero. Check the files first; when they are right, post it to “{DIFFERENCE_HEAD}”.
                </p>
                <div>
                  <Button type="button" onClick={() => setConfirming(true)}>
                    Post the difference to ‘{DIFFERENCE_HEAD}’
                  </Button>
                </div>
              </>
            )}
          </Stack>
        </section>

        {report.partyMismatches.length > 0 && (
          <>
            <strong>{formatCount(report.partyMismatches.length, 'party', 'parties')} whose balance in the books is not what the file said</strong>
            <DataTable label="Party mismatches" columns={mismatchColumns} rows={report.partyMismatches} rowKey={(m) => `${m.role}:${m.partyName}`} pageSize={10} />
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Post the opening difference?"
        message={
          <p>
            A journal dated {report.openingDate ? formatDate(report.openingDate) : 'the opening date'} moves {formatDrCr(report.differencePaise)} from “
            {SYSTEM_HEADS.OPENING_BALANCES.name}” to “{DIFFERENCE_HEAD}” (capital), so the opening balance sheet balances.
          </p>
        }
        confirmLabel="Post the difference"
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

/**
 * Settings → Move in (issue 36, owner only): a distributor coming from Marg, Busy or Tally sets the opening date,
 * imports its parties, items, open bills and opening trial balance in that order (and its stock through the stock
 * upload), then checks the report: the books against the files, and the opening difference to post.
 */
export function MoveInPage() {
  const { data, error, mutate } = useMoveInReport();
  const revalidate = useRevalidateMoveIn();

  if (error && !data) return <ErrorPanel title="The move-in could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading the move-in" />;

  return (
    <Stack gap="lg">
      <p>
        Bring your customers and suppliers, items, unpaid bills and opening balances over from Marg, Busy or Tally: export each list as Excel, CSV or
        Tally XML, check the preview, and import it. Importing the same file again changes nothing.
      </p>
      <OpeningDateCard report={data} onSaved={(next) => void mutate(next, { revalidate: false })} />
      <StepsCard report={data} />
      {data.imports.length > 0 && (
        <ReportCard
          report={data}
          onConfirmed={async (next) => {
            await mutate(next, { revalidate: false });
            await revalidate();
          }}
        />
      )}
      {data.imports.some((i) => i.kind === 'PARTIES' || i.kind === 'BILLS') && (
        <Card title="Joining the network">
          <p>
            Parties already on the platform can be connected with, the others invited by SMS; open bills with them are matched to theirs.{' '}
            <Link to={MOVE_IN_NETWORK}>See your parties on the network</Link>
          </p>
        </Card>
      )}
    </Stack>
  );
}
