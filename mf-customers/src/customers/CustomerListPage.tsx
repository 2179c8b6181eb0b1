import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LISTED_TYPES, type ConnectedUser, type ConnectionStatus, type ListedType } from 'shared-api';
import { AutoApproveToggle, useMyAccount } from 'shared-auth';
import {
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorPanel,
  Select,
  Stack,
  TextInput,
  formatDate,
  formatOwed, formatRupees,
  toast,
  usePageFor,
  type DataTableColumn,
  useDebounced,
} from 'shared-ui';
import { formatKm, useConnectedUsers, useConnectionActions } from './connections-api';
import { PLURAL, STATUS_FILTERS, statusLabel } from './labels';

function statusFromQuery(value: string | null): ConnectionStatus | 'ALL' {
  return STATUS_FILTERS.find((f) => f.value === value)?.value ?? 'ALL';
}
import { Toolbar, TradeName, capitalise } from './list-helpers';
import { NearbyPanel } from './NearbyPanel';
import { CreditTermsDialog, creditTermsText } from './CreditTermsDialog';

const PAGE_SIZE = 20;
const SORTS = [
  { value: 'name', label: 'Sort by name' },
  { value: 'distance', label: 'Sort by distance' },
];

type Decision =
  | { kind: 'approve'; row: ConnectedUser }
  | { kind: 'decline'; row: ConnectedUser }
  | { kind: 'disconnect'; row: ConnectedUser }
  | { kind: 'reconnect'; row: ConnectedUser }
  | { kind: 'access'; row: ConnectedUser; grant: boolean };

const isListed = (type: string): type is ListedType => (LISTED_TYPES as readonly string[]).includes(type);

/**
 * SPEC.md §2: one list screen for connected users, reused with the user type (STOCKIST, HOSPITAL or RETAILER):
 * searchable, filtered by status, sorted by name or distance, with the seller's approve / access / disconnect
 * decisions behind a confirmation (SPEC.md §4), and "find near you" to connect with new traders.
 * Who may open which list is the route's access rule (routes.tsx); the API applies the same rule.
 */
