import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { ACCOUNT_GROUPS, financialYear, type AccountGroup, type BillRow, type MoveInTrialBalanceRow, type PartyRole, type PartyRow } from 'shared-api';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';
import { createCustomHead, ensureDefaultChart, resolveAccounts } from '../ledger/accounts';
import { timeOrderedId } from '../ledger/post';
import { asClosedYearError, yearClosed } from '../ledger/years';
import { billKey, nameKey, unitsByGstin } from './keys';

/*
 * The move-in's books (the team plan's "books design"): every opening amount is a two-line JOURNAL voucher against
 * OPENING_BALANCES, written in bulk (unnest) in the import's one transaction, the same rows ledger/post.ts writes
 * (time-ordered ids, the lines carrying their voucher's date, checked for balance by the deferred trigger at commit):
 * - an open bill: its own voucher (OPENING_BILL, document = opening_bills.id, dated the bill's date), so outstanding.ts
 *   ages it from its date and a receipt naming it settles it;
 * - what a party's file balance holds beyond its open bills: "on account" vouchers (OPENING_BALANCE, document = the
 *   book party), kept equal to balance − Σ bills whichever file comes first (a correcting voucher when the other
 *   arrives: vouchers are append-only);
 * - a trial balance line: its head against OPENING_BALANCES (OPENING_TB, document = opening_balances.id).
 */

type Trx = Transaction<DB>;

/** Vouchers per statement: two arrays' elements per voucher and line go in as one parameter per column. */
const CHUNK = 2_000;

export interface PostingContext {
  unitId: string;
  importId: string;
  openingDate: string;
  createdBy: string;
  at: Date;
}

/** One opening voucher: `accountId` against OPENING_BALANCES; + debits the account (credits OPENING_BALANCES), − the reverse. */
export interface OpeningVoucher {
  documentType: 'OPENING_BILL' | 'OPENING_BALANCE' | 'OPENING_TB';
  documentId: string;
  documentNumber: string | null;
  date: string;
  accountId: string;
  amountPaise: number;
  narration: string;
}

function* ranges(count: number): Generator<[number, number]> {
  for (let from = 0; from < count; from += CHUNK) yield [from, Math.min(count, from + CHUNK)];
}

/** E0012 before anything is written when a voucher would fall in a year the unit closed (as post.ts answers it). */
async function refuseClosedYears(trx: Trx, unitId: string, dates: readonly string[]): Promise<void> {
  const closed = await trx.selectFrom('financial_year_closures').select('financial_year').where('unit_id', '=', unitId).execute();
  if (!closed.length) return;
  const years = new Set(closed.map((c) => c.financial_year));
  const date = [...dates].sort().find((d) => years.has(financialYear(d)));
  if (date) throw yearClosed(financialYear(date), date);
}

/** The OPENING_BALANCES head of the unit (the default chart is written on first use). */
export async function openingHead(trx: Trx, unitId: string, at: Date): Promise<string> {
  return (await resolveAccounts(trx, unitId, [{ head: 'OPENING_BALANCES' }], at))[0]!;
}

