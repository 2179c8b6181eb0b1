import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { PAYMENTS_PATHS, type PartyDues } from 'shared-api';
import type { Database } from '../src/db/database';
import { booksWorld, buyAndReceive, type BooksWorld } from './books-fixtures';
import { unitId } from './cart-fixtures';
import { body, type TestContext } from './helpers';

/* Shared by the payments, requests and billing tests. */

/** What a PNG QR code says, read the way a phone's camera would (jsQR over its pixels). */
export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** Σ debits = Σ credits in every unit's books. */
export async function booksBalance(db: Database) {
  const rows = await db.selectFrom('voucher_lines').select(['unit_id', (e) => e.fn.sum<number>('debit_paise').as('d'), (e) => e.fn.sum<number>('credit_paise').as('c')]).groupBy('unit_id').execute();
  for (const r of rows) expect(Number(r.d)).toBe(Number(r.c));
}

export interface PaymentsWorld extends BooksWorld {
  invoice: { id: string; number: string; total: number };
  billId: string;
  /** Sharma's debtor head in Agarwal's books, Agarwal's creditor head in Sharma's. */
  debtor: string;
  creditor: string;
}

/** Agarwal (STK-PUN-001) invoices Sharma (RTL-MUM-001), who receives the bill: one invoice owed on both sides' books. */
export async function paymentsWorld(c: TestContext): Promise<PaymentsWorld> {
  const w = await booksWorld(c);
  const bill = await buyAndReceive(c, w, { productId: w.product, batchId: w.sellerBatch, quantity: 10, ptrPaise: 1000 });
  const stockistUnit = await unitId(c.db, 'STK-PUN-001');
  const inv = await c.db.selectFrom('sales_invoices').select(['id', 'invoice_number', 'total_paise']).where('unit_id', '=', stockistUnit).executeTakeFirstOrThrow();
  const receivable = body<PartyDues>(await w.stockist.get(PAYMENTS_PATHS.receivable));
  const payable = body<PartyDues>(await w.retailer.get(PAYMENTS_PATHS.payable));
  return {
    ...w,
    invoice: { id: inv.id, number: inv.invoice_number, total: Number(inv.total_paise) },
    billId: bill.billId,
    debtor: receivable.parties.find((p) => p.partyUnitCode === 'RTL-MUM-001')!.accountId,
    creditor: payable.parties.find((p) => p.partyUnitCode === 'STK-PUN-001')!.accountId,
  };
}
