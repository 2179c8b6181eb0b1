import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { HeadBalance, HeadsTree } from 'shared-api';
import { useMyAccount } from 'shared-auth';
import { Button, ButtonLink, DataTable, EmptyState, ErrorPanel, Spinner, Stack, TextInput, formatDate, formatRupees, theme, type DataTableColumn, formatDrCr} from 'shared-ui';
import { AsOfPicker, useAsOfParam } from '../books-common/AsOfPicker';
import { ledgerPath } from '../ledgers/ledgers-api';
import { useHeadsTree } from './heads-api';

type Group = HeadsTree['groups'][number];

const GroupBox = styled.section`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
`;
const GroupHeader = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  button {
    all: unset;
    box-sizing: border-box;
    display: flex;
    justify-content: space-between;
    gap: ${theme.space.md};
    width: 100%;
    padding: ${theme.space.md} ${theme.space.lg};
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid ${theme.colors.focus};
  }
`;
const Muted = styled.span`
  color: ${theme.colors.textMuted};
  font-weight: ${theme.fontWeights.regular};
`;
const Body = styled.div`
  padding: 0 ${theme.space.lg} ${theme.space.md};
`;
const SearchLabel = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  min-width: 260px;
`;

const COLUMNS: readonly DataTableColumn<HeadBalance>[] = [
  { key: 'name', header: 'Head', render: (h) => <Link to={ledgerPath(h.accountId)}>{h.name}</Link> },
  { key: 'partyUnitCode', header: 'Party code', render: (h) => h.partyUnitCode ?? '' },
  { key: 'debitPaise', header: 'Debits', align: 'right', render: (h) => formatRupees(h.debitPaise) },
  { key: 'creditPaise', header: 'Credits', align: 'right', render: (h) => formatRupees(h.creditPaise) },
  { key: 'balancePaise', header: 'Balance', align: 'right', render: (h) => formatDrCr(h.balancePaise) },
];

const matches = (h: HeadBalance, needle: string) => h.name.toLowerCase().includes(needle) || (h.partyUnitCode ?? '').toLowerCase().includes(needle);

/** heads/dashboard: the chart of accounts, group → heads, with balances on a day; each head opens its ledger. */
export function HeadsDashboardPage() {
  const asOf = useAsOfParam();
  const { data, error, mutate } = useHeadsTree(asOf);
  const { data: account } = useMyAccount();
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const needle = search.trim().toLowerCase();

  function toggle(group: string) {
    setCollapsed((now) => {
      const next = new Set(now);
      if (!next.delete(group)) next.add(group);
      return next;
    });
  }

  // While searching, only groups with a matching head (or a matching group name) show, opened.
  const groups: { group: Group; heads: HeadBalance[] }[] = (data?.groups ?? [])
    .map((g) => ({ group: g, heads: needle && !g.name.toLowerCase().includes(needle) ? g.heads.filter((h) => matches(h, needle)) : g.heads }))
    .filter((g) => !needle || g.heads.length > 0);

  return (
    <Stack gap="md">
      <Stack direction="row" gap="md" align="flex-end" justify="space-between" wrap>
        <Stack direction="row" gap="md" align="flex-end" wrap>
          <AsOfPicker />
          <SearchLabel>
            Search heads
            <TextInput type="search" value={search} placeholder="Name or party code" onChange={(e) => setSearch(e.currentTarget.value)} />
          </SearchLabel>
        </Stack>
        <Stack direction="row" gap="sm">
          {data && (
            <Button type="button" variant="ghost" onClick={() => setCollapsed(collapsed.size > 0 ? new Set() : new Set(data.groups.map((g) => g.group)))}>
              {collapsed.size > 0 ? 'Expand all' : 'Collapse all'}
            </Button>
          )}
          {account?.role === 'OWNER' && <ButtonLink to="/heads/add">Add head</ButtonLink>}
        </Stack>
      </Stack>
      {error && !data ? (
        <ErrorPanel title="The account heads could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading account heads" />
      ) : groups.length === 0 ? (
        <EmptyState title={needle ? 'No head matches your search' : 'No heads yet'} message={needle ? 'Try another name or party code.' : `Balances as on ${formatDate(data.asOf)}.`} />
      ) : (
        groups.map(({ group, heads }) => {
          const open = Boolean(needle) || !collapsed.has(group.group);
          const bodyId = `heads-${group.group}`;
          return (
            <GroupBox key={group.group} aria-label={group.name}>
              <GroupHeader>
                <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => toggle(group.group)}>
                  <span>
                    {open ? '▾' : '▸'} {group.name} <Muted>({heads.length})</Muted>
                  </span>
                  <span>{formatDrCr(group.balancePaise)}</span>
                </button>
              </GroupHeader>
              {open && (
                <Body id={bodyId}>
                  <DataTable label={`Heads under ${group.name}`} columns={COLUMNS} rows={heads} rowKey="accountId" emptyMessage="No heads in this group yet." />
                </Body>
              )}
            </GroupBox>
          );
        })
      )}
    </Stack>
  );
}