/** Writes the vouchers and their two lines each, CHUNK at a time, one statement per chunk; returns their ids in order. */
export async function writeOpeningVouchers(trx: Trx, ctx: PostingContext, vouchers: readonly OpeningVoucher[]): Promise<string[]> {
  if (!vouchers.length) return [];
  for (const v of vouchers) {
    if (!Number.isSafeInteger(v.amountPaise) || v.amountPaise === 0) throw new Error(`move-in: an opening voucher needs a whole, non-zero amount (got ${v.amountPaise})`);
  }
  await refuseClosedYears(trx, ctx.unitId, vouchers.map((v) => v.date));
  const opening = await openingHead(trx, ctx.unitId, ctx.at);
  const ids = vouchers.map(() => timeOrderedId(ctx.at));
  for (const [from, to] of ranges(vouchers.length)) {
    const part = vouchers.slice(from, to);
    const col = <T>(f: (v: OpeningVoucher) => T) => part.map(f);
    const partIds = ids.slice(from, to);
    const dates = col((v) => v.date);
    // One statement: the vouchers as a CTE, then their lines (the lines' foreign key is checked at its end).
    await sql`
      WITH written AS (
        INSERT INTO vouchers (id, unit_id, kind, voucher_date, document_type, document_id, document_number, narration, reverses_id, created_by, created_at)
        SELECT u.id, ${ctx.unitId}::uuid, 'JOURNAL', u.d, u.t, u.doc, u.num, u.narration, NULL, ${ctx.createdBy}::uuid, ${ctx.at}::timestamptz
        FROM unnest(${partIds}::uuid[], ${dates}::date[], ${col((v) => v.documentType)}::text[], ${col((v) => v.documentId)}::uuid[],
                    ${col((v) => v.documentNumber)}::text[], ${col((v) => v.narration)}::text[]) AS u(id, d, t, doc, num, narration)
      )
      INSERT INTO voucher_lines (voucher_id, position, unit_id, account_id, debit_paise, credit_paise, voucher_date, document_id, document_number)
      SELECT u.id, p.position, ${ctx.unitId}::uuid, CASE WHEN p.position = 1 THEN u.account ELSE ${opening}::uuid END,
             CASE WHEN (p.position = 1) = (u.amount > 0) THEN abs(u.amount) ELSE 0 END,
             CASE WHEN (p.position = 1) = (u.amount > 0) THEN 0 ELSE abs(u.amount) END,
             u.d, NULL, NULL
      FROM unnest(${partIds}::uuid[], ${dates}::date[], ${col((v) => v.accountId)}::uuid[], ${col((v) => String(v.amountPaise))}::bigint[]) AS u(id, d, account, amount)
      CROSS JOIN (VALUES (1), (2)) AS p(position)`
      .execute(trx)
      .catch((error: unknown) => {
        throw asClosedYearError(error, [...dates].sort()[0]!);
      });
  }
  return ids;
}

// ---- parties ----

interface BookParty {
  id: string;
  role: PartyRole;
  nameKey: string;
  gstin: string | null;
  accountId: string;
  listed: boolean;
}

const gstinKey = (role: PartyRole, gstin: string) => `${role}|G|${gstin.toUpperCase()}`;
const partyNameKey = (role: PartyRole, key: string) => `${role}|N|${key}`;

/** The unit's book parties by GSTIN and by name key (per role). */
async function partiesOf(trx: Trx, unitId: string): Promise<Map<string, BookParty>> {
  const rows = await trx.selectFrom('book_parties').select(['id', 'role', 'name_key', 'gstin', 'account_id', 'listed']).where('unit_id', '=', unitId).execute();
  const map = new Map<string, BookParty>();
  for (const r of rows) {
    const p: BookParty = { id: r.id, role: r.role, nameKey: r.name_key, gstin: r.gstin, accountId: r.account_id, listed: r.listed };
    if (p.gstin) map.set(gstinKey(p.role, p.gstin), p);
    map.set(partyNameKey(p.role, p.nameKey), p);
  }
  return map;
}

function findParty(parties: Map<string, BookParty>, role: PartyRole, gstin: string | null, name: string): BookParty | undefined {
  return (gstin ? parties.get(gstinKey(role, gstin)) : undefined) ?? parties.get(partyNameKey(role, nameKey(name)));
}

/** A party to write: from a parties file (listed) or named only by a bill. */
interface NewParty {
  row: Pick<PartyRow, 'name' | 'role' | 'gstin'> & Partial<PartyRow>;
  listed: boolean;
}

const PARTY_GROUP_OF: Record<PartyRole, AccountGroup> = { CUSTOMER: 'SUNDRY_DEBTORS', SUPPLIER: 'SUNDRY_CREDITORS' };

/**
 * Writes new book parties with their heads: a party whose GSTIN is a unit on the platform gets that unit's party head
 * (so trade on the platform and the imported balance are one account), any other a head of its own, `PARTY:<id>`,
 * named as the party (made unique among the unit's heads). Returns the parties written and how many were linked.
 */
