import { sql } from 'kysely';
import type { Ageing, DueAgeing, OpenDocument, OutstandingReport, OutstandingSide, PartyOutstanding, PartyOutstandingDetail } from 'shared-api';
import type { Database } from '../../db/database';
import { firstRow, type Part } from '../../db/parts';
import { AppError } from '../../http/errors';

/** The group of party heads on each side (walk-in and custom heads in it included). */
export const PARTY_GROUP = { RECEIVABLE: 'SUNDRY_DEBTORS', PAYABLE: 'SUNDRY_CREDITORS' } as const satisfies Record<OutstandingSide, string>;

/** A document that increased what is owed, and how much of it is still open. */
export interface OpenItem {
  voucherId: string;
  /** What posted it: 'SALES_INVOICE' + the invoice's id, 'PURCHASE_BILL' + the bill's, … */
  documentType: string;
  documentId: string | null;
  documentNumber: string | null;
  date: string;
  ageDays: number;
  /** When it is to be paid (credit terms, issue 39): its own due date where it has one, else its date. */
  dueDate: string;
  /** Days past dueDate as of the day asked; 0 or less: not yet due. */
  daysPastDue: number;
  amountPaise: number;
  settledPaise: number;
  outstandingPaise: number;
}

export interface PartyOpenItems {
  accountId: string;
  name: string;
  partyUnitId: string | null;
  partyUnitCode: string | null;
  side: OutstandingSide;
  /** The head's balance as of the date, owed to (RECEIVABLE) or by (PAYABLE) the unit: Σ outstanding − unallocated. */
  balancePaise: number;
  /** Every item with something still open, oldest first. */
  items: OpenItem[];
  /** Settlements beyond every item (an advance). */
  unallocatedPaise: number;
}

