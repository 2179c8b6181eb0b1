/**
 * The one catalogue (issue 36): every uploaded or imported item matched to the product master (match.ts), the
 * seller's choices remembered (seller_items), and the move-in item master (item-master.ts). Merging duplicates of the
 * master lives beside it (merge*.ts).
 */
export { matchItems, mrpRangesOf, rememberPicks, unansweredItems, upsertSellerItems, loadAliases, type CatalogueItem, type ImportScope, type SellerItemWrite } from './match';
export { normaliseItem, canonicalKey, manufacturerKey, type NormalisedItem } from './normalise';
export { previewItemMaster, importItemMaster, catalogueSummary, itemsOfRows } from './item-master';
