import styled from 'styled-components';
import type { Gstr1Summary } from 'shared-api';
import { Card, DataTable, DetailList, ErrorPanel, Spinner, Stack, formatNumber, formatRupees, theme, type DataTableColumn } from 'shared-ui';
import { DownloadButtons } from '../downloads/DownloadButtons';
import { GST_FILE_FORMATS, downloadGstr1, useGstr1 } from './gst-returns-api';

type Section = Gstr1Summary['sections'][number];

const SECTION_LABELS: Record<Section['section'], string> = {
  b2b: 'B2B: invoices to registered buyers (4A)',
  b2cl: 'B2C large: inter-state over ₹1,00,000 (5A)',
  b2cs: 'B2C others (7)',
  cdnr: 'Credit / debit notes to registered buyers (9B)',
  cdnur: 'Credit notes to unregistered buyers on B2C large invoices (9B)',
};

const Problems = styled.div`
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${theme.colors.warning};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.text};
  ul {
    margin: ${theme.space.xs} 0 0;
    padding-left: ${theme.space.lg};
  }
`;

const COLUMNS: readonly DataTableColumn<Section>[] = [
  { key: 'section', header: 'Section', render: (s) => SECTION_LABELS[s.section] },
  { key: 'documents', header: 'Documents', align: 'right', render: (s) => formatNumber(s.documents) },
  { key: 'taxablePaise', header: 'Taxable value', align: 'right', render: (s) => formatRupees(s.taxablePaise) },
  { key: 'igstPaise', header: 'IGST', align: 'right', render: (s) => formatRupees(s.igstPaise) },
  { key: 'cgstPaise', header: 'CGST', align: 'right', render: (s) => formatRupees(s.cgstPaise) },
  { key: 'sgstPaise', header: 'SGST', align: 'right', render: (s) => formatRupees(s.sgstPaise) },
];

/** The month's GSTR-1: totals per section, the invoices' totals, what stops it being filed, and the files. */
export function Gstr1Card({ month }: { month: string }) {
  const { data, error, mutate } = useGstr1(month);
  return (
    <Card
      title="GSTR-1 (outward supplies)"
      actions={
        <DownloadButtons
          size="sm"
          failureTitle="The GSTR-1 file could not be downloaded"
          choices={GST_FILE_FORMATS.map((format) => ({ id: format, label: format.toUpperCase(), ariaLabel: `Download GSTR-1 as ${format.toUpperCase()}`, download: () => downloadGstr1(month, format) }))}
        />
      }
    >
      {error && !data ? (
        <ErrorPanel title="The GSTR-1 summary could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading GSTR-1" />
      ) : (
        <Stack gap="md">
          {data.problems.length > 0 && (
            <Problems role="alert" aria-label="Problems to fix before filing">
              <strong>Fix these before filing:</strong>
              <ul>
                {data.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Problems>
          )}
          <DetailList aria-label="GSTR-1 invoice totals">
            <dt>GSTIN</dt>
            <dd>{data.gstin ?? 'Not registered'}</dd>
            <dt>Invoices</dt>
            <dd>{formatNumber(data.invoiceTotals.count)}</dd>
            <dt>Taxable value</dt>
            <dd>{formatRupees(data.invoiceTotals.taxablePaise)}</dd>
            <dt>Tax</dt>
            <dd>{formatRupees(data.invoiceTotals.taxPaise)}</dd>
            <dt>Invoice value</dt>
            <dd>{formatRupees(data.invoiceTotals.totalPaise)}</dd>
          </DetailList>
          <DataTable label="GSTR-1 sections" columns={COLUMNS} rows={data.sections} rowKey="section" emptyMessage="No outward supplies in this month." />
        </Stack>
      )}
    </Card>
  );
}
