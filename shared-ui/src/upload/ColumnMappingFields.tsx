import type { ReactNode } from 'react';
import { Button } from '../buttons/Button';
import { formatNumber } from '../format';
import { Select } from '../inputs/inputs';
import { Card, Stack } from '../layout/layout';

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

/** "1 row", "1,234 rows". */
export const rowCount = (n: number) => `${formatNumber(n)} ${n === 1 ? 'row' : 'rows'}`;

/**
 * Step 2 of an upload with preview: where the header was found, the column pickers, the fields still without a
 * column, and "Check again" once the person changed something.
 */
export function CheckColumnsCard<F extends string>(props: {
  preview: { fileName: string; fileType: string; headerRow: number; dataRows: number; headers: readonly string[]; missingFields: readonly string[] };
  fields: readonly MappableField<F>[];
  mapping: Partial<Record<F, number>>;
  onChange: (mapping: Partial<Record<F, number>>) => void;
  mappingChanged: boolean;
  busy: boolean;
  onCheckAgain: () => void;
  /** What else the reader found, shown above the columns (the software the file came from). */
  children?: ReactNode;
}) {
  const { preview } = props;
  return (
    <Card title="2. Check the columns">
      <Stack gap="sm">
        <p>
          {preview.fileName} ({preview.fileType}): header found on row {preview.headerRow}, {rowCount(preview.dataRows)} under it. Correct any column read
          wrongly, then check again.
        </p>
        {props.children}
        <ColumnMappingFields fields={props.fields} headers={preview.headers} mapping={props.mapping} onChange={props.onChange} />
        {preview.missingFields.length > 0 && !props.mappingChanged && (
          <p role="alert" style={{ color: '#c62828' }}>
            Choose the columns for: {preview.missingFields.join(', ')}.
          </p>
        )}
        <div>
          <Button type="button" variant="secondary" onClick={props.onCheckAgain} disabled={props.busy || !props.mappingChanged}>
            Check again with these columns
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
