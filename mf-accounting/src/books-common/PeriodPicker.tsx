import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, FilterRow, Select, TextInput, theme } from 'shared-ui';
import { PERIOD_PRESETS, presetOf, presetPeriod, todayIst, usePeriodParam, type Period, type PeriodPreset } from './period';

const Problem = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;

/**
 * The one period picker of the books: a preset (this or last financial year or month) applies at once; typed dates
 * apply with the button. The period lives in the URL (`from`, `to`), other parameters are kept.
 */
export function PeriodPicker({ label = 'Period' }: { label?: string }) {
  const period = usePeriodParam();
  // Re-mounted when the URL's period changes, so the inputs always start from what is shown.
  return <PeriodForm key={`${period.from}|${period.to}`} label={label} period={period} />;
}

function PeriodForm({ label, period }: { label: string; period: Period }) {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(period);
  const today = todayIst();
  const preset = presetOf(draft, today);
  const invalid = !draft.from || !draft.to || draft.from > draft.to;

  function apply(next: Period) {
    const url = new URLSearchParams(params);
    url.set('from', next.from);
    url.set('to', next.to);
    // Page 2 of one period means nothing in another.
    url.delete('page');
    setParams(url, { replace: true });
  }

  function choose(value: PeriodPreset) {
    if (value === 'custom') return;
    const next = presetPeriod(value, today);
    setDraft(next);
    apply(next);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!invalid) apply(draft);
  }

  return (
    <FilterRow as="form" aria-label={label} onSubmit={submit}>
      <label>
        {label}
        <Select value={preset} options={PERIOD_PRESETS} onChange={(e) => choose(e.currentTarget.value as PeriodPreset)} />
      </label>
      <label>
        From
        <TextInput type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
      </label>
      <label>
        To
        <TextInput type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
      </label>
      <Button type="submit" variant="secondary" disabled={invalid}>
        Apply
      </Button>
      {draft.from && draft.to && draft.from > draft.to && <Problem role="alert">The start date must not be after the end date.</Problem>}
    </FilterRow>
  );
}
