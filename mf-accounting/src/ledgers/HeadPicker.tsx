import { useState } from 'react';
import styled from 'styled-components';
import { ErrorPanel, FilterRow, Select, Spinner, TextInput } from 'shared-ui';
import { headOptions, useHeadsTree } from '../heads/heads-api';

const Row = styled(FilterRow)`
  label {
    min-width: 240px;
  }
`;

/** Which head's ledger to show: the chart's heads under their groups, narrowed by what is typed in the search box. */
export function HeadPicker({ accountId, onChange }: { accountId: string | undefined; onChange: (accountId: string) => void }) {
  const { data, error, mutate } = useHeadsTree();
  const [search, setSearch] = useState('');
  if (error && !data) return <ErrorPanel title="The account heads could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading account heads" />;
  const needle = search.trim().toLowerCase();
  // The chosen head stays listed whatever the search, so the select never shows a head that is not chosen.
  const options = headOptions(data).filter((o) => o.value === accountId || !needle || o.label.toLowerCase().includes(needle) || o.group?.toLowerCase().includes(needle));
  return (
    <Row>
      <label>
        Search heads
        <TextInput type="search" value={search} placeholder="Name, party code or group" onChange={(e) => setSearch(e.currentTarget.value)} />
      </label>
      <label>
        Head
        <Select value={accountId ?? ''} placeholder="Choose a head…" options={options} onChange={(e) => e.currentTarget.value && onChange(e.currentTarget.value)} />
      </label>
    </Row>
  );
}
