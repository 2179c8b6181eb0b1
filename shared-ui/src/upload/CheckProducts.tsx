import type { CatalogueCandidate, CatalogueSummary, ItemMatch, ItemPick, MatchKind } from 'shared-api';
import { Badge, type BadgeTone } from '../feedback/Badge';
import { formatCount } from '../format';
import { Select } from '../inputs/inputs';
import { Stack } from '../layout/layout';
import { DataTable, type DataTableColumn } from '../table/DataTable';

/** The seller's answers so far, by the file's item key: a candidate's product id, or 'NEW'. */
export type ItemPickState = Readonly<Record<string, string>>;

/** The answers as the API takes them (ITEM_PICKS_FIELD / ConfirmMoveInImport.picks). */
export const itemPicksOf = (picks: ItemPickState): ItemPick[] => Object.entries(picks).map(([itemKey, productId]) => ({ itemKey, productId }));

export const MATCH_KIND_LABELS: Readonly<Record<MatchKind, string>> = {
  REMEMBERED: 'As you chose before',
  EXACT: 'Same product',
  CONFIDENT: 'Matched',
  UNCERTAIN: 'To check',
  NEW: 'New product',
};
const MATCH_KIND_TONES: Readonly<Record<MatchKind, BadgeTone>> = { REMEMBERED: 'success', EXACT: 'success', CONFIDENT: 'success', UNCERTAIN: 'warning', NEW: 'info' };

const productText = (p: { name: string; pack: string; manufacturer: string }) => [p.name, p.pack && `(${p.pack})`, p.manufacturer && `· ${p.manufacturer}`].filter(Boolean).join(' ');
const candidateText = (c: CatalogueCandidate) => `${productText(c)} — ${c.score}% alike${c.reasons.length > 0 ? `: ${c.reasons.join(', ')}` : ''}`;
const itemText = (m: ItemMatch) => `${productText(m)}${m.itemCode ? ` [${m.itemCode}]` : ''}`;

/** "21 items: 18 matched to the catalogue, 2 to check, 1 new". */
export function catalogueSummaryText(s: CatalogueSummary): string {
  const matched = s.remembered + s.exact + s.confident;
  return `${formatCount(s.items, 'item')} in the file: ${formatCount(matched, 'matched to the catalogue', 'matched to the catalogue')}, ${formatCount(s.uncertain, 'to check', 'to check')}, ${formatCount(s.new, 'new product', 'new products')}`;
}

/**
 * Issue 36 "Check products": every distinct item of a file against the platform's one catalogue. Items the matcher
 * is unsure of list their candidates (best first) for the seller to confirm one, or to create a new product; the
 * rest show what they were matched to. The seller's answers are remembered by the API, so the next file maps itself.
 * Shared by the stock upload and the move-in's item master.
 */
export function CheckProducts({
  matches,
  summary,
  picks,
  onPick,
}: {
  matches: readonly ItemMatch[];
  summary: CatalogueSummary | null;
  picks: ItemPickState;
  onPick: (itemKey: string, productId: string) => void;
}) {
  const uncertain = matches.filter((m) => m.kind === 'UNCERTAIN');
  const settled = matches.filter((m) => m.kind !== 'UNCERTAIN');
  const unpicked = uncertain.filter((m) => !picks[m.itemKey]).length;

  const uncertainColumns: DataTableColumn<ItemMatch>[] = [
    { key: 'rowNumber', header: 'Row', align: 'right' },
    { key: 'item', header: 'In your file', render: (m) => `${itemText(m)}${m.rows > 1 ? ` (${formatCount(m.rows, 'row')})` : ''}` },
    {
      key: 'pick',
      header: 'Product in the catalogue',
      render: (m) => (
        <Select
          aria-label={`Product for ${m.name}`}
          value={picks[m.itemKey] ?? ''}
          placeholder="Not checked yet: a new product"
          onChange={(e) => onPick(m.itemKey, e.target.value)}
          options={[...m.candidates.map((c) => ({ value: c.productId, label: candidateText(c) })), { value: 'NEW', label: 'None of these: create a new product' }]}
        />
      ),
    },
  ];
  const settledColumns: DataTableColumn<ItemMatch>[] = [
    { key: 'rowNumber', header: 'Row', align: 'right' },
    { key: 'item', header: 'In your file', render: itemText },
    { key: 'kind', header: 'Match', render: (m) => <Badge tone={MATCH_KIND_TONES[m.kind]}>{MATCH_KIND_LABELS[m.kind]}</Badge> },
    { key: 'product', header: 'Product in the catalogue', render: (m) => (m.candidates[0] ? productText(m.candidates[0]) : 'Created on import') },
  ];

  return (
    <Stack gap="md">
      {summary && <p>{catalogueSummaryText(summary)}.</p>}
      {uncertain.length > 0 && (
        <>
          <strong>
            {formatCount(uncertain.length, 'item')} to check: pick the product each one is, or create a new product
            {unpicked > 0 ? ` (${formatCount(unpicked, 'not checked yet', 'not checked yet')}: imported as new products)` : ''}
          </strong>
          <DataTable label="Products to check" columns={uncertainColumns} rows={uncertain} rowKey="itemKey" pageSize={20} />
        </>
      )}
      {settled.length > 0 && <DataTable label="Products matched" columns={settledColumns} rows={settled} rowKey="itemKey" pageSize={10} />}
    </Stack>
  );
}
