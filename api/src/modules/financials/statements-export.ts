import { ACCOUNT_GROUPS, formatPaise, type BalanceSheet, type ExportFormat, type HeadAmount, type ProfitAndLossFigures, type TrialBalance } from 'shared-api';
import type { DownloadFile } from '../../http/file-reply';
import { printedDate } from '../../pdf/pdf';
import { exportReport, safeFileName, type ReportColumn } from '../ledger/statement-export';

/*
 * The profit and loss, trial balance and balance sheet as downloads (issue 39 item 5): the figures the screens show,
 * through the ledgers' one export path (ledger/statement-export.ts exportReport), so they print the same way.
 */

/** A line of a statement: a heading or total (bold), or a head with its amount. */
interface Line {
  particulars: string;
  group?: string;
  amount?: number | null;
  debit?: number | null;
  credit?: number | null;
  bold?: boolean;
}

const PARTICULARS: ReportColumn<Line> = { title: 'Particulars', width: 44, value: (l) => l.particulars, pdf: { width: 300 } };
const AMOUNT: ReportColumn<Line> = { title: 'Amount', width: 16, money: true, value: (l) => l.amount ?? null, pdf: { width: 120 } };
const heads = (list: readonly HeadAmount[], prefix = '') => list.map((h) => ({ particulars: `${prefix}${h.name}`, amount: h.amountPaise }));

function profitAndLossLines(p: ProfitAndLossFigures): Line[] {
  return [
    { particulars: 'Sales', amount: p.salesPaise },
    { particulars: 'Less: sales returns', amount: p.salesReturnsPaise },
    { particulars: 'Net sales', amount: p.netSalesPaise, bold: true },
    { particulars: 'Opening stock', amount: p.openingStockPaise },
    { particulars: 'Purchases', amount: p.purchasesPaise },
    { particulars: 'Less: purchase returns', amount: p.purchaseReturnsPaise },
    { particulars: 'Stock brought in (uploads, additions)', amount: p.stockBroughtInPaise },
    ...heads(p.directExpenses),
    { particulars: 'Less: closing stock', amount: p.closingStockPaise },
    { particulars: 'Cost of goods sold', amount: p.costOfGoodsSoldPaise, bold: true },
    ...heads(p.directIncomes),
    { particulars: 'Gross profit', amount: p.grossProfitPaise, bold: true },
    ...heads(p.indirectIncomes),
    ...heads(p.indirectExpenses, 'Less: '),
    { particulars: p.netProfitPaise < 0 ? 'Net loss' : 'Net profit', amount: p.netProfitPaise, bold: true },
  ];
}

function balanceSheetLines(b: BalanceSheet): Line[] {
  const sections = (list: BalanceSheet['assets']) => list.flatMap((s) => [{ particulars: s.name, amount: s.amountPaise, bold: true }, ...heads(s.heads, '    ')]);
  return [
    { particulars: 'Assets', bold: true },
    ...sections(b.assets),
    { particulars: 'Closing stock (at cost)', amount: b.closingStockPaise },
    { particulars: 'Total assets', amount: b.totalAssetsPaise, bold: true },
    { particulars: 'Liabilities', bold: true },
    ...sections(b.liabilities),
    { particulars: 'Total liabilities', amount: b.totalLiabilitiesPaise, bold: true },
    { particulars: 'Equity', bold: true },
    { particulars: 'Capital', amount: b.equity.capitalPaise },
    { particulars: 'Stock brought in (at cost)', amount: b.equity.stockBroughtInPaise },
    { particulars: 'Profit so far', amount: b.equity.profitPaise },
    { particulars: 'Total equity', amount: b.equity.totalPaise, bold: true },
    { particulars: 'Liabilities and equity', amount: b.totalLiabilitiesPaise + b.equity.totalPaise, bold: true },
  ];
}

function trialBalanceLines(t: TrialBalance): Line[] {
  const rows = t.rows.filter((r) => r.balancePaise !== 0);
  return [
    ...rows.map((r) => ({ particulars: r.name, group: ACCOUNT_GROUPS[r.group].name, debit: r.balancePaise > 0 ? r.balancePaise : null, credit: r.balancePaise < 0 ? -r.balancePaise : null })),
    {
      particulars: 'Total',
      debit: rows.reduce((s, r) => s + Math.max(r.balancePaise, 0), 0),
      credit: rows.reduce((s, r) => s + Math.max(-r.balancePaise, 0), 0),
      bold: true,
    },
  ];
}

const TRIAL_COLUMNS: readonly ReportColumn<Line>[] = [
  { ...PARTICULARS, pdf: { width: 200 } },
  { title: 'Group', width: 24, value: (l) => l.group ?? null, pdf: { width: 120 } },
  { title: 'Debit balance', width: 16, money: true, value: (l) => l.debit ?? null, pdf: { width: 100 } },
  { title: 'Credit balance', width: 16, money: true, value: (l) => l.credit ?? null, pdf: { width: 100 } },
];

export type Statement =
  | { kind: 'PROFIT_AND_LOSS'; figures: ProfitAndLossFigures }
  | { kind: 'TRIAL_BALANCE'; figures: TrialBalance }
  | { kind: 'BALANCE_SHEET'; figures: BalanceSheet };

export function exportFinancialStatement(format: ExportFormat, unitName: string, s: Statement): Promise<DownloadFile> {
  if (s.kind === 'PROFIT_AND_LOSS') {
    const { from, to } = s.figures;
    // A loss prints in brackets, as accountants write it.
    const amount: ReportColumn<Line> = { ...AMOUNT, pdf: { width: 120, text: (l) => (l.amount == null ? '' : l.amount < 0 ? `(${formatPaise(-l.amount)})` : formatPaise(l.amount)) } };
    return exportReport(format, unitName, {
      title: 'Profit and Loss',
      subtitle: `${printedDate(from)} to ${printedDate(to)}`,
      sheetName: 'Profit and Loss',
      fileName: safeFileName('Profit-and-Loss', from, to),
      columns: [PARTICULARS, amount],
      rows: profitAndLossLines(s.figures),
      bold: (l) => l.bold === true,
    });
  }
  if (s.kind === 'BALANCE_SHEET') {
    return exportReport(format, unitName, {
      title: 'Balance Sheet',
      subtitle: `As on ${printedDate(s.figures.asOf)}`,
      sheetName: 'Balance Sheet',
      fileName: safeFileName('Balance-Sheet', s.figures.asOf),
      columns: [PARTICULARS, AMOUNT],
      rows: balanceSheetLines(s.figures),
      bold: (l) => l.bold === true,
    });
  }
  return exportReport(format, unitName, {
    title: 'Trial Balance',
    subtitle: `As on ${printedDate(s.figures.asOf)}`,
    sheetName: 'Trial Balance',
    fileName: safeFileName('Trial-Balance', s.figures.asOf),
    columns: TRIAL_COLUMNS,
    rows: trialBalanceLines(s.figures),
    bold: (l) => l.bold === true,
  });
}