async function createParties(trx: Trx, ctx: PostingContext, parties: readonly NewParty[]): Promise<{ written: BookParty[]; linked: number }> {
  if (!parties.length) return { written: [], linked: 0 };
  await ensureDefaultChart(trx, ctx.unitId, ctx.at);
  const linkedUnits = await unitsByGstin(trx, ctx.unitId, parties.flatMap((p) => (p.row.gstin ? [p.row.gstin] : [])));
  const ids = parties.map(() => randomUUID());
  const linkOf = parties.map((p) => (p.row.gstin ? (linkedUnits.get(p.row.gstin.toUpperCase()) ?? null) : null));
  const refs = parties.flatMap((p, i) => (linkOf[i] ? [p.row.role === 'CUSTOMER' ? { debtor: linkOf[i]! } : { creditor: linkOf[i]! }] : []));
  const linkedHeads = refs.length ? await resolveAccounts(trx, ctx.unitId, refs, ctx.at) : [];

  // Head names are unique per unit (lower(name)): a name taken gets the role, then a number.
  const taken = new Set((await trx.selectFrom('ledger_accounts').select('name').where('unit_id', '=', ctx.unitId).execute()).map((h) => h.name.toLowerCase()));
  function* candidates(base: string, role: PartyRole) {
    yield base;
    yield `${base} (${role === 'CUSTOMER' ? 'Customer' : 'Supplier'})`;
    for (let n = 2; ; n++) yield `${base} (${n})`;
  }
  const uniqueName = (name: string, role: PartyRole) => {
    for (const candidate of candidates(name.trim(), role)) {
      if (taken.has(candidate.toLowerCase())) continue;
      taken.add(candidate.toLowerCase());
      return candidate;
    }
    throw new Error('unreachable');
  };
  let next = 0;
  const heads: { id: string; unit_id: string; code: string; name: string; group_code: AccountGroup; party_unit_id: null; system: boolean; created_at: Date }[] = [];
  const accountIds = parties.map((p, i) => {
    if (linkOf[i]) return linkedHeads[next++]!;
    const id = randomUUID();
    heads.push({ id, unit_id: ctx.unitId, code: `PARTY:${ids[i]}`, name: uniqueName(p.row.name, p.row.role), group_code: PARTY_GROUP_OF[p.row.role], party_unit_id: null, system: false, created_at: ctx.at });
    return id;
  });
  for (const [from, to] of ranges(heads.length)) await trx.insertInto('ledger_accounts').values(heads.slice(from, to)).execute();

  const rows = parties.map((p, i) => ({
    id: ids[i]!,
    unit_id: ctx.unitId,
    role: p.row.role,
    code: p.row.code ?? null,
    name: p.row.name.trim(),
    name_key: nameKey(p.row.name),
    gstin: p.row.gstin ? p.row.gstin.toUpperCase() : null,
    pan: p.row.pan ?? null,
    drug_licences: p.row.drugLicences ?? [],
    address: p.row.address ?? null,
    state_code: p.row.stateCode ?? null,
    pincode: p.row.pincode ?? null,
    phone: p.row.phone ?? null,
    credit_limit_paise: p.row.creditLimitPaise ?? null,
    credit_days: p.row.creditDays ?? null,
    file_balance_paise: p.listed ? (p.row.balancePaise ?? null) : null,
    account_id: accountIds[i]!,
    listed: p.listed,
    linked_unit_id: linkOf[i],
    import_id: ctx.importId,
    created_at: ctx.at,
  }));
  // 21 columns a row: 1,000 rows stay well below a statement's 65,535 parameters.
  for (let from = 0; from < rows.length; from += 1_000) await trx.insertInto('book_parties').values(rows.slice(from, from + 1_000)).execute();
  return {
    written: rows.map((r) => ({ id: r.id, role: r.role, nameKey: r.name_key, gstin: r.gstin, accountId: r.account_id, listed: r.listed })),
    linked: linkOf.filter(Boolean).length,
  };
}

/**
 * Keeps each party's "on account" vouchers equal to what its file balance holds beyond its open bills (0 while the
 * balance is not known): posts the difference from what they hold now. Returns the vouchers written.
 */
