import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DuplicateGroup, MergeResult } from 'shared-api';
import type { Database } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import { inTransaction } from '../../db/transaction';
import { canonicalKey, describePack, describeStrengths, normaliseItem, packAgreement, sameStrengths, type ManufacturerAliases } from './normalise';

/** Who merges, when, and whether a difference of strength, form or variant was overridden (staff only). */
export interface MergedBy {
  userId: string | null;
  now: Date;
  force?: boolean;
}

interface ProductRow {
  id: string;
  name: string;
  pack: string;
  manufacturer: string;
  composition: string | null;
  hsn: string | null;
  merged_into: string | null;
}

const refused = (message: string) => new AppError('E0049', 409, message);

/**
 * Merges duplicates of the product master into the survivor, inside the caller's transaction (issue 36). Every
 * reference that is not an issued document moves to the survivor: batches (one of the same warehouse and number as
 * one already there is combined into it: quantities and reservations added, its stock movements, allocations and
 * offers moved, so on-hand still equals the sum of movements), the lines of open orders, cart entries, search hits,
 * recalls, the sellers' remembered items and earlier aliases. Issued documents (invoice, credit-note, debit-note,
 * purchase-bill, quotation and supplier-order lines, non-saleable movements: append-only) keep naming the merged
 * product and print its name; a batch they name stays, emptied, instead of being removed. Each duplicate's name becomes
 * an alias of the survivor, which search finds, and `merged_into` takes it out of every offer.
 *
 * Locks (ARCHITECTURE.md decision 13): the products' recall buckets (as raising a recall takes them), the products in
 * id order (FOR NO KEY UPDATE: a cart submitted meanwhile still inserts order lines naming them, whose foreign key
 * takes KEY SHARE), then the carts and open orders that name a duplicate (the documents), then the batches in id
 * order.
 */