interface EntryRow {
  account_id: string;
  voucher_id: string;
  voucher_date: string;
  document_type: string;
  document_id: string | null;
  document_number: string | null;
  /** debit − credit of the voucher on the head */
  net: number | string;
  /** The document the entry is about: a credit note's invoice, a debit note's bill, else its own document. */
  target: string | null;
  /** A payment naming a purchase bill of the unit (paid before the bill was received): it waits for that bill. */
  waits: boolean;
  /** The document's due date: a sales invoice's (migration 056), a platform bill's invoice's, an opening bill's; else the voucher's date. */
  due_date: string;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The head's entries (one per voucher and document its lines name, oldest first) as of a day. With an account id the head's own lines are read
 * by its index (voucher_lines_account_date), so a payment reads one head's history, not its unit's.
 */
async function entriesOf(db: Database, unitId: string, side: OutstandingSide, asOf: string, accountId: string | null): Promise<EntryRow[]> {
  const heads = accountId === null ? sql`a.unit_id = ${unitId} AND a.group_code = ${PARTY_GROUP[side]}` : sql`a.id = ${accountId} AND a.unit_id = ${unitId} AND a.group_code = ${PARTY_GROUP[side]}`;
  const { rows } = await sql<EntryRow>`
    SELECT l.account_id, v.id AS voucher_id, v.voucher_date, v.document_type, v.document_id, v.document_number,
           sum(l.debit_paise - l.credit_paise) AS net,
           -- A line's own document first (a receipt's line per invoice, migration 037).
           -- Subqueries under CASE, not joins: a join looked a note up for every entry, whatever its type.
           coalesce(l.document_id, CASE v.document_type
                      WHEN 'CREDIT_NOTE' THEN (SELECT cn.invoice_id FROM credit_notes cn WHERE cn.id = v.document_id AND cn.unit_id = v.unit_id)
                      WHEN 'DEBIT_NOTE' THEN (SELECT dn.bill_id FROM debit_notes dn WHERE dn.id = v.document_id AND dn.unit_id = v.unit_id)
                    END, v.document_id) AS target,
           CASE WHEN v.document_type = 'PAYMENT'
                THEN EXISTS (SELECT 1 FROM purchase_bills b WHERE b.id = coalesce(l.document_id, v.document_id) AND b.unit_id = v.unit_id)
                ELSE false END AS waits,
           coalesce(CASE v.document_type
                      WHEN 'SALES_INVOICE' THEN (SELECT si.due_date FROM sales_invoices si WHERE si.id = v.document_id AND si.unit_id = v.unit_id)
                      WHEN 'PURCHASE_BILL' THEN (SELECT si.due_date FROM purchase_bills b JOIN sales_invoices si ON si.id = b.sales_invoice_id
                                                 WHERE b.id = v.document_id AND b.unit_id = v.unit_id)
                      WHEN 'OPENING_BALANCE' THEN (SELECT ob.due_date FROM opening_bills ob WHERE ob.voucher_id = v.id)
                    END, v.voucher_date) AS due_date
    FROM ledger_accounts a
    JOIN voucher_lines l ON l.account_id = a.id
    JOIN vouchers v ON v.id = l.voucher_id
    WHERE ${heads} AND l.voucher_date <= ${asOf}::date
    GROUP BY l.account_id, v.id, l.document_id
    ORDER BY l.account_id, v.voucher_date, v.created_at, v.id, l.document_id NULLS LAST`.execute(db);
  return rows;
}

/**
 * One head's entries settled: per head, every voucher that increases what is owed (debits on debtor heads, credits on
 * creditor heads) is an item. The opposite entries (receipts, payments, credit and debit notes, reversals) settle
 * first the document they name: the same document, or the invoice or bill a credit or debit note is against. What is
 * left settles the oldest items first (FIFO); what is left after every item is unallocated (an advance). So
 * Σ outstanding − unallocated = the head's balance on the day.
 */
function settle(rows: readonly EntryRow[], side: OutstandingSide, asOf: string): { items: OpenItem[]; unallocatedPaise: number } {
  const sign = side === 'RECEIVABLE' ? 1 : -1;
  const items: (OpenItem & { target: string | null })[] = [];
  const settlements: { amount: number; target: string | null; waits: boolean }[] = [];
  for (const r of rows) {
    const owed = sign * Number(r.net);
    if (owed > 0) {
      items.push({
        voucherId: r.voucher_id,
        documentType: r.document_type,
        documentId: r.document_id,
        documentNumber: r.document_number,
        date: r.voucher_date,
        ageDays: daysBetween(r.voucher_date, asOf),
        dueDate: r.due_date,
        daysPastDue: daysBetween(r.due_date, asOf),
        amountPaise: owed,
        settledPaise: 0,
        outstandingPaise: owed,
        target: r.target,
      });
    } else if (owed < 0) settlements.push({ amount: -owed, target: r.target, waits: r.waits });
  }
  const take = (item: OpenItem, amount: number) => {
    const taken = Math.min(amount, item.outstandingPaise);
    item.settledPaise += taken;
    item.outstandingPaise -= taken;
    return taken;
  };
  // The document named first (oldest of its items first), then the rest FIFO. A payment made against a bill that is
  // not on the books yet (not received, or received after the day) waits for it: unallocated, never another bill's.
  let pool = 0;
  let waiting = 0;
  for (const s of settlements) {
    let left = s.amount;
    let named = false;
    if (s.target !== null) {
      for (const item of items) {
        if (item.target !== s.target) continue;
        named = true;
        if (left > 0) left -= take(item, left);
      }
    }
    if (s.waits && !named) waiting += left;
    else pool += left;
  }
  for (const item of items) if (pool > 0) pool -= take(item, pool);
  return { items: items.filter((i) => i.outstandingPaise > 0).map(({ target: _target, ...item }) => item), unallocatedPaise: pool + waiting };
}

/**
 * What each party owes (RECEIVABLE) or is owed (PAYABLE) as of a day, per open document, from the vouchers alone
 * (see settle). Heads with nothing owed either way are left out, unless one head is asked for.
 */
export async function openItems(db: Database, unitId: string, options: { asOf: string; side: OutstandingSide; accountId?: string }): Promise<PartyOpenItems[]> {
  const { asOf, side } = options;
  const accountId = options.accountId ?? null;
  const [heads, entries] = await Promise.all([
    db
      .selectFrom('ledger_accounts as a')
      .leftJoin('units as p', 'p.id', 'a.party_unit_id')
      .select(['a.id', 'a.name', 'a.party_unit_id', 'p.unit_code'])
      .where('a.unit_id', '=', unitId)
      .where('a.group_code', '=', PARTY_GROUP[side])
      .$if(accountId !== null, (q) => q.where('a.id', '=', accountId!))
      .execute(),
    entriesOf(db, unitId, side, asOf, accountId),
  ]);

  const byAccount = new Map<string, EntryRow[]>();
  for (const e of entries) {
    const list = byAccount.get(e.account_id);
    if (list) list.push(e);
    else byAccount.set(e.account_id, [e]);
  }

  const parties: PartyOpenItems[] = [];
  for (const head of heads) {
    const { items, unallocatedPaise } = settle(byAccount.get(head.id) ?? [], side, asOf);
    const balance = items.reduce((s, i) => s + i.outstandingPaise, 0) - unallocatedPaise;
    if (!items.length && unallocatedPaise === 0 && accountId === null) continue;
    parties.push({ accountId: head.id, name: head.name, partyUnitId: head.party_unit_id, partyUnitCode: head.unit_code, side, balancePaise: balance, items, unallocatedPaise });
  }
  return parties;
}

/**
 * What every party head on a side comes to as of a day (owed to the unit for RECEIVABLE, by it for PAYABLE): the sum
 * of openItems' balances, read without settling each head, since a head's open items less its unallocated amount
 * are its balance, Σ (debit − credit) of its entries (see settle).
 */
export function sideBalance(unitId: string, side: OutstandingSide, asOf: string): Part<number> {
  const sign = side === 'RECEIVABLE' ? 1 : -1;
  return firstRow(
    sql`SELECT coalesce(sum(l.debit_paise - l.credit_paise), 0) AS net
    FROM ledger_accounts a JOIN voucher_lines l ON l.account_id = a.id
    WHERE a.unit_id = ${unitId} AND a.group_code = ${PARTY_GROUP[side]} AND l.voucher_date <= ${asOf}::date`,
    (r: { net: number } | null) => sign * Number(r?.net ?? 0),
  );
}

/** The open items of one party head of the unit as of a day, in one statement (nothing for a head not on that side). */
export async function headOpenItems(db: Database, unitId: string, accountId: string, side: OutstandingSide, asOf: string): Promise<OpenItem[]> {
  return settle(await entriesOf(db, unitId, side, asOf, accountId), side, asOf).items;
}

const NO_AGEING: Ageing = { d0to30Paise: 0, d31to60Paise: 0, d61to90Paise: 0, over90Paise: 0 };

/** Open amounts by days since the document: 0–30, 31–60, 61–90, over 90 (an advance is not aged). */
function ageingOf(items: readonly OpenItem[]): Ageing {
  const a = { ...NO_AGEING };
  for (const i of items) {
    if (i.ageDays <= 30) a.d0to30Paise += i.outstandingPaise;
    else if (i.ageDays <= 60) a.d31to60Paise += i.outstandingPaise;
    else if (i.ageDays <= 90) a.d61to90Paise += i.outstandingPaise;
    else a.over90Paise += i.outstandingPaise;
  }
  return a;
}

const NO_DUE_AGEING: DueAgeing = { notDuePaise: 0, d0to30Paise: 0, d31to60Paise: 0, d61to90Paise: 0, over90Paise: 0 };

/** Open amounts by days past their due date: not yet due (due today or later), 1–30, 31–60, 61–90, over 90. */
function ageingByDueOf(items: readonly OpenItem[]): DueAgeing {
  const a = { ...NO_DUE_AGEING };
  for (const i of items) {
    if (i.daysPastDue <= 0) a.notDuePaise += i.outstandingPaise;
    else if (i.daysPastDue <= 30) a.d0to30Paise += i.outstandingPaise;
    else if (i.daysPastDue <= 60) a.d31to60Paise += i.outstandingPaise;
    else if (i.daysPastDue <= 90) a.d61to90Paise += i.outstandingPaise;
    else a.over90Paise += i.outstandingPaise;
  }
  return a;
}

function summary(p: PartyOpenItems): PartyOutstanding {
  return {
    accountId: p.accountId,
    partyName: p.name,
    partyUnitCode: p.partyUnitCode,
    side: p.side,
    outstandingPaise: p.balancePaise,
    ageing: ageingOf(p.items),
    ageingByDue: ageingByDueOf(p.items),
    openCount: p.items.length,
    oldestOpenDate: p.items[0]?.date ?? null,
  };
}

/** Every party with something owed either way, most owed first, with the ageing of the whole side. */
export async function outstandingReport(db: Database, unitId: string, side: OutstandingSide, asOf: string): Promise<OutstandingReport> {
  const parties = (await openItems(db, unitId, { asOf, side })).map(summary).sort((a, b) => b.outstandingPaise - a.outstandingPaise || a.partyName.localeCompare(b.partyName));
  const ageing = { ...NO_AGEING };
  for (const p of parties) for (const k of Object.keys(ageing) as (keyof Ageing)[]) ageing[k] += p.ageing[k];
  const ageingByDue = { ...NO_DUE_AGEING };
  for (const p of parties) for (const k of Object.keys(ageingByDue) as (keyof DueAgeing)[]) ageingByDue[k] += p.ageingByDue[k];
  return { asOf, side, parties, totalPaise: parties.reduce((s, p) => s + p.outstandingPaise, 0), ageing, ageingByDue };
}

/** One party head's open documents; a head that is not a party head of the unit is not found. */
export async function partyOutstanding(db: Database, unitId: string, accountId: string, asOf: string): Promise<PartyOutstandingDetail> {
  const head = await db.selectFrom('ledger_accounts').select('group_code').where('unit_id', '=', unitId).where('id', '=', accountId).executeTakeFirst();
  const side = head?.group_code === PARTY_GROUP.RECEIVABLE ? 'RECEIVABLE' : head?.group_code === PARTY_GROUP.PAYABLE ? 'PAYABLE' : null;
  if (!side) throw new AppError('E0002', 404, head ? 'This head is not a party (Sundry Debtors or Creditors)' : 'No such head in your books');
  const party = (await openItems(db, unitId, { asOf, side, accountId }))[0];
  if (!party) throw new AppError('E0002', 404, 'No such head in your books');
  const documents: OpenDocument[] = party.items.map((i) => ({ ...i }));
  return { ...summary(party), asOf, documents, unallocatedPaise: party.unallocatedPaise };
}