export async function settleOnAccount(trx: Trx, ctx: PostingContext, partyIds: readonly string[]): Promise<number> {
  const ids = [...new Set(partyIds)];
  if (!ids.length) return 0;
  const { rows } = await sql<{ id: string; name: string; account_id: string; listed: boolean; file_balance_paise: string | number | null; bills: string | number; posted: string | number }>`
    WITH ids AS (SELECT unnest(${ids}::uuid[]) AS id),
    bills AS (
      SELECT b.party_id, sum(CASE b.side WHEN 'RECEIVABLE' THEN b.pending_paise ELSE -b.pending_paise END) AS total
      FROM opening_bills b WHERE b.unit_id = ${ctx.unitId}::uuid AND b.party_id IN (SELECT id FROM ids) GROUP BY b.party_id
    ),
    posted AS (
      SELECT v.document_id, sum(l.debit_paise - l.credit_paise) AS total
      FROM vouchers v
      JOIN book_parties p ON p.id = v.document_id
      JOIN voucher_lines l ON l.voucher_id = v.id AND l.account_id = p.account_id
      WHERE v.unit_id = ${ctx.unitId}::uuid AND v.document_type = 'OPENING_BALANCE' AND v.document_id IN (SELECT id FROM ids)
      GROUP BY v.document_id
    )
    SELECT p.id, p.name, p.account_id, p.listed, p.file_balance_paise, coalesce(b.total, 0) AS bills, coalesce(o.total, 0) AS posted
    FROM book_parties p LEFT JOIN bills b ON b.party_id = p.id LEFT JOIN posted o ON o.document_id = p.id
    WHERE p.id IN (SELECT id FROM ids) AND p.unit_id = ${ctx.unitId}::uuid
    ORDER BY p.name, p.id`.execute(trx);
  const vouchers: OpeningVoucher[] = [];
  for (const r of rows) {
    const wanted = r.listed && r.file_balance_paise !== null ? Number(r.file_balance_paise) - Number(r.bills) : 0;
    const delta = wanted - Number(r.posted);
    if (delta === 0) continue;
    vouchers.push({
      documentType: 'OPENING_BALANCE',
      documentId: r.id,
      documentNumber: null,
      date: ctx.openingDate,
      accountId: r.account_id,
      amountPaise: delta,
      narration: Number(r.posted) === 0 ? `Opening balance of ${r.name} on account` : `Opening balance of ${r.name} on account, corrected for its open bills`,
    });
  }
  await writeOpeningVouchers(trx, ctx, vouchers);
  return vouchers.length;
}

export interface PostedCounts {
  imported: number;
  skippedAsAlreadyImported: number;
  linkedParties: number;
  vouchersPosted: number;
}

/**
 * A parties file: new parties are written with their heads; a party only a bills file named so far is filled in
 * (master and balance); a party already listed (same GSTIN or name, per role) is skipped, as is a repeat in the file.
 */
export async function importParties(trx: Trx, ctx: PostingContext, rows: readonly PartyRow[]): Promise<PostedCounts> {
  const parties = await partiesOf(trx, ctx.unitId);
  const seen = new Set<string>();
  const created: NewParty[] = [];
  const filled: { party: BookParty; row: PartyRow }[] = [];
  let skipped = 0;
  for (const row of rows) {
    const keys = [partyNameKey(row.role, nameKey(row.name)), ...(row.gstin ? [gstinKey(row.role, row.gstin)] : [])];
    if (keys.some((k) => seen.has(k))) {
      skipped++;
      continue;
    }
    for (const k of keys) seen.add(k);
    const found = findParty(parties, row.role, row.gstin, row.name);
    if (!found) created.push({ row, listed: true });
    else if (found.listed) skipped++;
    else filled.push({ party: found, row });
  }
  const { written, linked } = await createParties(trx, ctx, created);
  // Linked by GSTIN now (the bills file did not say it): the party keeps the head its bills are on.
  const fillLinks = await unitsByGstin(trx, ctx.unitId, filled.flatMap((f) => (f.row.gstin ? [f.row.gstin] : [])));
  for (const { party, row } of filled) {
    await trx
      .updateTable('book_parties')
      .set({
        code: row.code,
        gstin: row.gstin ? row.gstin.toUpperCase() : party.gstin,
        pan: row.pan,
        drug_licences: row.drugLicences,
        address: row.address,
        state_code: row.stateCode,
        pincode: row.pincode,
        phone: row.phone,
        credit_limit_paise: row.creditLimitPaise,
        credit_days: row.creditDays,
        file_balance_paise: row.balancePaise,
        linked_unit_id: row.gstin ? (fillLinks.get(row.gstin.toUpperCase()) ?? null) : null,
        listed: true,
      })
      .where('id', '=', party.id)
      .execute();
  }
  const vouchers = await settleOnAccount(trx, ctx, [...written.map((p) => p.id), ...filled.map((f) => f.party.id)]);
  return { imported: created.length + filled.length, skippedAsAlreadyImported: skipped, linkedParties: linked + filled.filter((f) => f.row.gstin && fillLinks.has(f.row.gstin.toUpperCase())).length, vouchersPosted: vouchers };
}

const ROLE_OF_SIDE = { RECEIVABLE: 'CUSTOMER', PAYABLE: 'SUPPLIER' } as const;

/**
 * A bills file: each open bill its voucher and row; a party the unit has not listed yet is written from the bill
 * (its master and balance come with the parties file); a bill already in the books (same party, side and number) is
 * skipped, as is a repeat in the file. The parties' on-account vouchers are then kept right.
 */
