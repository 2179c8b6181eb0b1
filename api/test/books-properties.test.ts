import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { financialYear, financialYearRange } from 'shared-api';
import { resolveAccounts } from '../src/modules/ledger/accounts';
import { openItems } from '../src/modules/ledger/outstanding';
import { dayBefore } from '../src/modules/ledger/period';
import { postVoucher } from '../src/modules/ledger/post';
import { ledgerStatement } from '../src/modules/ledger/statement';
import { LedgerService } from '../src/modules/ledger/service';
import { addDays } from '../src/modules/search/text';
import { build } from './helpers';

/*
 * The books' invariants for random histories of one unit trading with a few parties over two financial years
 * (financials-properties.test.ts holds the stock, balance sheet and profit-and-loss ones):
 *   - the trial balance adds up to zero on any day;
 *   - a head's ledger for any period: closing = opening + debits − credits, the last entry's running balance is the
 *     closing, pages of any size give the same entries and balances, and the opening of a period is the closing of
 *     the day before (income and expense heads: from the start of their financial year);
 *   - a party's outstanding = its invoices − receipts − credit notes up to the day, and the open documents add up to
 *     it (less what was paid in advance), oldest settled first.
 */

const t = build();

const FIRST_DAY = '2025-10-01';
const DAYS = 300;
const day = (offset: number) => addDays(FIRST_DAY, offset);

const eventArb = fc.record({
  kind: fc.constantFrom('INVOICE', 'INVOICE', 'RECEIPT', 'CREDIT_NOTE', 'EXPENSE'),
  party: fc.integer({ min: 0, max: 2 }),
  day: fc.integer({ min: 0, max: DAYS }),
  amount: fc.integer({ min: 1, max: 2_000_000 }),
});

