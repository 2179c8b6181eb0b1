import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, FilterRow, TextInput } from 'shared-ui';


export interface FilterField {
  /** The URL search parameter (and API query parameter) it sets. */
  name: string;
  label: string;
  type: 'date' | 'month' | 'text';
  placeholder?: string;
  /** What the screen shows when the URL has no value (the field shows it too, not an empty box). */
  defaultValue?: () => string;
}

/** Filters kept in the URL (a filtered list can be bookmarked or shared); applied together with one button. */
export function useUrlFilters(names: readonly string[]): Record<string, string | undefined> {
  const [params] = useSearchParams();
  return Object.fromEntries(names.map((n) => [n, params.get(n)?.trim() || undefined]));
}

export function FilterBar({ fields, label }: { fields: readonly FilterField[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(() => Object.fromEntries(fields.map((f) => [f.name, params.get(f.name) ?? f.defaultValue?.() ?? ''])));

  function apply(e: FormEvent) {
    e.preventDefault();
    const next = new URLSearchParams(params);
    for (const f of fields) {
      const value = draft[f.name]?.trim();
      if (value) next.set(f.name, f.type === 'text' ? value.toUpperCase() : value);
      else next.delete(f.name);
    }
    setParams(next, { replace: true });
  }

  return (
    <FilterRow as="form" aria-label={label} onSubmit={apply}>
      {fields.map((f) => (
        <label key={f.name}>
          {f.label}
          <TextInput type={f.type} value={draft[f.name] ?? ''} placeholder={f.placeholder} onChange={(e) => setDraft({ ...draft, [f.name]: e.currentTarget.value })} />
        </label>
      ))}
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </FilterRow>
  );
}