export function CustomerListPage({ customerType }: { customerType: ListedType }) {
  const plural = PLURAL[customerType];
  const { data: account } = useMyAccount();
  const callerType = account && isListed(account.customerType) ? account.customerType : null;
  const isSeller = callerType === 'STOCKIST';

  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), 300);
  // A notification's link may name the filter (a connection request opens ?status=PENDING).
  const [params] = useSearchParams();
  const [status, setStatus] = useState<ConnectionStatus | 'ALL'>(() => statusFromQuery(params.get('status')));
  const [sort, setSort] = useState<'name' | 'distance'>('name');
  const [page, setPage] = usePageFor(`${search}|${status}|${sort}`);
  const [findingNearby, setFindingNearby] = useState(false);

  const { data, error, isLoading, mutate } = useConnectedUsers(callerType, customerType, {
    search: search || undefined,
    status,
    sort,
    page,
    pageSize: PAGE_SIZE,
  });
  const actions = useConnectionActions();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [grantOnApprove, setGrantOnApprove] = useState(true);
  // Credit terms (issue 39): the seller sets them per buyer.
  const [termsFor, setTermsFor] = useState<ConnectedUser | null>(null);
  // Rows decided here that left the status filter (approved under "Pending requests") stay in place with their new
  // status until the filter, search, sort or page changes: a row vanishing on approval reads as "nothing matches".
  const listKey = `${search}|${status}|${sort}|${page}`;
  const [kept, setKept] = useState<{ key: string; rows: KeptRow[] }>({ key: listKey, rows: [] });
  // Dropped (not just hidden) on a change, so going back to the same filter shows the API's list.
  if (kept.key !== listKey) setKept({ key: listKey, rows: [] });
  const rows = withKept(data?.items ?? [], kept.key === listKey ? kept.rows : []);
  const keptCount = rows.length - (data?.items.length ?? 0);

  const filtered = search !== '' || status !== 'ALL';
  const findButton = (
    <Button type="button" variant={findingNearby ? 'secondary' : 'primary'} onClick={() => setFindingNearby((open) => !open)}>
      Find {plural} near you
    </Button>
  );

  const columns: DataTableColumn<ConnectedUser>[] = [
    { key: 'tradeName', header: 'Trade name', render: (c) => <TradeName name={c.tradeName} code={c.unitCode} /> },
    { key: 'city', header: 'City' },
    { key: 'distanceKm', header: 'Distance', align: 'right', render: (c) => formatKm(c.distanceKm) },
    { key: 'status', header: 'Status', render: (c) => statusLabel(c.status, c.callerSide) },
    {
      key: 'hasAccess',
      header: 'Inventory access',
      render: (c) => (c.status !== 'APPROVED' ? '—' : accessText(c)),
    },
    { key: 'since', header: 'Since', render: (c) => formatDate(c.decidedAt ?? c.requestedAt) },
    { key: 'orderCount', header: 'Orders', align: 'right' },
    { key: 'orderValuePaise', header: 'Order value', align: 'right', render: (c) => formatRupees(c.orderValuePaise) },
    // From the caller's books: what they owe you (your buyers) or what you owe them (your sellers).
    { key: 'outstandingPaise', header: 'Outstanding', align: 'right', render: (c) => formatOwed(c.outstandingPaise, c.callerSide === 'SELLER' ? 'RECEIVABLE' : 'PAYABLE') },
    ...(isSeller && customerType !== 'STOCKIST'
      ? [
          {
            key: 'creditTerms',
            header: 'Credit terms',
            render: (c: ConnectedUser) =>
              c.callerSide === 'SELLER' ? (
                <>
                  {creditTermsText(c.creditTerms)}{' '}
                  <Button type="button" size="sm" variant="ghost" aria-label={`Edit credit terms of ${c.tradeName}`} onClick={() => setTermsFor(c)}>
                    Edit
                  </Button>
                </>
              ) : (
                '—'
              ),
          },
        ]
      : []),
    { key: 'actions', header: 'Actions', align: 'right', render: (c) => <RowActions row={c} onDecide={setDecision} /> },
  ];

  return (
    <Stack gap="md">
      {isSeller && (
        <Card>
          <AutoApproveToggle />
        </Card>
      )}
      <Toolbar>
        <TextInput
          aria-label={`Search connected ${plural}`}
          placeholder="Trade name, unit code or city"
          maxLength={100}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        <Select aria-label="Status" options={STATUS_FILTERS} value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)} />
        <Select aria-label="Sort" options={SORTS} value={sort} onChange={(e) => setSort(e.currentTarget.value as typeof sort)} />
        {findButton}
      </Toolbar>
      {findingNearby && <NearbyPanel type={customerType} onClose={() => setFindingNearby(false)} />}

      {error && !data ? (
        <ErrorPanel title={`Connected ${plural} could not be loaded`} message={error.message} onRetry={() => void mutate()} />
      ) : data && data.totalResults === 0 && !filtered ? (
        <EmptyState
          title={`No connected ${plural} yet`}
          message={
            customerType === 'STOCKIST'
              ? 'Find stockists near you and ask to connect: once they approve and give you access, their stock shows in your search.'
              : `${capitalise(plural)} who ask to connect with you show here for you to approve.`
          }
        />
      ) : (
        <DataTable
          label={`Connected ${plural}`}
          columns={columns}
          rows={rows}
          rowKey="connectionId"
          loading={isLoading}
          emptyMessage={`No connected ${plural} match`}
          page={page}
          pageSize={PAGE_SIZE}
          totalResults={(data?.totalResults ?? 0) + keptCount}
          onPageChange={setPage}
        />
      )}

      {termsFor && (
        <CreditTermsDialog
          row={termsFor}
          onClose={() => setTermsFor(null)}
          onSaved={() => {
            setTermsFor(null);
            void mutate();
          }}
        />
      )}
      <ConfirmDialog
        open={decision !== null}
        title={decision ? dialogTitle(decision) : ''}
        message={decision && dialogMessage(decision, grantOnApprove, setGrantOnApprove)}
        confirmLabel={decision ? confirmLabel(decision) : undefined}
        variant={decision && (decision.kind === 'disconnect' || decision.kind === 'decline' || (decision.kind === 'access' && !decision.grant)) ? 'danger' : 'primary'}
        onConfirm={async () => {
          if (!decision) return;
          const { row } = decision;
          if (decision.kind === 'approve') await actions.approve(row.connectionId, grantOnApprove);
          else if (decision.kind === 'decline') await actions.decline(row.connectionId);
          else if (decision.kind === 'disconnect') await actions.disconnect(row.connectionId);
          else if (decision.kind === 'reconnect') await actions.request(row.unitCode);
          else await actions.setAccess(row.connectionId, decision.grant);
          const after = decided(decision, grantOnApprove);
          if (status !== 'ALL' && after.status !== status) {
            const index = rows.findIndex((r) => r.connectionId === row.connectionId);
            const keep = { row: after, index: index < 0 ? rows.length : index };
            setKept((k) => {
              const earlier = k.key === listKey ? k.rows.filter((r) => r.row.connectionId !== row.connectionId) : [];
              return { key: listKey, rows: [...earlier, keep] };
            });
          }
          toast.success({ title: doneTitle(decision, grantOnApprove), message: row.tradeName });
          setDecision(null);
          setGrantOnApprove(true);
        }}
        onCancel={() => {
          setDecision(null);
          setGrantOnApprove(true);
        }}
      />
    </Stack>
  );
}