export async function mergeProducts(trx: Database, survivorId: string, duplicateIds: readonly string[], by: MergedBy): Promise<MergeResult> {
  const duplicates = [...new Set(duplicateIds)];
  if (duplicates.includes(survivorId)) throw refused('A product cannot be merged into itself: choose another survivor');
  if (!duplicates.length) throw new AppError('E0001', 400, 'Choose the duplicates to merge', { duplicateIds: 'Choose the duplicates to merge' });
  const all = [survivorId, ...duplicates];

  await sql`SELECT pg_advisory_xact_lock(hashtext('recall_batches'), bucket)
    FROM (SELECT DISTINCT recall_lock_bucket(id) AS bucket FROM unnest(${all}::uuid[]) AS id) b ORDER BY bucket`.execute(trx);
  const { rows: products } = await sql<ProductRow>`SELECT id, name, pack, manufacturer, composition, hsn, merged_into FROM products
    WHERE id = ANY(${all}::uuid[]) ORDER BY id FOR NO KEY UPDATE`.execute(trx);
  const byId = new Map(products.map((p) => [p.id, p]));
  const survivor = byId.get(survivorId);
  if (!survivor || duplicates.some((id) => !byId.has(id))) throw notFound();
  if (survivor.merged_into) throw refused(`${survivor.name} was merged into another product: merge into that one`);
  const aliases = by.force ? new Map<string, string>() : await manufacturerAliases(trx);
  for (const id of duplicates) {
    const duplicate = byId.get(id)!;
    if (duplicate.merged_into) throw refused(`${duplicate.name} (${duplicate.pack}) was merged before`);
    if (by.force) continue;
    const difference = itemDifference(survivor, duplicate, aliases);
    if (difference) throw refused(`${duplicate.name} (${duplicate.pack}) is not ${survivor.name} (${survivor.pack}): ${difference}. Merge anyway only if they are one product`);
  }

  // The documents before the batches: carts (cart submit locks its cart, then the batches) and open orders
  // (acceptance locks its order, then the batches).
  await sql`SELECT c.id FROM carts c WHERE c.id IN (SELECT cart_id FROM cart_entries WHERE product_id = ANY(${duplicates}::uuid[]))
    ORDER BY c.id FOR UPDATE`.execute(trx);
  const { rows: openOrders } = await sql<{ id: string }>`SELECT o.id FROM orders o
    WHERE o.id IN (SELECT order_id FROM order_lines WHERE product_id = ANY(${duplicates}::uuid[]))
      AND (o.status = 'PLACED' OR o.status = 'ACCEPTED' AND NOT EXISTS (SELECT 1 FROM sales_invoices i WHERE i.order_id = o.id))
    ORDER BY o.id FOR UPDATE`.execute(trx);

  const batches = await mergeBatches(trx, survivorId, all, by.now);

  if (openOrders.length) {
    await sql`UPDATE order_lines SET product_id = ${survivorId} WHERE product_id = ANY(${duplicates}::uuid[])
      AND order_id = ANY(${openOrders.map((o) => o.id)}::uuid[])`.execute(trx);
  }
  await mergeCartEntries(trx, survivor, duplicates);
  // Buyers' interest per day (the dashboard's most searched) counts for the survivor.
  await sql`INSERT INTO product_search_hits (day, product_id, hits)
    SELECT day, ${survivorId}::uuid, sum(hits)::int FROM product_search_hits WHERE product_id = ANY(${duplicates}::uuid[]) GROUP BY day
    ON CONFLICT (day, product_id) DO UPDATE SET hits = product_search_hits.hits + EXCLUDED.hits`.execute(trx);
  await sql`DELETE FROM product_search_hits WHERE product_id = ANY(${duplicates}::uuid[])`.execute(trx);
  await sql`UPDATE recalls SET product_id = ${survivorId} WHERE product_id = ANY(${duplicates}::uuid[])`.execute(trx);
  await moveSellerItems(trx, survivorId, duplicates);
  await markRecalledBatches(trx, survivorId);

  // The names: earlier aliases of the duplicates, then each duplicate's own; chains stay one step long.
  await sql`UPDATE product_aliases SET product_id = ${survivorId} WHERE product_id = ANY(${duplicates}::uuid[])`.execute(trx);
  await trx
    .insertInto('product_aliases')
    .values(
      duplicates.map((id) => {
        const d = byId.get(id)!;
        return { id: randomUUID(), product_id: survivorId, name: d.name, pack: d.pack, manufacturer: d.manufacturer, merged_from: id, merged_by: by.userId, created_at: by.now };
      }),
    )
    .execute();
  await sql`UPDATE products SET merged_into = ${survivorId}
    WHERE id = ANY(${duplicates}::uuid[]) OR merged_into = ANY(${duplicates}::uuid[])`.execute(trx);
  // What the survivor lacked and a duplicate knew (the first that has it): its HSN (which decides its GST rate, so
  // whether it is offered) and its composition (search by salt).
  const hsn = survivor.hsn ?? duplicates.map((id) => byId.get(id)!.hsn).find((h) => h);
  const composition = survivor.composition ?? duplicates.map((id) => byId.get(id)!.composition).find((c) => c);
  // Written even when nothing is filled in: the survivor's own row change tells every process's search to read it
  // again (the change log's 'product' topic), with its new aliases.
  await trx
    .updateTable('products')
    .set({ hsn: hsn ?? null, composition: composition ?? null })
    .where('id', '=', survivorId)
    .execute();

  return { survivorId, merged: duplicates, batchesMoved: batches.moved, batchesCombined: batches.combined, aliasesAdded: duplicates.length };
}