export async function importBills(trx: Trx, ctx: PostingContext, rows: readonly BillRow[]): Promise<PostedCounts> {
  const parties = await partiesOf(trx, ctx.unitId);
  // Parties named only by these bills, one per role and name (or GSTIN).
  const pending = new Map<string, NewParty>();
  for (const row of rows) {
    const role = ROLE_OF_SIDE[row.side];
    if (findParty(parties, role, row.partyGstin, row.partyName)) continue;
    const key = row.partyGstin ? gstinKey(role, row.partyGstin) : partyNameKey(role, nameKey(row.partyName));
    const byName = partyNameKey(role, nameKey(row.partyName));
    if (!pending.has(key) && !pending.has(byName)) {
      const party: NewParty = { row: { name: row.partyName, role, gstin: row.partyGstin }, listed: false };
      pending.set(key, party);
      pending.set(byName, party);
    }
  }
  const { written, linked } = await createParties(trx, ctx, [...new Set(pending.values())]);
  for (const p of written) {
    if (p.gstin) parties.set(gstinKey(p.role, p.gstin), p);
    parties.set(partyNameKey(p.role, p.nameKey), p);
  }

  const existing = new Set(
    (await trx.selectFrom('opening_bills').select(['side', 'party_id', 'bill_key']).where('unit_id', '=', ctx.unitId).execute()).map((b) => `${b.side}|${b.party_id}|${b.bill_key}`),
  );
  const bills: { id: string; row: BillRow; party: BookParty; key: string }[] = [];
  let skipped = 0;
  for (const row of rows) {
    const party = findParty(parties, ROLE_OF_SIDE[row.side], row.partyGstin, row.partyName)!;
    const key = billKey(row.billNumber);
    const id = `${row.side}|${party.id}|${key}`;
    if (existing.has(id)) {
      skipped++;
      continue;
    }
    existing.add(id);
    bills.push({ id: randomUUID(), row, party, key });
  }
  const voucherIds = await writeOpeningVouchers(
    trx,
    ctx,
    bills.map((b) => ({
      documentType: 'OPENING_BILL',
      documentId: b.id,
      documentNumber: b.row.billNumber,
      date: b.row.billDate,
      accountId: b.party.accountId,
      amountPaise: b.row.side === 'RECEIVABLE' ? b.row.pendingPaise : -b.row.pendingPaise,
      narration: `Opening ${b.row.side === 'RECEIVABLE' ? 'sales invoice' : 'purchase bill'} ${b.row.billNumber} of ${b.row.partyName}`,
    })),
  );
  for (const [from, to] of ranges(bills.length)) {
    const part = bills.slice(from, to);
    const col = <T>(f: (b: (typeof bills)[number], i: number) => T) => part.map((b, i) => f(b, from + i));
    await sql`
      INSERT INTO opening_bills (id, unit_id, side, party_id, bill_number, bill_key, bill_date, due_date, bill_amount_paise, pending_paise, voucher_id, import_id, created_at)
      SELECT u.id, ${ctx.unitId}::uuid, u.side, u.party_id, u.num, u.key, u.d, u.due, u.amount, u.pending, u.voucher_id, ${ctx.importId}::uuid, ${ctx.at}::timestamptz
      FROM unnest(${col((b) => b.id)}::uuid[], ${col((b) => b.row.side)}::text[], ${col((b) => b.party.id)}::uuid[], ${col((b) => b.row.billNumber)}::text[],
                  ${col((b) => b.key)}::text[], ${col((b) => b.row.billDate)}::date[], ${col((b) => b.row.dueDate)}::date[],
                  ${col((b) => (b.row.billAmountPaise === null ? null : String(b.row.billAmountPaise)))}::bigint[], ${col((b) => String(b.row.pendingPaise))}::bigint[],
                  ${col((_b, i) => voucherIds[i]!)}::uuid[])
        AS u(id, side, party_id, num, key, d, due, amount, pending, voucher_id)`.execute(trx);
  }
  const corrections = await settleOnAccount(trx, ctx, bills.map((b) => b.party.id));
  return { imported: bills.length, skippedAsAlreadyImported: skipped, linkedParties: linked, vouchersPosted: bills.length + corrections };
}

/** The CAPITAL head a trial balance's profit and loss account is brought to. */
export const PROFIT_AND_LOSS_HEAD = 'Profit & Loss A/c';

const isGroup = (g: string | null | undefined): g is AccountGroup => !!g && Object.hasOwn(ACCOUNT_GROUPS, g);

