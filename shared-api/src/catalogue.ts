import { z } from 'zod';
import { Id } from './common';

/*
 * One catalogue (issue 36). Every item a seller uploads or imports is matched to the platform's product master by its
 * normalised name (TAB/TABS/TABLET, strength forms like 650MG/650 mg), pack (15'S, 1X15, 15 Tab, strip of 15) and
 * manufacturer (aliases and abbreviations), with HSN and MRP as evidence. A confident match is taken; an uncertain one
 * is shown with its candidates for the seller to confirm or to create a new product; a different strength or form is
 * never a candidate. The seller's choice is remembered (its own item code or name → product) so its next file maps
 * itself. Duplicates already in the master are merged: batches, orders and history move to the surviving product and
 * the old name stays as an alias that search finds.
 */

/**
 * REMEMBERED: the seller chose this product for this item before (its code or name); EXACT: the same normalised
 * name, strength, form, pack and manufacturer; CONFIDENT: one candidate agrees on everything that matters and the
 * evidence (HSN, MRP) does not contradict it; UNCERTAIN: candidates to confirm; NEW: nothing like it in the master.
 */
export const MATCH_KINDS = ['REMEMBERED', 'EXACT', 'CONFIDENT', 'UNCERTAIN', 'NEW'] as const;
export const MatchKind = z.enum(MATCH_KINDS);
export type MatchKind = z.infer<typeof MatchKind>;

/** Taken without asking. */
export const isSettledMatch = (kind: MatchKind): boolean => kind === 'REMEMBERED' || kind === 'EXACT' || kind === 'CONFIDENT';

export const CatalogueCandidate = z.object({
  productId: z.string(),
  name: z.string(),
  pack: z.string(),
  manufacturer: z.string(),
  hsn: z.string().nullable(),
  /** 0–100: how alike (a person reads it as "how sure"). */
  score: z.number().int().min(0).max(100),
  /** What agrees and what differs, short: "same strength and form", "pack 10 vs 15", "MRP ₹32.00 on record". */
  reasons: z.array(z.string()),
});
export type CatalogueCandidate = z.infer<typeof CatalogueCandidate>;

/** One distinct item of a file (a product key of its rows) and what the catalogue makes of it. */
export const ItemMatch = z.object({
  /** The file's item, as keyed by the upload: its normalised name|pack|manufacturer (the pick refers to it). */
  itemKey: z.string(),
  /** The seller's own item code, when the file has one. */
  itemCode: z.string().nullable(),
  name: z.string(),
  pack: z.string(),
  manufacturer: z.string(),
  /** First file row of the item (1-based), and how many rows name it. */
  rowNumber: z.number().int(),
  rows: z.number().int(),
  kind: MatchKind,
  /** Settled kinds: the product; UNCERTAIN and NEW: null until the seller picks. */
  productId: z.string().nullable(),
  /** Best first: the matched product alone when settled, up to 5 when uncertain, none when NEW. */
  candidates: z.array(CatalogueCandidate),
});
export type ItemMatch = z.infer<typeof ItemMatch>;

/** The seller's answer for an item: one of its candidates (or any product), or NEW to create a product. */
export const ItemPick = z.object({
  itemKey: z.string().min(1).max(600),
  productId: z.union([Id, z.literal('NEW')]),
});
export type ItemPick = z.infer<typeof ItemPick>;
export const ItemPicks = z.array(ItemPick).max(50_000);

/** Upload and import form field (multipart) carrying ItemPick[] as JSON. */
export const ITEM_PICKS_FIELD = 'picks';

/** What the catalogue made of a file's items (the stock upload preview and the move-in item preview carry it). */
export const CatalogueSummary = z.object({
  items: z.number().int(),
  remembered: z.number().int(),
  exact: z.number().int(),
  confident: z.number().int(),
  uncertain: z.number().int(),
  new: z.number().int(),
});
export type CatalogueSummary = z.infer<typeof CatalogueSummary>;

// ---- duplicates in the master (back-office staff) ----

/** Products the matcher takes for one: the survivor first (most stock holders, then oldest). */
export const DuplicateGroup = z.object({
  groupKey: z.string(),
  products: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      pack: z.string(),
      manufacturer: z.string(),
      hsn: z.string().nullable(),
      /** Units holding stock of it, and its batches. */
      holders: z.number().int(),
      batches: z.number().int(),
    }),
  ),
});
export type DuplicateGroup = z.infer<typeof DuplicateGroup>;
export const DuplicateGroups = z.object({ groups: z.array(DuplicateGroup) });
export type DuplicateGroups = z.infer<typeof DuplicateGroups>;

/** POST merge: the duplicates go into the survivor; their names stay as aliases search finds. */
export const MergeProducts = z.object({
  survivorId: Id,
  duplicateIds: z.array(Id).min(1, 'Choose the duplicates to merge').max(50),
  /** Staff merge products whose strength, form or variant differ (refused without it, E0049). */
  force: z.boolean().optional(),
});
export type MergeProducts = z.input<typeof MergeProducts>;

export const MergeResult = z.object({
  survivorId: z.string(),
  merged: z.array(z.string()),
  batchesMoved: z.number().int(),
  /** Batches of the same warehouse and number that became one (quantities added). */
  batchesCombined: z.number().int(),
  aliasesAdded: z.number().int(),
});
export type MergeResult = z.infer<typeof MergeResult>;

export const CATALOGUE_PATHS = {
  /** GET → DuplicateGroups (staff). */
  duplicates: '/catalogue/duplicates',
  /** POST MergeProducts → MergeResult (staff). */
  merge: '/catalogue/merge',
} as const;