/** The merge of the survivor's and the duplicates' batches; answers how many were moved and how many combined. */
async function mergeBatches(trx: Database, survivorId: string, all: readonly string[], now: Date): Promise<{ moved: number; combined: number }> {
  // Each batch's target: the survivor's batch of the same warehouse and number, else the first (by id) of the
  // duplicates' (which moves to the survivor and takes in the others).
  const { rows } = await sql<{ id: string; target: string; survivors: boolean }>`SELECT id, first_value(id) OVER w AS target, product_id = ${survivorId}::uuid AS survivors
    FROM (SELECT id, warehouse_id, batch_no, product_id FROM inventory_batches WHERE product_id = ANY(${all}::uuid[]) ORDER BY id FOR UPDATE) b
    WINDOW w AS (PARTITION BY warehouse_id, batch_no ORDER BY product_id = ${survivorId}::uuid DESC, id)`.execute(trx);
  const moved = rows.filter((r) => !r.survivors && r.target === r.id).map((r) => r.id);
  const sources = rows.filter((r) => r.target !== r.id);
  if (sources.length) {
    const from = sources.map((r) => r.id);
    const to = sources.map((r) => r.target);
    await sql`UPDATE inventory_batches t SET quantity = t.quantity + s.quantity, reserved = t.reserved + s.reserved, updated_at = ${now}
      FROM (SELECT m.target, sum(b.quantity)::int AS quantity, sum(b.reserved)::int AS reserved
            FROM unnest(${from}::uuid[], ${to}::uuid[]) AS m(source, target) JOIN inventory_batches b ON b.id = m.source GROUP BY m.target) s
      WHERE t.id = s.target`.execute(trx);
    // Movements, reservations and allocations, and offers follow the units.
    await sql`UPDATE stock_movements sm SET batch_id = m.target FROM unnest(${from}::uuid[], ${to}::uuid[]) AS m(source, target)
      WHERE sm.batch_id = m.source`.execute(trx);
    await sql`UPDATE order_allocations a SET batch_id = m.target FROM unnest(${from}::uuid[], ${to}::uuid[]) AS m(source, target)
      WHERE a.batch_id = m.source`.execute(trx);
    // One running offer per batch: the target's own, else the first of the sources'; the others end now.
    const targetOf = new Map(sources.map((r) => [r.id, r.target]));
    const { rows: running } = await sql<{ id: string; batch_id: string }>`SELECT id, batch_id FROM clearance_offers
      WHERE ended_at IS NULL AND batch_id = ANY(${[...from, ...to]}::uuid[]) ORDER BY (batch_id = ANY(${to}::uuid[])) DESC, id`.execute(trx);
    const offered = new Set<string>();
    const ended: string[] = [];
    for (const offer of running) {
      const target = targetOf.get(offer.batch_id) ?? offer.batch_id;
      if (offered.has(target)) ended.push(offer.id);
      else offered.add(target);
    }
    if (ended.length) await sql`UPDATE clearance_offers SET ended_at = ${now} WHERE id = ANY(${ended}::uuid[])`.execute(trx);
    await sql`UPDATE clearance_offers o SET batch_id = m.target FROM unnest(${from}::uuid[], ${to}::uuid[]) AS m(source, target)
      WHERE o.batch_id = m.source`.execute(trx);
    // A source an issued document names stays, empty, under the merged product; the others go.
    const { rows: named } = await sql<{ id: string }>`SELECT id FROM unnest(${from}::uuid[]) AS id WHERE
      EXISTS (SELECT 1 FROM sales_invoice_lines l WHERE l.batch_id = id) OR EXISTS (SELECT 1 FROM credit_note_lines l WHERE l.batch_id = id)
      OR EXISTS (SELECT 1 FROM purchase_bill_lines l WHERE l.batch_id = id) OR EXISTS (SELECT 1 FROM debit_note_lines l WHERE l.batch_id = id)
      OR EXISTS (SELECT 1 FROM quotation_lines l WHERE l.batch_id = id) OR EXISTS (SELECT 1 FROM non_saleable_stock_movements l WHERE l.batch_id = id)`.execute(trx);
    const kept = new Set(named.map((r) => r.id));
    const emptied = from.filter((id) => kept.has(id));
    const removed = from.filter((id) => !kept.has(id));
    if (emptied.length) await sql`UPDATE inventory_batches SET quantity = 0, reserved = 0, updated_at = ${now} WHERE id = ANY(${emptied}::uuid[])`.execute(trx);
    if (removed.length) await sql`DELETE FROM inventory_batches WHERE id = ANY(${removed}::uuid[])`.execute(trx);
  }
  if (moved.length) {
    await sql`UPDATE inventory_batches SET product_id = ${survivorId}, updated_at = ${now} WHERE id = ANY(${moved}::uuid[])`.execute(trx);
  }
  return { moved: moved.length, combined: sources.length };
}

/**
 * Cart entries of a duplicate become the survivor's, shown with its name; one that would repeat an entry of the same
 * cart, seller, expiry and offer is added to it.
 */
async function mergeCartEntries(trx: Database, survivor: ProductRow, duplicates: readonly string[]): Promise<void> {
  const { rows } = await sql<{ id: string; keep: string }>`SELECT id, first_value(id) OVER w AS keep FROM cart_entries
    WHERE cart_id IN (SELECT cart_id FROM cart_entries WHERE product_id = ANY(${duplicates}::uuid[]))
      AND product_id = ANY(${[survivor.id, ...duplicates]}::uuid[])
    WINDOW w AS (PARTITION BY cart_id, seller_unit_id, COALESCE(min_expiry_date, '-infinity'::date),
      COALESCE(clearance_offer_id, '00000000-0000-0000-0000-000000000000'::uuid) ORDER BY product_id = ${survivor.id}::uuid DESC, id)`.execute(trx);
  const folded = rows.filter((r) => r.keep !== r.id);
  if (folded.length) {
    const from = folded.map((r) => r.id);
    const to = folded.map((r) => r.keep);
    await sql`UPDATE cart_entries e SET quantity = e.quantity + s.quantity, free_quantity = e.free_quantity + s.free_quantity
      FROM (SELECT m.keep, sum(c.quantity)::int AS quantity, sum(c.free_quantity)::int AS free_quantity
            FROM unnest(${from}::uuid[], ${to}::uuid[]) AS m(id, keep) JOIN cart_entries c ON c.id = m.id GROUP BY m.keep) s
      WHERE e.id = s.keep`.execute(trx);
    await sql`DELETE FROM cart_entries WHERE id = ANY(${from}::uuid[])`.execute(trx);
  }
  await sql`UPDATE cart_entries SET product_id = ${survivor.id}, product_name = ${survivor.name}, pack = ${survivor.pack}, manufacturer = ${survivor.manufacturer}
    WHERE product_id = ANY(${duplicates}::uuid[])`.execute(trx);
}

