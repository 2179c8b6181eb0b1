import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  BILL_MATCH_STATUSES,
  NETWORK_STATUSES,
  type BillMatch,
  type ConnectResult,
  type InviteResult,
  type MoveInParty,
  type NetworkStatus,
} from 'shared-api';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  ErrorPanel,
  FigureTiles,
  FilterRow,
  Select,
  Spinner,
  Stack,
  TextInput,
  formatCount,
  formatDate,
  formatNumber,
  formatPhone,
  formatRupees,
  toast,
  useDebounced,
  type BadgeTone,
  type DataTableColumn, formatDrCr
} from 'shared-ui';
import { MOVE_IN_HOME, connectParties, inviteParties, useBillMatches, useMoveInParties } from './move-in-api';

export const NETWORK_STATUS_LABELS: Readonly<Record<NetworkStatus, string>> = {
  ON_PLATFORM: 'On the platform',
  CONNECTED: 'Connected',
  REQUESTED: 'Request sent',
  INVITED: 'Invited',
  NOT_ON_PLATFORM: 'Not on the platform',
};
const STATUS_TONES: Readonly<Record<NetworkStatus, BadgeTone>> = { ON_PLATFORM: 'info', CONNECTED: 'success', REQUESTED: 'info', INVITED: 'warning', NOT_ON_PLATFORM: 'warning' };

const BILL_MATCH_LABELS: Readonly<Record<BillMatch['status'], string>> = {
  MATCHED: 'Matched',
  AMOUNT_DIFFERS: 'Amount differs',
  MISSING_THERE: 'Not in their bills',
  NOT_MOVED_IN: 'They have not moved in',
};
const BILL_MATCH_TONES: Readonly<Record<BillMatch['status'], BadgeTone>> = { MATCHED: 'success', AMOUNT_DIFFERS: 'danger', MISSING_THERE: 'warning', NOT_MOVED_IN: 'info' };

/** Who can be asked what: a party on the platform to connect, one that is not (with a phone) to join. */
const connectable = (p: MoveInParty) => p.status === 'ON_PLATFORM';
const invitable = (p: MoveInParty) => (p.status === 'NOT_ON_PLATFORM' || p.status === 'INVITED') && p.phone !== null;

const PAGE_SIZE = 50;

type Asking = 'CONNECT' | 'INVITE';

function skippedText(skipped: readonly { partyId: string; reason: string }[], names: ReadonlyMap<string, string>): string {
  return skipped.map((s) => `${names.get(s.partyId) ?? 'A party'}: ${s.reason}`).join('; ');
}