/**
 * An opening trial balance: POST lines go to the head of that name (or a new head of the line's group, the owner's
 * choice in `groups` when the file said none) against OPENING_BALANCES; the P&L account's balance to "Profit & Loss
 * A/c"; Sundry Debtors / Creditors and stock lines are kept for the report only (their own files bring them). A head
 * already brought in (same name) is skipped.
 */
export async function importTrialBalance(trx: Trx, ctx: PostingContext, rows: readonly MoveInTrialBalanceRow[], groups: Readonly<Record<string, string>>): Promise<PostedCounts> {
  await ensureDefaultChart(trx, ctx.unitId, ctx.at);
  const done = new Set((await trx.selectFrom('opening_balances').select('head_name').where('unit_id', '=', ctx.unitId).execute()).map((r) => r.head_name.trim().toLowerCase()));
  const heads = new Map((await trx.selectFrom('ledger_accounts').select(['id', 'name']).where('unit_id', '=', ctx.unitId).execute()).map((h) => [h.name.trim().toLowerCase(), h.id]));
  const kept: { row: MoveInTrialBalanceRow; group: AccountGroup | null }[] = [];
  const noGroup: string[] = [];
  const badGroup: string[] = [];
  let skipped = 0;
  for (const row of rows) {
    const key = row.head.trim().toLowerCase();
    if (done.has(key)) {
      skipped++;
      continue;
    }
    done.add(key);
    const chosen = groups[row.head] ?? groups[row.head.trim()] ?? null;
    if (chosen !== null && !isGroup(chosen)) badGroup.push(row.head);
    const group = isGroup(chosen) ? chosen : isGroup(row.group) ? row.group : null;
    if (row.treatment === 'POST' && !heads.has(key) && !group && row.balancePaise !== 0) noGroup.push(row.head);
    kept.push({ row, group });
  }
  if (badGroup.length) throw new AppError('E0001', 400, `Not a group of accounts for: ${badGroup.join(', ')}`, { groups: `Choose one of ${Object.keys(ACCOUNT_GROUPS).join(', ')}` });
  if (noGroup.length) throw new AppError('E0001', 400, `Choose the group of each new head first: ${noGroup.join(', ')}`, { groups: `No group for ${noGroup.join(', ')}` });

  const headOf = async (name: string, group: AccountGroup): Promise<string> => {
    const key = name.trim().toLowerCase();
    const found = heads.get(key);
    if (found) return found;
    const id = await createCustomHead(trx, ctx.unitId, { name: name.trim(), group }, ctx.at);
    heads.set(key, id);
    return id;
  };
  const written = [];
  for (const { row, group } of kept) {
    const posted = row.treatment === 'POST' || row.treatment === 'PROFIT_AND_LOSS';
    const accountId =
      row.treatment === 'POST' && (row.balancePaise !== 0 || heads.has(row.head.trim().toLowerCase()))
        ? await headOf(row.head, group ?? 'CAPITAL')
        : row.treatment === 'PROFIT_AND_LOSS'
          ? await headOf(PROFIT_AND_LOSS_HEAD, 'CAPITAL')
          : null;
    written.push({ id: randomUUID(), row, group, accountId: posted ? accountId : null });
  }
  const toPost = written.filter((w) => w.accountId !== null && w.row.balancePaise !== 0);
  const voucherIds = await writeOpeningVouchers(
    trx,
    ctx,
    toPost.map((w) => ({
      documentType: 'OPENING_TB',
      documentId: w.id,
      documentNumber: null,
      date: ctx.openingDate,
      accountId: w.accountId!,
      amountPaise: w.row.balancePaise,
      narration: `Opening balance of ${w.row.head}`,
    })),
  );
  const voucherOf = new Map(toPost.map((w, i) => [w.id, voucherIds[i]!]));
  if (written.length) {
    await trx
      .insertInto('opening_balances')
      .values(
        written.map((w) => ({
          id: w.id,
          unit_id: ctx.unitId,
          head_name: w.row.head.trim(),
          group_code: w.group ?? w.row.group,
          treatment: w.row.treatment,
          balance_paise: w.row.balancePaise,
          account_id: w.accountId,
          voucher_id: voucherOf.get(w.id) ?? null,
          import_id: ctx.importId,
          created_at: ctx.at,
        })),
      )
      .execute();
  }
  return { imported: written.length, skippedAsAlreadyImported: skipped, linkedParties: 0, vouchersPosted: toPost.length };
}
