import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { matchKey } from '../modules/inventory/parsers/rows';
import type { DB } from './types';

/*
 * Demo data of the inventory feature (GST by HSN is reference data: migration 014): a product
 * master of common Indian brands, and batch-wise stock for every demo stockist — so the marketplace finds the same
 * medicines at several sellers, and the expiry screens have expired and soon-expiring batches to show.
 * Runs inside seedDemo's transaction, after every unit exists. Products are shared (not per unit) and survive the
 * tests' truncation, so they are written "if missing".
 */

interface SeedProduct {
  name: string;
  manufacturer: string;
  composition: string;
  pack: string;
  hsn: string;
  /** MRP per pack in rupees */
  mrp: number;
  prefix: string;
}

export const DEMO_PRODUCTS: SeedProduct[] = [
  { name: 'Dolo 650 Tablet', manufacturer: 'Micro Labs', composition: 'Paracetamol 650 mg', pack: '15 Tab', hsn: '3004', mrp: 33.6, prefix: 'DOL' },
  { name: 'Crocin Advance Tablet', manufacturer: 'GSK', composition: 'Paracetamol 500 mg', pack: '20 Tab', hsn: '3004', mrp: 22.4, prefix: 'CRA' },
  { name: 'Pan 40 Tablet', manufacturer: 'Alkem', composition: 'Pantoprazole 40 mg', pack: '15 Tab', hsn: '3004', mrp: 168.5, prefix: 'PAN' },
  { name: 'Azithral 500 Tablet', manufacturer: 'Alembic', composition: 'Azithromycin 500 mg', pack: '5 Tab', hsn: '3004', mrp: 119.5, prefix: 'AZT' },
  { name: 'Augmentin 625 Duo Tablet', manufacturer: 'GSK', composition: 'Amoxycillin 500 mg + Clavulanic Acid 125 mg', pack: '10 Tab', hsn: '3004', mrp: 223.4, prefix: 'AUG' },
  { name: 'Telma 40 Tablet', manufacturer: 'Glenmark', composition: 'Telmisartan 40 mg', pack: '30 Tab', hsn: '3004', mrp: 283.0, prefix: 'TEL' },
  { name: 'Glycomet GP 1 Tablet', manufacturer: 'USV', composition: 'Glimepiride 1 mg + Metformin 500 mg', pack: '15 Tab', hsn: '3004', mrp: 126.1, prefix: 'GGP' },
  { name: 'Shelcal 500 Tablet', manufacturer: 'Torrent', composition: 'Calcium 500 mg + Vitamin D3 250 IU', pack: '15 Tab', hsn: '3004', mrp: 131.2, prefix: 'SHC' },
  { name: 'Montair LC Tablet', manufacturer: 'Cipla', composition: 'Montelukast 10 mg + Levocetirizine 5 mg', pack: '10 Tab', hsn: '3004', mrp: 243.5, prefix: 'MLC' },
  { name: 'Calpol 650 Tablet', manufacturer: 'GSK', composition: 'Paracetamol 650 mg', pack: '15 Tab', hsn: '3004', mrp: 30.9, prefix: 'CAL' },
  { name: 'Allegra 120 Tablet', manufacturer: 'Sanofi', composition: 'Fexofenadine 120 mg', pack: '10 Tab', hsn: '3004', mrp: 226.0, prefix: 'ALG' },
  { name: 'Thyronorm 50 Tablet', manufacturer: 'Abbott', composition: 'Thyroxine Sodium 50 mcg', pack: '120 Tab', hsn: '3004', mrp: 191.0, prefix: 'THN' },
  { name: 'Ecosprin 75 Tablet', manufacturer: 'USV', composition: 'Aspirin 75 mg', pack: '14 Tab', hsn: '3004', mrp: 5.3, prefix: 'ECO' },
  { name: 'Amlong 5 Tablet', manufacturer: 'Micro Labs', composition: 'Amlodipine 5 mg', pack: '15 Tab', hsn: '3004', mrp: 38.4, prefix: 'AML' },
  { name: 'Limcee 500 Chewable Tablet', manufacturer: 'Abbott', composition: 'Vitamin C 500 mg', pack: '15 Tab', hsn: '3004', mrp: 25.5, prefix: 'LIM' },
  { name: 'Pantocid DSR Capsule', manufacturer: 'Sun Pharma', composition: 'Pantoprazole 40 mg + Domperidone 30 mg', pack: '15 Cap', hsn: '3004', mrp: 249.0, prefix: 'PDS' },
  { name: 'Zerodol SP Tablet', manufacturer: 'Ipca', composition: 'Aceclofenac 100 mg + Paracetamol 325 mg + Serratiopeptidase 15 mg', pack: '10 Tab', hsn: '3004', mrp: 134.5, prefix: 'ZSP' },
  { name: 'Cetzine 10 Tablet', manufacturer: "Dr. Reddy's", composition: 'Cetirizine 10 mg', pack: '10 Tab', hsn: '3004', mrp: 21.8, prefix: 'CTZ' },
  { name: 'Becosules Capsule', manufacturer: 'Pfizer', composition: 'Vitamin B Complex + Vitamin C', pack: '20 Cap', hsn: '3004', mrp: 52.5, prefix: 'BEC' },
  { name: 'Liv 52 DS Tablet', manufacturer: 'Himalaya', composition: 'Herbal hepatoprotective', pack: '60 Tab', hsn: '3003', mrp: 210.0, prefix: 'LIV' },
  { name: 'Ciplox 500 Tablet', manufacturer: 'Cipla', composition: 'Ciprofloxacin 500 mg', pack: '10 Tab', hsn: '3004', mrp: 38.9, prefix: 'CPX' },
  { name: 'Rosuvas 10 Tablet', manufacturer: 'Sun Pharma', composition: 'Rosuvastatin 10 mg', pack: '15 Tab', hsn: '3004', mrp: 318.6, prefix: 'RSV' },
  { name: 'Janumet 50/500 Tablet', manufacturer: 'MSD', composition: 'Sitagliptin 50 mg + Metformin 500 mg', pack: '15 Tab', hsn: '3004', mrp: 382.0, prefix: 'JNM' },
  { name: 'Benadryl Cough Syrup', manufacturer: 'Johnson & Johnson', composition: 'Diphenhydramine + Ammonium Chloride', pack: '150 ml', hsn: '3004', mrp: 135.0, prefix: 'BND' },
  { name: 'Electral Powder', manufacturer: 'FDC', composition: 'Oral Rehydration Salts (WHO formula)', pack: '21.8 g', hsn: '3004', mrp: 22.0, prefix: 'ELE' },
  { name: 'Volini Gel', manufacturer: 'Sun Pharma', composition: 'Diclofenac + Methyl Salicylate + Menthol', pack: '30 g', hsn: '3004', mrp: 150.0, prefix: 'VOL' },
  { name: 'Protinex Original Powder', manufacturer: 'Danone', composition: 'Protein supplement', pack: '250 g', hsn: '2106', mrp: 699.0, prefix: 'PRX' },
  { name: 'Dettol Antiseptic Liquid', manufacturer: 'Reckitt', composition: 'Chloroxylenol 4.8 %', pack: '250 ml', hsn: '3808', mrp: 155.0, prefix: 'DET' },
];