/** The sellers' remembered items (migration 051): an item code or name that meant a duplicate now means the survivor. */
async function moveSellerItems(trx: Database, survivorId: string, duplicates: readonly string[]): Promise<void> {
  await sql`UPDATE seller_items SET product_id = ${survivorId} WHERE product_id = ANY(${duplicates}::uuid[])`.execute(trx);
}

/**
 * A recall moved from a duplicate names batch numbers the survivor may hold too (and a survivor's recall the moved
 * batches): those are marked and their holders told, as a batch received after the recall is (migration 049).
 */
async function markRecalledBatches(trx: Database, survivorId: string): Promise<void> {
  const { rows } = await sql<{ id: string }>`UPDATE inventory_batches b SET recall_id = active_recall_of(b.product_id, b.batch_no, b.expiry_date)
    WHERE b.product_id = ${survivorId} AND b.recall_id IS NULL AND active_recall_of(b.product_id, b.batch_no, b.expiry_date) IS NOT NULL
    RETURNING b.id`.execute(trx);
  if (!rows.length) return;
  const ids = rows.map((r) => r.id);
  const { rows: told } = await sql<{ recall_id: string; unit_id: string; first_time: boolean }>`INSERT INTO recall_parties (recall_id, unit_id, role, units, told_at)
    SELECT b.recall_id, b.unit_id, 'HOLDER', sum(b.quantity)::int, max(b.updated_at) FROM inventory_batches b WHERE b.id = ANY(${ids}::uuid[])
    GROUP BY b.recall_id, b.unit_id
    ON CONFLICT (recall_id, unit_id, role) DO UPDATE SET units = recall_parties.units + EXCLUDED.units
    RETURNING recall_id, unit_id, (xmax = 0) AS first_time`.execute(trx);
  const fresh = told.filter((r) => r.first_time);
  if (!fresh.length) return;
  await sql`INSERT INTO notifications (id, unit_id, user_id, type, title, body, link, created_at)
    SELECT gen_random_uuid(), t.unit_id, NULL, 'RECALL', 'Recall ' || rc.recall_number || ': ' || p.name,
      'Stock you hold of ' || p.name || ' falls under recall ' || rc.recall_number || ' (batches ' || string_agg(DISTINCT b.batch_no, ', ')
        || '): it may not be sold. Keep it apart and see the recall for what to do.',
      '/stocks/recalls/' || rc.id, max(b.updated_at)
    FROM unnest(${fresh.map((r) => r.recall_id)}::uuid[], ${fresh.map((r) => r.unit_id)}::uuid[]) AS t(recall_id, unit_id)
    JOIN recalls rc ON rc.id = t.recall_id JOIN products p ON p.id = rc.product_id
    JOIN inventory_batches b ON b.recall_id = t.recall_id AND b.unit_id = t.unit_id AND b.id = ANY(${ids}::uuid[])
    GROUP BY t.unit_id, rc.id, rc.recall_number, p.name`.execute(trx);
}

// ---- finding duplicates ----

type ItemText = { name: string; pack: string; manufacturer: string };

/** The catalogue's manufacturer aliases (migration 051: "MICRO LABS" and "Micro Labs Ltd" are one maker). */
async function manufacturerAliases(db: Database): Promise<ManufacturerAliases> {
  const rows = await db.selectFrom('manufacturer_aliases').select(['alias_key', 'canonical_key']).execute();
  return new Map(rows.map((r) => [r.alias_key, r.canonical_key]));
}

const normalised = (p: ItemText, aliases: ManufacturerAliases) => normaliseItem(p.name, p.pack, p.manufacturer, aliases);