const historyArb = fc.record({
  events: fc.array(eventArb, { minLength: 1, maxLength: 25 }),
  period: fc.tuple(fc.integer({ min: 0, max: DAYS }), fc.integer({ min: 0, max: DAYS })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
  asOf: fc.integer({ min: 0, max: DAYS }),
  pageSize: fc.integer({ min: 1, max: 7 }),
});

describe('the books’ invariants hold for random histories', () => {
  it('trial balance, ledger statements and outstanding agree with the vouchers', async () => {
    const parties = (await t.db.selectFrom('units').select('id').where('unit_code', 'in', ['RTL-MUM-001', 'HSP-AMD-001', 'STK-THN-001']).orderBy('unit_code').execute()).map((u) => u.id);
    expect(parties).toHaveLength(3);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(historyArb, async (h) => {
        run += 1;
        const unit = randomUUID();
        const at = t.clock.now();
        await t.db.insertInto('units').values({ id: unit, unit_code: `STK-INV-${run}`, trade_name: `Invariant Traders ${run}`, customer_type: 'STOCKIST', city: 'Pune', created_at: at }).execute();

        // Each event posts the voucher its document would (amounts are the totals; taxes do not matter here).
        await t.db.transaction().execute(async (trx) => {
          for (const e of h.events) {
            const party = { debtor: parties[e.party]! };
            const common = { unitId: unit, date: day(e.day), at, documentId: randomUUID() };
            if (e.kind === 'INVOICE') {
              await postVoucher(trx, { ...common, kind: 'SALES', documentType: 'SALES_INVOICE', lines: [{ account: party, debitPaise: e.amount }, { account: { head: 'SALES' }, creditPaise: e.amount }] });
            } else if (e.kind === 'RECEIPT') {
              await postVoucher(trx, { ...common, kind: 'RECEIPT', documentType: 'RECEIPT', lines: [{ account: { head: 'BANK' }, debitPaise: e.amount }, { account: party, creditPaise: e.amount }] });
            } else if (e.kind === 'CREDIT_NOTE') {
              await postVoucher(trx, { ...common, kind: 'CREDIT_NOTE', documentType: 'CREDIT_NOTE', lines: [{ account: { head: 'SALES_RETURNS' }, debitPaise: e.amount }, { account: party, creditPaise: e.amount }] });
            } else {
              await postVoucher(trx, { ...common, kind: 'JOURNAL', documentType: 'JOURNAL', lines: [{ account: { head: 'ROUND_OFF' }, debitPaise: e.amount }, { account: { head: 'CASH' }, creditPaise: e.amount }] });
            }
          }
        });
        const caller = { userId: randomUUID(), unitId: unit, unitCode: `STK-INV-${run}`, customerType: 'STOCKIST' as const, role: 'OWNER' as const, familyId: randomUUID(), activated: true };

        // Trial balance: zero on the day asked.
        const asOf = day(h.asOf);
        const tb = await new LedgerService(t.db, t.config).trialBalance(caller, asOf);
        expect(tb.debitPaise).toBe(tb.creditPaise);
        expect(tb.rows.reduce((s, r) => s + r.balancePaise, 0)).toBe(0);

        // Ledger statements of every head the history used, for the random period, read in pages.
        const [from, to] = [day(h.period[0]), day(h.period[1])];
        const heads = await t.db.selectFrom('ledger_accounts').select(['id', 'group_code']).where('unit_id', '=', unit).execute();
        for (const head of heads) {
          const first = await ledgerStatement(t.db, unit, { accountId: head.id, from, to, page: 0, pageSize: h.pageSize }, at);
          const entries = [...first.items];
          for (let page = 1; page * h.pageSize < first.totalResults; page++) {
            entries.push(...(await ledgerStatement(t.db, unit, { accountId: head.id, from, to, page, pageSize: h.pageSize }, at)).items);
          }
          const all = await ledgerStatement(t.db, unit, { accountId: head.id, from, to, page: 0, pageSize: 200 }, at);
          expect(entries).toEqual(all.items);
          expect(first.closingPaise).toBe(first.openingPaise + first.debitPaise - first.creditPaise);
          expect(entries.reduce((s, e) => s + e.debitPaise - e.creditPaise, first.openingPaise)).toBe(first.closingPaise);
          expect(entries.at(-1)?.balancePaise ?? first.openingPaise).toBe(first.closingPaise);
          // The opening is the closing of the day before (income and expense heads count from their year's start).
          const periodic = ['SALES', 'PURCHASES', 'DIRECT_INCOMES', 'INDIRECT_INCOMES', 'DIRECT_EXPENSES', 'INDIRECT_EXPENSES'].includes(head.group_code);
          const yearStart = financialYearRange(financialYear(from)).from;
          if (periodic && from === yearStart) expect(first.openingPaise).toBe(0);
          else {
            const before = await ledgerStatement(t.db, unit, { accountId: head.id, from: periodic ? yearStart : '2000-01-01', to: dayBefore(from), page: 0, pageSize: 1 }, at);
            expect(first.openingPaise).toBe(before.closingPaise);
          }
        }

        // Outstanding per party = invoices − receipts − credit notes up to the day; the open documents add up to it.
        const parts = await openItems(t.db, unit, { asOf, side: 'RECEIVABLE' });
        for (const [i, partyId] of parties.entries()) {
          const upTo = h.events.filter((e) => e.party === i && day(e.day) <= asOf);
          const sum = (kind: string) => upTo.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
          const expected = sum('INVOICE') - sum('RECEIPT') - sum('CREDIT_NOTE');
          const [account] = await t.db.transaction().execute((trx) => resolveAccounts(trx, unit, [{ debtor: partyId }], at));
          const party = parts.find((p) => p.accountId === account);
          expect(party?.balancePaise ?? 0).toBe(expected);
          if (party) {
            expect(party.items.reduce((s, x) => s + x.outstandingPaise, 0) - party.unallocatedPaise).toBe(expected);
            for (const item of party.items) {
              expect(item.outstandingPaise).toBe(item.amountPaise - item.settledPaise);
              expect(item.outstandingPaise).toBeGreaterThan(0);
            }
            // Credits settle the oldest documents first: what is still open is the newest, in date order.
            expect(party.items.slice(0, -1).every((x, k) => x.date <= party.items[k + 1]!.date)).toBe(true);
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
