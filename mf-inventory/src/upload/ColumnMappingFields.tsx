import { Select } from 'shared-ui';

export interface MappableField<F extends string> {
  field: F;
  label: string;
  required: boolean;
}

/**
 * One picker per field, listing the file's columns: what the reader detected, for the user to correct. The stock
 * upload and the recall list import show the same grid, each with its own fields.
 */
export function ColumnMappingFields<F extends string>({
  fields,
  headers,
  mapping,
  onChange,
}: {
  fields: readonly MappableField<F>[];
  headers: readonly string[];
  mapping: Partial<Record<F, number>>;
  onChange: (mapping: Partial<Record<F, number>>) => void;
}) {
  const headerOptions = headers.map((h, i) => ({ value: String(i), label: `${h || '(blank)'} — column ${i + 1}` }));
  const setField = (field: F, value: string) => {
    const next = { ...mapping };
    if (value === '') delete next[field];
    else next[field] = Number(value);
    onChange(next);
  };
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 12 }}>
      {fields.map((f) => (
        <label key={f.field}>
          {f.label}
          {f.required ? ' *' : ''}
          <Select
            aria-label={`Column for ${f.label}`}
            value={mapping[f.field] === undefined ? '' : String(mapping[f.field])}
            onChange={(e) => setField(f.field, e.target.value)}
            options={[{ value: '', label: '— not in the file —' }, ...headerOptions]}
          />
        </label>
      ))}
    </div>
  );
}
