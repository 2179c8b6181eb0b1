import type { HeadAmount, ProfitAndLossFigures } from 'shared-api';

/** One line of the trading and P&L account: a figure, a head under a group, a heading or a (sub)total. */
export interface StatementLine {
  key: string;
  label: string;
  kind: 'heading' | 'figure' | 'head' | 'subtotal' | 'total';
  current: number | null;
  previous: number | null;
}

type Figure = keyof { [K in keyof ProfitAndLossFigures as ProfitAndLossFigures[K] extends number ? K : never]: true };
type HeadList = 'directExpenses' | 'directIncomes' | 'indirectIncomes' | 'indirectExpenses';

/**
 * The trading account, then the profit and loss account, in the vertical form Indian traders read:
 *   Sales less returns → net sales; opening stock + purchases − returns + stock brought in + direct expenses −
 *   closing stock → cost of goods sold; gross profit; indirect incomes and expenses by head; net profit.
 * Each line has the previous period's figure beside it when there is one.
 */
export function statementLines(current: ProfitAndLossFigures, previous: ProfitAndLossFigures | null): StatementLine[] {
  const figure = (key: Figure, label: string, kind: StatementLine['kind'] = 'figure'): StatementLine => ({
    key,
    label,
    kind,
    current: current[key],
    previous: previous ? previous[key] : null,
  });
  const heading = (key: string, label: string): StatementLine => ({ key, label, kind: 'heading', current: null, previous: null });
  // Heads of either period, matched by head: a head used only last period still shows, at zero now.
  const heads = (list: HeadList, label: string): StatementLine[] => {
    const now = new Map(current[list].map((h) => [h.accountId, h]));
    const before = new Map((previous?.[list] ?? []).map((h) => [h.accountId, h]));
    const all = new Map<string, HeadAmount>([...before, ...now]);
    if (all.size === 0) return [];
    return [
      heading(list, label),
      ...[...all.values()].map((h) => ({
        key: `${list}:${h.accountId}`,
        label: h.name,
        kind: 'head' as const,
        current: now.get(h.accountId)?.amountPaise ?? 0,
        previous: previous ? (before.get(h.accountId)?.amountPaise ?? 0) : null,
      })),
    ];
  };
  return [
    heading('trading', 'Trading account'),
    figure('salesPaise', 'Sales'),
    figure('salesReturnsPaise', 'Less: Sales returns'),
    figure('netSalesPaise', 'Net sales', 'subtotal'),
    ...heads('directIncomes', 'Add: Direct incomes'),
    figure('openingStockPaise', 'Opening stock'),
    figure('purchasesPaise', 'Add: Purchases'),
    figure('purchaseReturnsPaise', 'Less: Purchase returns'),
    figure('stockBroughtInPaise', 'Add: Stock brought in (uploads, at cost)'),
    ...heads('directExpenses', 'Add: Direct expenses'),
    figure('closingStockPaise', 'Less: Closing stock'),
    figure('costOfGoodsSoldPaise', 'Cost of goods sold', 'subtotal'),
    figure('grossProfitPaise', 'Gross profit', 'total'),
    heading('pl', 'Profit and loss account'),
    figure('grossProfitPaise', 'Gross profit brought down'),
    ...heads('indirectIncomes', 'Add: Indirect incomes'),
    ...heads('indirectExpenses', 'Less: Indirect expenses'),
    figure('netProfitPaise', 'Net profit', 'total'),
  ].map((line, i) => ({ ...line, key: `${i}:${line.key}` }));
}
