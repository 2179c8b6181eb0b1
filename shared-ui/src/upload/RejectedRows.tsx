import type { RejectedRow } from 'shared-api';
import { Button } from '../buttons/Button';
import { Stack } from '../layout/layout';
import { DataTable, type DataTableColumn } from '../table/DataTable';
import { downloadText, rejectedCsv } from './rejected-csv';

/** A cell of the file worth a column of its own in the rejected rows (the product, the batch, the party…). */
export interface RejectedKeyColumn {
  header: string;
  /** The file's column (0-based) per the mapping; undefined: not in the file. */
  column: number | undefined;
}

/** The rejected rows' table: the row number, the key cells, the problems, then every cell of the row. */
export const rejectedColumns = (headers: readonly string[], keys: readonly RejectedKeyColumn[]): DataTableColumn<RejectedRow>[] => [
  { key: 'rowNumber', header: 'Row', align: 'right' },
  ...keys.map(
    (k, i): DataTableColumn<RejectedRow> => ({ key: `key-${i}`, header: k.header, render: (r) => (k.column === undefined ? '' : (r.cells[k.column] ?? '')) }),
  ),
  { key: 'problems', header: 'Problems', render: (r) => r.problems.join('; ') },
  { key: 'cells', header: `All cells (${headers.length} columns)`, render: (r) => r.cells.filter(Boolean).join(' | ') },
];

/**
 * Every row of an upload that cannot be imported, each problem named, and the link to take them away as CSV (to fix
 * in the old software and upload again). The stock upload, the recall list and the move-in files show the same.
 */
export function RejectedRows(props: {
  /** "Rejected rows: these are not imported". */
  title: string;
  fileName: string;
  headers: readonly string[];
  rows: readonly RejectedRow[];
  keyColumns: readonly RejectedKeyColumn[];
  /** Default: the CSV is made here from `rows`; a screen whose API serves the CSV passes its own download. */
  onDownload?: () => void;
}) {
  const download = props.onDownload ?? (() => downloadText(`rejected-${props.fileName}.csv`, rejectedCsv(props.headers, props.rows)));
  return (
    <>
      <Stack direction="row" gap="sm" align="center">
        <strong>{props.title}</strong>
        <Button type="button" size="sm" variant="secondary" onClick={download}>
          Download rejected rows (CSV)
        </Button>
      </Stack>
      <DataTable label="Rejected rows" columns={rejectedColumns(props.headers, props.keyColumns)} rows={props.rows} rowKey="rowNumber" pageSize={10} />
    </>
  );
}
