import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { priceDocument } from 'shared-api';
import type { AccountRef } from '../src/modules/ledger/accounts';
import { postVoucher, reverseVoucher } from '../src/modules/ledger/post';
import { TAX_DOCUMENTS, settlementLines, taxDocumentLines, type TaxDocumentType } from '../src/modules/ledger/postings';
import { unitId } from './cart-fixtures';
import { build } from './helpers';
import { lineArb } from './ledger-fixtures';

const t = build();

const PARTIES = ['RTL-MUM-001', 'HSP-AMD-001', 'STK-MUM-001'] as const;

const taxDocArb = fc.record({
  kind: fc.constant('TAX' as const),
  type: fc.constantFrom<TaxDocumentType>('SALES_INVOICE', 'CREDIT_NOTE', 'PURCHASE_BILL', 'DEBIT_NOTE'),
  supply: fc.constantFrom('INTRA' as const, 'INTER' as const),
  party: fc.constantFrom(...PARTIES),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
});
const settlementArb = fc.record({
  kind: fc.constantFrom('RECEIPT' as const, 'PAYMENT' as const),
  via: fc.constantFrom('CASH' as const, 'BANK' as const, 'UPI_CLEARING' as const),
  party: fc.constantFrom(...PARTIES),
  amountPaise: fc.integer({ min: 1, max: 1_000_000_000 }),
});
const docsArb = fc.array(fc.record({ doc: fc.oneof(taxDocArb, settlementArb), reverse: fc.boolean() }), { minLength: 1, maxLength: 8 });

/** Sales-side documents name the party as a debtor, purchase-side as a creditor. */
const partyRef = (type: TaxDocumentType | 'RECEIPT' | 'PAYMENT', unit: string): AccountRef =>
  type === 'SALES_INVOICE' || type === 'CREDIT_NOTE' || type === 'RECEIPT' ? { debtor: unit } : { creditor: unit };

describe('the books balance to the paisa whatever is posted', () => {
  it('random invoices, notes, bills, receipts, payments and reversals: every voucher and the trial balance balance', async () => {
    const parties = Object.fromEntries(await Promise.all(PARTIES.map(async (code) => [code, await unitId(t.db, code)] as const)));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(docsArb, async (docs) => {
        // A unit of its own per run, so each run's books start empty.
        const unit = randomUUID();
        const at = t.clock.now();
        await t.db.insertInto('units').values({ id: unit, unit_code: `STK-PBT-${run++}`, trade_name: `Property Pharma ${run}`, customer_type: 'STOCKIST', city: 'Pune', created_at: at }).execute();
        const expected = new Map<string, number>();
        const add = (code: string, paise: number) => expected.set(code, (expected.get(code) ?? 0) + paise);

        for (const { doc, reverse } of docs) {
          const party = parties[doc.party]!;
          const ref = partyRef(doc.kind === 'TAX' ? doc.type : doc.kind, party);
          const code = 'debtor' in ref ? `DEBTOR:${party}` : `CREDITOR:${party}`;
          let voucher: Parameters<typeof postVoucher>[1];
          let partyEffect: number;
          if (doc.kind === 'TAX') {
            const { totals } = priceDocument(doc.lines, doc.supply);
            voucher = { unitId: unit, kind: TAX_DOCUMENTS[doc.type].voucherKind, date: '2026-11-22', documentType: doc.type, lines: taxDocumentLines(doc.type, ref, totals), at };
            partyEffect = TAX_DOCUMENTS[doc.type].partySide * totals.totalPaise;
            if (totals.beforeRoundOffPaise === 0) {
              // Nothing to book: the posting function refuses an empty voucher.
              await expect(t.db.transaction().execute((trx) => postVoucher(trx, voucher))).rejects.toThrow('does not balance');
              continue;
            }
          } else {
            voucher = { unitId: unit, kind: doc.kind, date: '2026-11-22', documentType: doc.kind, lines: settlementLines(doc.kind, ref, doc.via, doc.amountPaise), at };
            partyEffect = doc.kind === 'RECEIPT' ? -doc.amountPaise : doc.amountPaise;
          }
          const id = await t.db.transaction().execute((trx) => postVoucher(trx, voucher));
          if (reverse) await t.db.transaction().execute((trx) => reverseVoucher(trx, id, { unitId: unit, date: '2026-11-23', at, narration: 'reversed' }));
          else add(code, partyEffect);
        }

        const { rows: unbalanced } = await sql<{ id: string }>`
          SELECT v.id FROM vouchers v LEFT JOIN voucher_lines l ON l.voucher_id = v.id WHERE v.unit_id = ${unit}
          GROUP BY v.id HAVING count(l.*) < 2 OR sum(l.debit_paise) <> sum(l.credit_paise)`.execute(t.db);
        expect(unbalanced).toEqual([]);
        const { rows: heads } = await sql<{ code: string; balance: number }>`
          SELECT a.code, (sum(l.debit_paise) - sum(l.credit_paise))::bigint AS balance
          FROM voucher_lines l JOIN ledger_accounts a ON a.id = l.account_id WHERE l.unit_id = ${unit} GROUP BY a.code`.execute(t.db);
        expect(heads.reduce((s, h) => s + h.balance, 0)).toBe(0);
        for (const h of heads.filter((x) => x.code.includes(':'))) expect([h.code, h.balance]).toEqual([h.code, expected.get(h.code) ?? 0]);
      }),
      { numRuns: 25 },
    );
  });
});
