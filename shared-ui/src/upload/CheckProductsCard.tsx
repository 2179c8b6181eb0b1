import type { CatalogueSummary, ItemMatch, ItemPick } from 'shared-api';
import { VisuallyHidden } from '../VisuallyHidden';
import { formatNumber } from '../format';
import { Card, FigureTiles, Stack } from '../layout/layout';
import { DataTable, type DataTableColumn } from '../table/DataTable';

/** The seller's answer per uncertain item: a candidate's product id, or 'NEW'. */
export type ItemPicks = Record<string, ItemPick['productId']>;

/** What the upload preselects: each uncertain item's best candidate (none: a new product). */
export function defaultPicks(itemMatches: readonly ItemMatch[]): ItemPicks {
  const picks: ItemPicks = {};
  for (const m of itemMatches) if (m.kind === 'UNCERTAIN') picks[m.itemKey] = m.candidates[0]?.productId ?? 'NEW';
  return picks;
}

export const picksToSend = (picks: ItemPicks): ItemPick[] => Object.entries(picks).map(([itemKey, productId]) => ({ itemKey, productId }));

const items = (n: number) => `${formatNumber(n)} ${n === 1 ? 'item' : 'items'}`;

/** The file's own words for an item: "DOLO 650 TAB · 15'S · MICRO LABS". */
const inFile = (m: ItemMatch) => [m.name, m.pack, m.manufacturer].filter(Boolean).join(' · ');

function FileItem({ match }: { match: ItemMatch }) {
  return (
    <>
      <strong>{inFile(match)}</strong>
      <br />
      <small>
        row {match.rowNumber}
        {match.rows > 1 ? ` and ${formatNumber(match.rows - 1)} more` : ''}
        {match.itemCode ? ` · code ${match.itemCode}` : ''}
      </small>
    </>
  );
}

/** One uncertain item's choice: each candidate with what agrees and what differs, or a new product. */
function Choice({ match, value, onPick }: { match: ItemMatch; value: string | undefined; onPick: (productId: ItemPick['productId']) => void }) {
  const name = `pick-${match.itemKey}`;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <VisuallyHidden>Catalogue product for {inFile(match)}</VisuallyHidden>
      </legend>
      {match.candidates.map((c) => (
        <label key={c.productId} style={{ display: 'block', margin: '4px 0' }}>
          <input type="radio" name={name} value={c.productId} checked={value === c.productId} onChange={() => onPick(c.productId)} />{' '}
          <strong>{c.name}</strong> · {c.pack} · {c.manufacturer} — {c.score}% alike
          {c.reasons.length > 0 && (
            <>
              <br />
              <small style={{ marginLeft: 24 }}>{c.reasons.join('; ')}</small>
            </>
          )}
        </label>
      ))}
      <label style={{ display: 'block', margin: '4px 0' }}>
        <input type="radio" name={name} value="NEW" checked={value === 'NEW'} onChange={() => onPick('NEW')} /> Create new product
      </label>
    </fieldset>
  );
}

/**
 * A step of the stock upload and of the move-in's item master (issue 36): what the one catalogue made of the file's items. Items it matched (a choice
 * remembered from an earlier upload, the same product, or one agreeing on everything that matters) are only
 * counted; the uncertain ones are listed with their candidates, the best preselected, for the seller to confirm or
 * to create a new product. The picks go with the import and are remembered, so the next upload maps itself.
 */
export function CheckProductsCard({
  itemMatches,
  catalogue,
  picks,
  onPick,
  title = '3. Check products',
}: {
  itemMatches: readonly ItemMatch[];
  catalogue: CatalogueSummary;
  picks: ItemPicks;
  onPick: (itemKey: string, productId: ItemPick['productId']) => void;
  title?: string;
}) {
  const automatic = catalogue.remembered + catalogue.exact + catalogue.confident;
  const uncertain = itemMatches.filter((m) => m.kind === 'UNCERTAIN');
  const confident = itemMatches.filter((m) => m.kind === 'CONFIDENT');
  const fresh = itemMatches.filter((m) => m.kind === 'NEW');
  const uncertainColumns: DataTableColumn<ItemMatch>[] = [
    { key: 'item', header: 'In the file', render: (m) => <FileItem match={m} />, width: '35%' },
    { key: 'pick', header: 'Catalogue product', render: (m) => <Choice match={m} value={picks[m.itemKey]} onPick={(p) => onPick(m.itemKey, p)} /> },
  ];
  const confidentColumns: DataTableColumn<ItemMatch>[] = [
    { key: 'item', header: 'In the file', render: (m) => <FileItem match={m} /> },
    { key: 'product', header: 'Catalogue product', render: (m) => (m.candidates[0] ? `${m.candidates[0].name} · ${m.candidates[0].pack} · ${m.candidates[0].manufacturer}` : '') },
  ];
  const newColumns: DataTableColumn<ItemMatch>[] = [{ key: 'item', header: 'In the file', render: (m) => <FileItem match={m} /> }];
  return (
    <Card title={title}>
      <Stack gap="md">
        <FigureTiles
          tiles={[
            { label: 'Items in the file', value: formatNumber(catalogue.items) },
            {
              label: 'Matched automatically',
              value: formatNumber(automatic),
              detail: <small>{`${formatNumber(catalogue.remembered)} remembered, ${formatNumber(catalogue.exact)} same name, ${formatNumber(catalogue.confident)} spelled differently`}</small>,
            },
            { label: 'To check', value: formatNumber(catalogue.uncertain) },
            { label: 'New products', value: formatNumber(catalogue.new) },
          ]}
        />
        {uncertain.length > 0 ? (
          <>
            <p>
              {items(catalogue.uncertain)} may be products already in the catalogue. Choose the product each one is (the closest is chosen for you), or
              “Create new product”. Your choices are remembered: the next upload of these items asks nothing.
              {uncertain.length < catalogue.uncertain && ` The first ${formatNumber(uncertain.length)} are shown; the rest become new products.`}
            </p>
            <DataTable label="Products to check" columns={uncertainColumns} rows={uncertain} rowKey="itemKey" pageSize={10} />
          </>
        ) : (
          <p role="status">Nothing to check: every item of the file is matched or new.</p>
        )}
        {confident.length > 0 && (
          <details>
            <summary>{items(catalogue.confident)} matched though spelled differently</summary>
            <DataTable label="Matched though spelled differently" columns={confidentColumns} rows={confident} rowKey="itemKey" pageSize={10} />
          </details>
        )}
        {fresh.length > 0 && (
          <details>
            <summary>{items(catalogue.new)} not in the catalogue: new products</summary>
            <DataTable label="New products" columns={newColumns} rows={fresh} rowKey="itemKey" pageSize={10} />
          </details>
        )}
      </Stack>
    </Card>
  );
}