/** The imported parties and where each stands on the network; linked ones to connect with, the others to invite. */
function PartiesCard() {
  const [status, setStatus] = useState<NetworkStatus | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [page, setPage] = useState(0);
  const { data, error, isLoading, mutate } = useMoveInParties({ status: status || undefined, q: q || undefined, page: page + 1, pageSize: PAGE_SIZE });
  // Chosen parties by id, kept across pages and filters until asked.
  const [chosen, setChosen] = useState<ReadonlyMap<string, MoveInParty>>(new Map());
  const [asking, setAsking] = useState<Asking | null>(null);

  const toggle = (p: MoveInParty, on: boolean) =>
    setChosen((c) => {
      const next = new Map(c);
      if (on) next.set(p.partyId, p);
      else next.delete(p.partyId);
      return next;
    });
  const toConnect = [...chosen.values()].filter(connectable);
  const toInvite = [...chosen.values()].filter(invitable);

  async function ask(what: Asking) {
    const parties = what === 'CONNECT' ? toConnect : toInvite;
    const partyIds = parties.map((p) => p.partyId);
    const names = new Map(parties.map((p) => [p.partyId, p.name]));
    let done: number;
    let skipped: (ConnectResult | InviteResult)['skipped'];
    if (what === 'CONNECT') {
      const answer = await connectParties({ partyIds });
      [done, skipped] = [answer.requested, answer.skipped];
    } else {
      const answer = await inviteParties({ partyIds });
      [done, skipped] = [answer.invited, answer.skipped];
    }
    setAsking(null);
    setChosen((c) => new Map([...c].filter(([id]) => !names.has(id))));
    toast.success({
      title: what === 'CONNECT' ? 'Connection requests sent' : 'Invitations sent',
      message: `${formatCount(done, 'party', 'parties')} ${what === 'CONNECT' ? 'asked to connect' : 'invited by SMS'}.${skipped.length > 0 ? ` Not asked: ${skippedText(skipped, names)}.` : ''}`,
    });
    await mutate();
  }

  const columns: DataTableColumn<MoveInParty>[] = [
    {
      key: 'choose',
      header: '',
      render: (p) =>
        connectable(p) || invitable(p) ? (
          <input type="checkbox" aria-label={`Choose ${p.name}`} checked={chosen.has(p.partyId)} onChange={(e) => toggle(p, e.target.checked)} />
        ) : null,
    },
    { key: 'name', header: 'Party' },
    { key: 'role', header: 'Role', render: (p) => (p.role === 'CUSTOMER' ? 'Customer' : 'Supplier') },
    { key: 'gstin', header: 'GSTIN', render: (p) => p.gstin ?? '' },
    { key: 'phone', header: 'Phone', render: (p) => (p.phone ? formatPhone(p.phone) : '') },
    { key: 'linked', header: 'On the platform as', render: (p) => (p.linkedUnitName ? `${p.linkedUnitName} (${p.linkedUnitCode ?? ''})` : '') },
    {
      key: 'status',
      header: 'Status',
      render: (p) => (
        <>
          <Badge tone={STATUS_TONES[p.status]}>{NETWORK_STATUS_LABELS[p.status]}</Badge>
          {p.invitedAt && <small>{` on ${formatDate(p.invitedAt)}`}</small>}
        </>
      ),
    },
    { key: 'balancePaise', header: 'Balance', align: 'right', render: (p) => formatDrCr(p.balancePaise) },
  ];

  return (
    <Card title="Your parties on the network">
      <Stack gap="md">
        {data && (
          <p role="status" aria-label="Parties on the network">
            {formatCount(data.total, 'party', 'parties')} imported: {formatNumber(data.onPlatform)} on the platform, {formatNumber(data.invitable)} to invite.
          </p>
        )}
        <FilterRow>
          <label>
            Status
            <Select
              aria-label="Status"
              value={status}
              placeholder="Every status"
              options={NETWORK_STATUSES.map((s) => ({ value: s, label: NETWORK_STATUS_LABELS[s] }))}
              onChange={(e) => {
                setStatus(e.target.value as NetworkStatus | '');
                setPage(0);
              }}
            />
          </label>
          <label>
            Search
            <TextInput
              aria-label="Search parties"
              value={search}
              maxLength={80}
              placeholder="Name, GSTIN or phone"
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(0);
              }}
            />
          </label>
        </FilterRow>
        {error && !data ? (
          <ErrorPanel title="Your parties could not be loaded" message={error.message} onRetry={() => void mutate()} />
        ) : !data ? (
          <Spinner label="Loading parties" />
        ) : (
          <DataTable
            label="Imported parties"
            columns={columns}
            rows={data.items}
            rowKey="partyId"
            loading={isLoading}
            page={page}
            totalResults={data.total}
            pageSize={PAGE_SIZE}
            onPageChange={setPage}
            emptyMessage="No imported party here. Import your customers and suppliers first."
          />
        )}
        <Stack direction="row" gap="sm" wrap>
          <Button type="button" disabled={toConnect.length === 0} onClick={() => setAsking('CONNECT')}>
            Send connection requests ({formatNumber(toConnect.length)})
          </Button>
          <Button type="button" variant="secondary" disabled={toInvite.length === 0} onClick={() => setAsking('INVITE')}>
            Invite by SMS ({formatNumber(toInvite.length)})
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'CONNECT' ? `Send ${formatCount(toConnect.length, 'connection request')}?` : `Invite ${formatCount(toInvite.length, 'party', 'parties')} by SMS?`}
        message={
          asking === 'CONNECT' ? (
            <p>Each of {toConnect.map((p) => p.name).join(', ')} is asked to connect with you; once they accept, you trade and settle with them here.</p>
          ) : (
            <p>
              An SMS with a sign-up link, filled in from your import, goes to {toInvite.map((p) => `${p.name} (${formatPhone(p.phone ?? '')})`).join(', ')}.
            </p>
          )
        }
        confirmLabel={asking === 'CONNECT' ? 'Send requests' : 'Send invitations'}
        onConfirm={() => (asking ? ask(asking) : undefined)}
        onCancel={() => setAsking(null)}
      />
    </Card>
  );
}

const billColumns: DataTableColumn<BillMatch>[] = [
  { key: 'billNumber', header: 'Bill' },
  { key: 'billDate', header: 'Date', render: (b) => formatDate(b.billDate) },
  { key: 'side', header: 'Side', render: (b) => (b.side === 'RECEIVABLE' ? 'Receivable' : 'Payable') },
  { key: 'partyName', header: 'Party', render: (b) => `${b.partyName} (${b.partyUnitCode})` },
  { key: 'ourPendingPaise', header: 'Due in your books', align: 'right', render: (b) => formatRupees(b.ourPendingPaise) },
  { key: 'theirPendingPaise', header: 'Due in theirs', align: 'right', render: (b) => (b.theirPendingPaise === null ? '' : formatRupees(b.theirPendingPaise)) },
  { key: 'status', header: 'Match', render: (b) => <Badge tone={BILL_MATCH_TONES[b.status]}>{BILL_MATCH_LABELS[b.status]}</Badge> },
];

/** Open bills with parties on the platform against their own imported bills: the start of two-sided books. */
function BillMatchesCard() {
  const { data, error, mutate } = useBillMatches();
  return (
    <Card title="Open bills with parties on the platform">
      {error && !data ? (
        <ErrorPanel title="The bill matches could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading bill matches" />
      ) : (
        <Stack gap="md">
          <FigureTiles aria-label="Bill matches" tiles={BILL_MATCH_STATUSES.map((s) => ({ label: BILL_MATCH_LABELS[s], value: formatNumber(data.counts[s] ?? 0) }))} />
          <DataTable
            label="Bill matches"
            columns={billColumns}
            rows={data.items}
            rowKey={(b) => `${b.side}:${b.partyUnitCode}:${b.billNumber}`}
            pageSize={20}
            emptyMessage="No open bill with a party on the platform."
          />
        </Stack>
      )}
    </Card>
  );
}

/**
 * Move in › joining the network (issue 36): every imported party whose GSTIN is a unit here is linked to it and can
 * be asked to connect; the others can be invited by SMS. Open bills with parties on the platform are set against
 * their own imported bills.
 */
export function MoveInNetworkPage() {
  return (
    <Stack gap="lg">
      <p>
        <Link to={MOVE_IN_HOME}>Back to the move-in steps</Link>
      </p>
      <PartiesCard />
      <BillMatchesCard />
    </Stack>
  );
}
