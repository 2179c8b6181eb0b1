import type { BalanceSheet, ProfitAndLoss, StatementExportQuery, StoreDetails, StoresDashboard, TrialBalance } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { notFound } from '../../http/errors';
import { activeWarehouseId, listWarehouses } from '../account/repository';
import { openItems } from '../ledger/outstanding';
import { previousPeriod, resolvePeriod } from '../ledger/period';
import type { DownloadFile } from '../../http/file-reply';
import { istDate } from '../search/text';
import { exportFinancialStatement } from './statements-export';
import { balanceSheetFigures, balanceSheetInstant, previousYearEnd } from './balance-sheet';
import { periodEnd, periodStart, profitAndLossFigures } from './profit-loss';
import { StockBook } from './stock-valuation';
import { outstandingByWarehouse, storeDetails, storeSummaries, totalsOf, type OutstandingByWarehouse } from './stores';

/** Profit and loss, balance sheet and stores (issue 14): read from vouchers and the stock ledger. */
export class FinancialsService {
  constructor(
    readonly db: Database,
    readonly config: Config,
  ) {}

  private today() {
    return istDate(this.config.now());
  }

  async profitAndLoss(caller: Caller, query: { from?: string | undefined; to?: string | undefined; compare: 'none' | 'previous' }): Promise<ProfitAndLoss> {
    const period = resolvePeriod(query, this.config.now());
    const before = query.compare === 'previous' ? previousPeriod(period) : null;
    // One read of the stock ledger for both periods (the previous one ends where this one starts).
    const stock = await StockBook.load(this.db, { unitId: caller.unitId }, [periodStart(period), periodEnd(period), ...(before ? [periodStart(before)] : [])]);
    const [figures, previous] = await Promise.all([
      profitAndLossFigures(this.db, caller.unitId, period, stock),
      before ? profitAndLossFigures(this.db, caller.unitId, before, stock) : null,
    ]);
    return { ...figures, previous };
  }

  async balanceSheet(caller: Caller, asOf?: string): Promise<BalanceSheet> {
    const day = asOf ?? this.today();
    const stock = await StockBook.load(this.db, { unitId: caller.unitId }, [balanceSheetInstant(day), balanceSheetInstant(previousYearEnd(day))]);
    const [figures, before] = await Promise.all([balanceSheetFigures(this.db, caller.unitId, day, stock), balanceSheetFigures(this.db, caller.unitId, previousYearEnd(day), stock)]);
    return { ...figures, previous: { asOf: before.asOf, totalAssetsPaise: before.totalAssetsPaise, equityPaise: before.equity.totalPaise } };
  }

  /**
   * The profit and loss, trial balance or balance sheet as a download (issue 39 item 5): the same figures as the
   * screens. `trialBalance` is the ledgers' (LedgerService), so the download is the screen's to the paisa.
   */
  async exportStatement(caller: Caller, query: StatementExportQuery, trialBalance: (asOf?: string) => Promise<TrialBalance>): Promise<DownloadFile> {
    const unit = await this.db.selectFrom('units').select('trade_name').where('id', '=', caller.unitId).executeTakeFirstOrThrow();
    const statement =
      query.statement === 'PROFIT_AND_LOSS'
        ? ({ kind: 'PROFIT_AND_LOSS', figures: await this.profitAndLoss(caller, { from: query.from, to: query.to, compare: 'none' }) } as const)
        : query.statement === 'BALANCE_SHEET'
          ? ({ kind: 'BALANCE_SHEET', figures: await this.balanceSheet(caller, query.asOf) } as const)
          : ({ kind: 'TRIAL_BALANCE', figures: await trialBalance(query.asOf) } as const);
    return exportFinancialStatement(query.format, unit.trade_name, statement);
  }

  private async storesInput(caller: Caller, query: { from?: string | undefined; to?: string | undefined }) {
    const [warehouses, chosen, outstanding] = await Promise.all([listWarehouses(this.db, caller.unitId), activeWarehouseId(this.db, caller.userId), this.outstanding(caller)]);
    // As the warehouse switcher shows it: the caller's choice, else the first warehouse.
    const activeId = warehouses.some((w) => w.id === chosen) ? chosen : (warehouses[0]?.id ?? null);
    return { warehouses, activeWarehouseId: activeId, today: this.today(), period: resolvePeriod(query, this.config.now()), outstanding };
  }

  async stores(caller: Caller, query: { from?: string | undefined; to?: string | undefined }): Promise<StoresDashboard> {
    const input = await this.storesInput(caller, query);
    const { stores } = await storeSummaries(this.db, caller.unitId, input);
    return { from: input.period.from, to: input.period.to, stores, totals: totalsOf(stores) };
  }

  async storeDetails(caller: Caller, query: { warehouseId: string; from?: string | undefined; to?: string | undefined }): Promise<StoreDetails> {
    const input = await this.storesInput(caller, query);
    // Another unit's warehouse answers like one that does not exist.
    const warehouse = input.warehouses.find((w) => w.id === query.warehouseId);
    if (!warehouse) throw notFound();
    const { stores, batches, months } = await storeSummaries(this.db, caller.unitId, { ...input, warehouses: [warehouse] }, warehouse.id);
    return { from: input.period.from, to: input.period.to, ...storeDetails(stores[0]!, warehouse, batches, months, input.period, input.today) };
  }

  /** Receivable today per warehouse: each open sales invoice's outstanding, split over the stores its goods left. */
  private async outstanding(caller: Caller): Promise<OutstandingByWarehouse> {
    const parties = await openItems(this.db, caller.unitId, { asOf: this.today(), side: 'RECEIVABLE' });
    const invoices = parties.flatMap((p) => p.items.flatMap((i) => (i.documentType === 'SALES_INVOICE' && i.documentId ? [{ documentId: i.documentId, outstandingPaise: i.outstandingPaise }] : [])));
    return outstandingByWarehouse(this.db, caller.unitId, invoices);
  }
}
