import type { Database } from '../../db/database';
import { offerForBuyer } from '../clearance/repository';
import { originOf } from '../connections/repository';
import { maySeeStock } from '../connections/visibility';
import { sellableBatches, type SellableBatch } from '../orders/stock';
import { recalledAmong, type RecalledBatch } from '../recalls/block';

/** A cart entry as pricing sees it: a product from a seller, maybe from a day of expiry on, or one offer's batch. */
export interface EntryKey {
  sellerUnitId: string;
  productId: string;
  minExpiryDate: string | null;
  clearanceOfferId: string | null;
}

/**
 * What the buyer may take for an entry now. NO_ACCESS: a regular entry of a seller that gives no access to its stock,
 * or an offer the buyer may no longer see (or of another seller or product); ENDED: the offer ended (seller, cut-off
 * or expiry); RECALLED: the offer's batch is under a recall (the buyer picked that batch: refused with E0025, not "sold
 * out"). OK: the batches it may take, FEFO (for an offer: its batch alone, empty when sold out), and the price
 * (an offer's PTR; else the first batch's) and scheme (the first batch's own: an offer keeps its batch's scheme).
 */
export type EntryTerms =
  | { kind: 'NO_ACCESS' }
  | { kind: 'ENDED' }
  | { kind: 'RECALLED'; batch: RecalledBatch }
  | { kind: 'OK'; batches: SellableBatch[]; ptrPaise: number | null; mrpPaise: number | null; schemeBuy: number | null; schemeFree: number | null; offerBatchId: string | null };

export async function entryTerms(db: Database, buyer: { userId: string; unitId: string }, entry: EntryKey, today: string, lock = false): Promise<EntryTerms> {
  if (entry.clearanceOfferId) {
    const origin = await originOf(db, buyer.userId, buyer.unitId);
    const offer = await offerForBuyer(db, entry.clearanceOfferId, buyer.unitId, origin, today);
    if (!offer || offer.seller_unit_id !== entry.sellerUnitId || offer.product_id !== entry.productId) return { kind: 'NO_ACCESS' };
    if (offer.recall_id) {
      const [batch] = await recalledAmong(db, [offer.batch_id]);
      if (batch) return { kind: 'RECALLED', batch };
    }
    if (offer.status === 'ENDED') return { kind: 'ENDED' };
    const batches = await sellableBatches(db, entry.sellerUnitId, entry.productId, today, { lock, batchId: offer.batch_id });
    const first = batches[0];
    return { kind: 'OK', batches, ptrPaise: offer.offer_ptr_paise, mrpPaise: offer.mrp_paise, schemeBuy: first?.scheme_buy ?? null, schemeFree: first?.scheme_free ?? null, offerBatchId: offer.batch_id };
  }
  if (!(await maySeeStock(db, buyer.unitId, entry.sellerUnitId))) return { kind: 'NO_ACCESS' };
  const batches = await sellableBatches(db, entry.sellerUnitId, entry.productId, today, { lock, minExpiryDate: entry.minExpiryDate });
  const first = batches[0];
  return { kind: 'OK', batches, ptrPaise: first?.ptr_paise ?? null, mrpPaise: first?.mrp_paise ?? null, schemeBuy: first?.scheme_buy ?? null, schemeFree: first?.scheme_free ?? null, offerBatchId: null };
}