/**
 * Why the duplicate is not the survivor, as the catalogue reads them (normaliseItem): another strength, dosage form,
 * variant (SR, DSR, FORTE …), pack, brand or maker; null when they may be one product.
 */
function itemDifference(survivor: ItemText, duplicate: ItemText, aliases: ManufacturerAliases): string | null {
  const a = normalised(survivor, aliases);
  const b = normalised(duplicate, aliases);
  if (!sameStrengths(a.strengths, b.strengths)) return `the strength differs (${describeStrengths(b.strengths)} against ${describeStrengths(a.strengths)})`;
  if (a.form && b.form && a.form !== b.form) return `the form differs (${b.form.toLowerCase()} against ${a.form.toLowerCase()})`;
  if (a.variants.join(' ') !== b.variants.join(' ')) return `the variant differs (${b.variants.join(' ') || 'none'} against ${a.variants.join(' ') || 'none'})`;
  if (packAgreement(a.pack, b.pack) === 'DIFFERENT') return `the pack differs (${describePack(b.pack)} against ${describePack(a.pack)})`;
  if (a.brand.join(' ') !== b.brand.join(' ')) return 'the names differ';
  if (a.manufacturer !== b.manufacturer) return 'the manufacturers differ';
  return null;
}

/**
 * Groups of products in the master that the catalogue takes for one (the same normalised name, strength, form, pack
 * and manufacturer), merged products left out; in each the survivor first: most units holding stock, then the oldest.
 * Groups with the most holders first.
 */
export async function findDuplicates(db: Database): Promise<DuplicateGroup[]> {
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'pack', 'manufacturer', 'hsn', 'created_at'])
    .where('merged_into', 'is', null)
    .execute();
  const aliases = await manufacturerAliases(db);
  const byKey = new Map<string, typeof products>();
  for (const p of products) {
    const key = canonicalKey(normalised(p, aliases));
    const group = byKey.get(key);
    if (group) group.push(p);
    else byKey.set(key, [p]);
  }
  const groups = [...byKey].filter(([, members]) => members.length > 1);
  const ids = groups.flatMap(([, members]) => members.map((p) => p.id));
  const { rows: stock } = ids.length
    ? await sql<{ product_id: string; holders: number; batches: number }>`SELECT product_id, count(DISTINCT unit_id) FILTER (WHERE quantity > 0)::int AS holders,
        count(*)::int AS batches FROM inventory_batches WHERE product_id = ANY(${ids}::uuid[]) GROUP BY product_id`.execute(db)
    : { rows: [] };
  const held = new Map(stock.map((r) => [r.product_id, r]));
  return groups
    .map(([groupKey, members]) => ({
      groupKey,
      products: members
        .map((p) => ({ p, holders: held.get(p.id)?.holders ?? 0, batches: held.get(p.id)?.batches ?? 0 }))
        .sort((a, b) => b.holders - a.holders || new Date(a.p.created_at).getTime() - new Date(b.p.created_at).getTime() || a.p.id.localeCompare(b.p.id))
        .map(({ p, holders, batches }) => ({ productId: p.id, name: p.name, pack: p.pack, manufacturer: p.manufacturer, hsn: p.hsn, holders, batches })),
    }))
    .sort((a, b) => total(b) - total(a) || a.groupKey.localeCompare(b.groupKey));
}

const total = (g: DuplicateGroup) => g.products.reduce((sum, p) => sum + p.holders, 0);

/** What the one-off command did (or, in a dry run, would do) with one group. */
export interface GroupOutcome {
  group: DuplicateGroup;
  result: MergeResult | null;
  refused: string | null;
}

/**
 * The one-off command for a database that already has duplicates (`pnpm --filter api catalogue:merge-duplicates`):
 * every group, and with `apply` each merged into its survivor in its own transaction (a group the merge refuses is
 * reported and left as it is).
 */
export async function mergeDuplicateGroups(db: Database, options: { apply: boolean; now: () => Date }): Promise<GroupOutcome[]> {
  const outcomes: GroupOutcome[] = [];
  for (const group of await findDuplicates(db)) {
    const [survivor, ...duplicates] = group.products;
    if (!options.apply) {
      outcomes.push({ group, result: null, refused: null });
      continue;
    }
    try {
      const result = await inTransaction(db, (trx) => mergeProducts(trx, survivor!.productId, duplicates.map((d) => d.productId), { userId: null, now: options.now() }));
      outcomes.push({ group, result, refused: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ group, result: null, refused: error.message });
    }
  }
  return outcomes;
}