interface KeptRow {
  row: ConnectedUser;
  /** Where it stood on the page when it was decided. */
  index: number;
}

/** The page's rows with the kept ones put back where they stood; a row the API still lists is shown as the API has it. */
function withKept(items: readonly ConnectedUser[], kept: readonly KeptRow[]): ConnectedUser[] {
  const rows = [...items];
  const listed = new Set(items.map((r) => r.connectionId));
  for (const { row, index } of [...kept].sort((a, b) => a.index - b.index)) {
    if (!listed.has(row.connectionId)) rows.splice(Math.min(index, rows.length), 0, row);
  }
  return rows;
}

/** The row as the decision leaves it (what the API records), shown until the list is filtered afresh. */
function decided(d: Decision, grantOnApprove: boolean): ConnectedUser {
  const now = new Date().toISOString();
  switch (d.kind) {
    case 'approve':
      return { ...d.row, status: 'APPROVED', hasAccess: grantOnApprove, decidedAt: now };
    case 'decline':
      return { ...d.row, status: 'DECLINED', hasAccess: false, decidedAt: now };
    case 'disconnect':
      return { ...d.row, status: 'DISCONNECTED', hasAccess: false, decidedAt: now };
    case 'reconnect':
      return { ...d.row, status: 'PENDING', hasAccess: false, decidedAt: null };
    case 'access':
      return { ...d.row, hasAccess: d.grant };
  }
}

function accessText(c: ConnectedUser): string {
  if (c.callerSide === 'SELLER') return c.hasAccess ? 'Sees your inventory' : 'No access';
  return c.hasAccess ? 'You see their inventory' : 'No access';
}