/** Deterministic pseudo-random numbers, so every seed (and every test) has the same stock. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** A Friday-ish expiry: month end, as packs are labelled. */
const monthEnd = (d: Date) => isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));

export async function seedInventory(trx: Kysely<DB>, now: Date): Promise<void> {
  await trx
    .insertInto('products')
    .values(
      DEMO_PRODUCTS.map((p) => ({
        id: randomUUID(),
        name: p.name,
        manufacturer: p.manufacturer,
        composition: p.composition,
        pack: p.pack,
        hsn: p.hsn,
        match_key: matchKey(p.name, p.pack, p.manufacturer),
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.column('match_key').doNothing())
    .execute();
  const productRows = await trx
    .selectFrom('products')
    .select(['id', 'match_key'])
    .where('match_key', 'in', DEMO_PRODUCTS.map((p) => matchKey(p.name, p.pack, p.manufacturer)))
    .execute();
  const productId = new Map(productRows.map((r) => [r.match_key, r.id]));

  const stockists = await trx
    .selectFrom('units as u')
    .innerJoin('warehouses as w', 'w.unit_id', 'u.id')
    .innerJoin('users as o', (join) => join.onRef('o.unit_id', '=', 'u.id').on('o.role', '=', 'OWNER'))
    .select(['u.id as unit_id', 'u.unit_code', 'w.id as warehouse_id', 'w.created_at', 'o.id as owner_id'])
    .where('u.customer_type', '=', 'STOCKIST')
    .orderBy('u.unit_code')
    .orderBy('w.created_at')
    .execute();

  const batches: Insertable<DB['inventory_batches']>[] = [];
  const movements: Insertable<DB['stock_movements']>[] = [];
  const seenUnits = new Set<string>();
  stockists.forEach((s, index) => {
    // Agarwal Pharma (the demo login) stocks every product in both warehouses; others their first warehouse only.
    const isDemo = s.unit_code === 'STK-PUN-001';
    if (!isDemo && seenUnits.has(s.unit_id)) return;
    seenUnits.add(s.unit_id);
    const random = sequence(1000 + index * 7919);
    DEMO_PRODUCTS.forEach((p, i) => {
      if (!isDemo && random() < 0.3) return;
      const batchCount = isDemo && i % 3 === 0 ? 2 : 1;
      for (let b = 0; b < batchCount; b++) {
        // Mostly 6–30 months ahead; for the demo stockist a few expired and a few inside 30/60/90 days.
        let expiry: string;
        const slot = (i + b + index) % 9;
        if (isDemo && slot === 0 && b === 0) expiry = isoDay(new Date(now.getTime() - (20 + i) * DAY));
        else if (isDemo && slot === 1) expiry = isoDay(new Date(now.getTime() + (10 + i) * DAY));
        else if (isDemo && slot === 2) expiry = isoDay(new Date(now.getTime() + (40 + i) * DAY));
        else if (isDemo && slot === 3) expiry = isoDay(new Date(now.getTime() + (70 + i) * DAY));
        else expiry = monthEnd(new Date(now.getTime() + (180 + Math.floor(random() * 720)) * DAY));
        const mrpPaise = Math.round(p.mrp * 100);
        // PTR about 20 % below MRP (retailer margin), PTS a further 10 % below.
        const ptrPaise = Math.round(mrpPaise * 0.8);
        const quantity = 20 + Math.floor(random() * 480);
        const id = randomUUID();
        const created = new Date(now.getTime() - (5 + Math.floor(random() * 200)) * DAY);
        const yy = String(new Date(expiry).getUTCFullYear() - 2).slice(2);
        batches.push({
          id,
          unit_id: s.unit_id,
          warehouse_id: s.warehouse_id,
          product_id: productId.get(matchKey(p.name, p.pack, p.manufacturer))!,
          batch_no: `${p.prefix}${yy}${String.fromCharCode(65 + ((i + b + index) % 26))}${String(100 + Math.floor(random() * 900))}`,
          expiry_date: expiry,
          mrp_paise: mrpPaise,
          ptr_paise: ptrPaise,
          pts_paise: Math.round(ptrPaise * 0.9),
          quantity,
          reserved: 0,
          scheme_buy: i % 4 === 0 ? 10 : null,
          scheme_free: i % 4 === 0 ? 1 : null,
          created_at: created,
          updated_at: created,
        });
        movements.push({
          id: randomUUID(),
          batch_id: id,
          unit_id: s.unit_id,
          kind: 'UPLOAD',
          quantity_delta: quantity,
          reference: null,
          note: 'Opening stock',
          created_by: s.owner_id,
          created_at: created,
        });
      }
    });
  });
  if (batches.length === 0) return;
  await trx.insertInto('inventory_batches').values(batches).execute();
  await trx.insertInto('stock_movements').values(movements).execute();
  // Their first inventory is in, so the referral offer's 3 deliveries are already credited.
  await trx
    .insertInto('referral_credits')
    .values([...seenUnits].map((unitId) => ({ id: randomUUID(), unit_id: unitId, deliveries: 3, reason: 'FIRST_INVENTORY', created_at: now })))
    .execute();
}
