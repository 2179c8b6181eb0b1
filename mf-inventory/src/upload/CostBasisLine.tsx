import { useState } from 'react';
import { COST_BASES, COST_BASIS_LABELS, INVENTORY_PATHS, type CostBasis } from 'shared-api';
import { api, isApiError, useMyAccount } from 'shared-auth';
import { Button, Select, Stack, TextInput, toast } from 'shared-ui';

/** "PTR less 12.5 %" */
export function costBasisText(basis: CostBasis): string {
  return basis.basis === 'PTR_LESS_MARGIN' ? `PTR less ${(basis.marginBp / 100).toLocaleString('en-IN')} %` : COST_BASIS_LABELS[basis.basis];
}

/**
 * What the rows without a cost are valued at in the books (issue 39 item 5), on the upload's preview; the owner may
 * change it there (the import that follows uses the new choice). Stock already in keeps the cost it came in at.
 */
export function CostBasisLine({ basis, onChanged }: { basis: CostBasis; onChanged: (basis: CostBasis) => void }) {
  const owner = useMyAccount().data?.role === 'OWNER';
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<CostBasis['basis']>(basis.basis);
  const [margin, setMargin] = useState(String(basis.marginBp / 100));
  const [busy, setBusy] = useState(false);

  async function save() {
    const marginBp = choice === 'PTR_LESS_MARGIN' ? Math.round(Number(margin) * 100) : 0;
    if (!Number.isFinite(marginBp) || marginBp < 0 || marginBp > 9000) return toast.error({ title: 'Check the margin', message: 'A margin from 0 to 90 %' });
    setBusy(true);
    try {
      onChanged(await api.put<CostBasis>(INVENTORY_PATHS.costBasis, { basis: choice, marginBp }));
      setEditing(false);
    } catch (error) {
      toast.error({ title: 'The cost basis could not be saved', message: isApiError(error) ? error.message : 'Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <p style={{ margin: 0 }}>
        Rows without a cost are valued in your books at <strong>{costBasisText(basis)}</strong> (the file’s Cost or purchase-rate column wins where it has one).{' '}
        {owner && !editing && (
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(true)}>
            Change the cost basis
          </Button>
        )}
      </p>
      {editing && (
        <Stack direction="row" gap="sm" align="flex-end" wrap>
          <Select aria-label="Cost basis" options={COST_BASES.map((b) => ({ value: b, label: COST_BASIS_LABELS[b] }))} value={choice} onChange={(e) => setChoice(e.currentTarget.value as CostBasis['basis'])} />
          {choice === 'PTR_LESS_MARGIN' && <TextInput aria-label="Margin %" inputMode="decimal" value={margin} onChange={(e) => setMargin(e.currentTarget.value)} style={{ width: '6rem' }} />}
          <Button type="button" size="sm" loading={busy} onClick={() => void save()}>
            Save
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