/** The seller decides approval and access; either side may disconnect (the buyer "withdraws" a pending request). */
function RowActions({ row, onDecide }: { row: ConnectedUser; onDecide: (d: Decision) => void }) {
  const buttons: ReactNode[] = [];
  const add = (label: string, aria: string, variant: 'primary' | 'secondary' | 'danger', decision: Decision) =>
    buttons.push(
      <Button key={aria} type="button" size="sm" variant={variant} aria-label={`${aria} ${row.tradeName}`} onClick={() => onDecide(decision)}>
        {label}
      </Button>,
    );
  if (row.callerSide === 'SELLER' && row.status === 'PENDING') {
    add('Approve', 'Approve', 'primary', { kind: 'approve', row });
    add('Decline', 'Decline', 'secondary', { kind: 'decline', row });
  }
  if (row.callerSide === 'SELLER' && row.status === 'APPROVED') {
    if (row.hasAccess) add('Remove access', 'Remove access of', 'secondary', { kind: 'access', row, grant: false });
    else add('Give access', 'Give access to', 'primary', { kind: 'access', row, grant: true });
  }
  if (row.status === 'APPROVED') add('Disconnect', 'Disconnect', 'danger', { kind: 'disconnect', row });
  if (row.callerSide === 'BUYER' && row.status === 'PENDING') add('Withdraw', 'Withdraw request to', 'secondary', { kind: 'disconnect', row });
  if (row.callerSide === 'BUYER' && (row.status === 'DECLINED' || row.status === 'DISCONNECTED')) {
    add('Ask again', 'Ask again to connect with', 'primary', { kind: 'reconnect', row });
  }
  return (
    <Stack direction="row" gap="xs" justify="flex-end">
      {buttons}
    </Stack>
  );
}

function dialogTitle(d: Decision): string {
  const name = d.row.tradeName;
  switch (d.kind) {
    case 'approve':
      return `Approve ${name}?`;
    case 'decline':
      return `Decline ${name}?`;
    case 'disconnect':
      return d.row.status === 'PENDING' ? `Withdraw your request to ${name}?` : `Disconnect ${name}?`;
    case 'access':
      return d.grant ? `Give ${name} access to your inventory?` : `Remove ${name}'s access to your inventory?`;
    case 'reconnect':
      return `Ask ${name} to connect again?`;
  }
}

/** SPEC.md §6: access = sees all the seller's inventory and may order online; no access = sees no inventory. */
function dialogMessage(d: Decision, grant: boolean, setGrant: (value: boolean) => void): ReactNode {
  const name = d.row.tradeName;
  switch (d.kind) {
    case 'approve':
      return (
        <Stack gap="sm">
          <span>{name} asked to connect with you.</span>
          <Checkbox
            label="Also give access to my inventory (sees all my stock and may order online)"
            checked={grant}
            onChange={(e) => setGrant(e.currentTarget.checked)}
          />
        </Stack>
      );
    case 'decline':
      return `${name} will be told that you declined. They can ask again later.`;
    case 'disconnect':
      return d.row.callerSide === 'SELLER'
        ? `${name} will no longer see your inventory or order from you, starting now.`
        : `You will no longer see ${name}'s inventory or order from them, starting now.`;
    case 'access':
      return d.grant
        ? `${name} will see all your inventory and may place orders online.`
        : `${name} will see none of your inventory and cannot order online, starting now. You stay connected.`;
    case 'reconnect':
      return `${name} gets a new connection request from you to approve.`;
  }
}

function confirmLabel(d: Decision): string {
  switch (d.kind) {
    case 'approve':
      return 'Approve';
    case 'decline':
      return 'Decline';
    case 'disconnect':
      return d.row.status === 'PENDING' ? 'Withdraw' : 'Disconnect';
    case 'access':
      return d.grant ? 'Give access' : 'Remove access';
    case 'reconnect':
      return 'Send request';
  }
}

function doneTitle(d: Decision, grant: boolean): string {
  switch (d.kind) {
    case 'approve':
      return grant ? 'Approved with access' : 'Approved without access';
    case 'decline':
      return 'Request declined';
    case 'disconnect':
      return d.row.status === 'PENDING' ? 'Request withdrawn' : 'Disconnected';
    case 'access':
      return d.grant ? 'Access given' : 'Access removed';
    case 'reconnect':
      return 'Request sent';
  }
}
