import {
  drugLicenceOk,
  gstinOk,
  panOk,
  pincodeOk,
  stateCodeOfName,
  GST_STATES,
  type BillRow,
  type BillSide,
  type ItemRow,
  type MoveInKind,
  type MoveInMapping,
  type MoveInTrialBalanceRow,
  type PartyRole,
  type PartyRow,
} from 'shared-api';
import { parseGstBp } from '../../inventory/parsers/money';
import { cellText, type Cell } from '../../inventory/parsers/header-detect';
import { addDays, amountOf, dayOf, groupOf, isProfitAndLoss, isTotalLine, sideOf, wholeOf, type DrCr } from './values';

/*
 * One data row of a sheet → a valid row of its kind, or every problem it has. Shared with the Tally XML reader
 * (partyRow, billRow, trialBalanceRow, itemRow take plain values), so a party reads the same from either.
 */

export interface Context {
  kind: MoveInKind;
  mapping: MoveInMapping;
  options: { side?: BillSide | undefined; today: string };
  /** What a heading row above said: the group of the parties or heads below it, the party of the bills below it. */
  heading: { group: string; party: string };
}

export type RowRead =
  | 'SKIP'
  | 'SETTLED'
  | { problems: string[] }
  | { kind: 'PARTIES'; row: PartyRow }
  | { kind: 'ITEMS'; row: ItemRow }
  | { kind: 'BILLS'; row: BillRow }
  | { kind: 'TRIAL_BALANCE'; row: MoveInTrialBalanceRow };

type Built<T> = T | { problems: string[] };

const AMOUNT_FIELDS = new Set(['balance', 'debit', 'credit', 'pending', 'billAmount', 'creditLimit', 'mrp', 'ptr', 'pts']);
const NO_VALUE = /^(na|n\/a|nil|none|null|-+|\.|urp|unregistered|not applicable|0)$/i;

export const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A signed balance from a Dr/Cr amount, a side column, or debit and credit columns; null when none is written. */
export function balanceOf(amount: Cell | undefined, sideCell: Cell | undefined, debit?: Cell, credit?: Cell): { paise: number; sideWritten: boolean } | { problem: string } | null {
  if (debit !== undefined || credit !== undefined) {
    const dr = amountOf(debit ?? null);
    const cr = amountOf(credit ?? null);
    if (!dr) return { problem: `debit "${cellText(debit)}" is not an amount` };
    if (!cr) return { problem: `credit "${cellText(credit)}" is not an amount` };
    if (cellText(debit) === '' && cellText(credit) === '' && cellText(amount) === '') return null;
    if (cellText(debit) !== '' || cellText(credit) !== '') return { paise: Math.abs(dr.paise) - Math.abs(cr.paise), sideWritten: true };
  }
  const text = cellText(amount);
  if (text === '') return null;
  const a = amountOf(amount ?? null);
  if (!a) return { problem: `balance "${text}" is not an amount` };
  const sideText = cellText(sideCell);
  const side: DrCr | null = sideText ? sideOf(sideText) : null;
  if (sideText && !side) return { problem: `Dr/Cr "${sideText}" is neither Dr nor Cr` };
  if (side) return { paise: Math.abs(a.paise) * (side === 'CR' ? -1 : 1), sideWritten: true };
  return { paise: a.paise, sideWritten: a.side !== null };
}

/** The first mobile number in the cell (+91 / 0 dropped); null when there is none. */
export function mobileOf(text: string): string | null {
  for (const part of text.split(/[,;/]|\s{2,}/)) {
    let digits = part.replace(/\D/g, '');
    if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
    if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
    if (/^[6-9]\d{9}$/.test(digits)) return digits;
  }
  return null;
}

const roleOfGroup = (group: string): PartyRole | null =>
  /debtor|customer|buyer|receivable/i.test(group) ? 'CUSTOMER' : /creditor|supplier|vendor|payable/i.test(group) ? 'SUPPLIER' : null;

export interface PartyInput {
  name: string;
  code: string;
  group: string;
  gstin: string;
  pan: string;
  drugLicences: string[];
  address: string;
  state: string;
  pincode: string;
  phone: string;
  creditLimit: Cell;
  creditDays: Cell;
  balance: ReturnType<typeof balanceOf>;
}

export function partyRow(input: PartyInput, rowNumber: number): Built<PartyRow> {
  const problems: string[] = [];
  const warnings: string[] = [];
  const name = clean(input.name);
  if (name.length < 2) problems.push(name ? `party name "${name}" too short` : 'missing party name');
  else if (name.length > 100) problems.push('party name longer than 100 characters');

  const balance = input.balance;
  if (balance && 'problem' in balance) problems.push(balance.problem);
  let paise = balance && 'paise' in balance ? balance.paise : null;

  let role = roleOfGroup(input.group);
  if (!role) {
    role = paise !== null && paise < 0 ? 'SUPPLIER' : 'CUSTOMER';
    const why = input.group ? `group "${clean(input.group)}" names neither debtors nor creditors` : 'no group';
    const from = paise === null || paise === 0 ? '' : paise > 0 ? ' from its debit balance' : ' from its credit balance';
    warnings.push(`${why}: taken as a ${role === 'CUSTOMER' ? 'customer' : 'supplier'}${from}`);
  } else if (role === 'SUPPLIER' && paise !== null && paise > 0 && balance && 'sideWritten' in balance && !balance.sideWritten) {
    // A creditors' list printing bare amounts means what the unit owes them.
    paise = -paise;
    warnings.push('balance has no Dr/Cr: taken as owed to the supplier (Cr)');
  }

  const gstinText = clean(input.gstin).toUpperCase().replace(/\s/g, '');
  let gstin: string | null = null;
  if (gstinText && !NO_VALUE.test(gstinText)) {
    if (gstinOk(gstinText)) gstin = gstinText;
    else problems.push(`GSTIN "${gstinText}" is not valid`);
  }
  const panText = clean(input.pan).toUpperCase().replace(/\s/g, '');
  let pan: string | null = gstin ? gstin.slice(2, 12) : null;
  if (panText && !NO_VALUE.test(panText)) {
    if (!panOk(panText)) problems.push(`PAN "${panText}" is not valid`);
    else if (gstin && panText !== pan) problems.push(`PAN ${panText} is not the PAN in GSTIN ${gstin}`);
    else pan = panText;
  }
  const drugLicences: string[] = [];
  for (const text of input.drugLicences.flatMap((t) => t.split(/[,;]|\s+&\s+/))) {
    const dl = clean(text).toUpperCase();
    if (!dl || NO_VALUE.test(dl)) continue;
    if (!drugLicenceOk(dl)) problems.push(`drug licence "${dl}" is not valid`);
    else if (!drugLicences.includes(dl)) drugLicences.push(dl);
  }
  const stateText = clean(input.state);
  const fromName = stateText ? stateCodeOfName(stateText) : null;
  if (stateText && !fromName) warnings.push(`state "${stateText}" not recognised`);
  const fromGstin = gstin && GST_STATES[gstin.slice(0, 2)] ? gstin.slice(0, 2) : null;
  if (fromGstin && fromName && fromGstin !== fromName) warnings.push(`state ${stateText} differs from the GSTIN's (${GST_STATES[fromGstin]}): the GSTIN's taken`);
  const pinText = clean(input.pincode).replace(/\s/g, '');
  const pincode = pinText && pincodeOk(pinText) ? pinText : null;
  if (pinText && !pincode && !NO_VALUE.test(pinText)) warnings.push(`PIN code "${pinText}" is not valid`);
  const phoneText = clean(input.phone);
  const phone = phoneText ? mobileOf(phoneText) : null;
  if (phoneText && !phone && !NO_VALUE.test(phoneText)) warnings.push(`phone "${phoneText}" is not a mobile number (no SMS invite)`);

  let creditLimitPaise: number | null = null;
  if (cellText(input.creditLimit) !== '') {
    const limit = amountOf(input.creditLimit);
    if (!limit || limit.paise < 0) problems.push(`credit limit "${cellText(input.creditLimit)}" is not an amount`);
    else creditLimitPaise = limit.paise;
  }
  let creditDays: number | null = null;
  if (cellText(input.creditDays) !== '') {
    creditDays = wholeOf(input.creditDays);
    if (creditDays === null || creditDays > 3650) problems.push(`credit days "${cellText(input.creditDays)}" is not a number of days`);
  }
  if (problems.length > 0) return { problems };
  const code = clean(input.code);
  const address = clean(input.address);
  return {
    rowNumber,
    name,
    code: code ? code.slice(0, 40) : null,
    role,
    gstin,
    pan,
    drugLicences,
    address: address ? address.slice(0, 300) : null,
    stateCode: fromGstin ?? fromName,
    pincode,
    phone,
    creditLimitPaise,
    creditDays,
    balancePaise: paise,
    warnings,
  };
}

export interface BillInput {
  party: string;
  partyGstin: string;
  billNumber: string;
  billDate: Cell;
  dueDate: Cell;
  billAmount: Cell;
  pending: Cell;
  pendingSide: Cell;
}

export function billRow(input: BillInput, rowNumber: number, options: Context['options']): Built<BillRow> | 'SETTLED' {
  const problems: string[] = [];
  const warnings: string[] = [];
  const partyName = clean(input.party);
  if (partyName.length < 2) problems.push(partyName ? `party name "${partyName}" too short` : 'missing party name');
  else if (partyName.length > 100) problems.push('party name longer than 100 characters');
  const billNumber = clean(input.billNumber);
  if (!billNumber) problems.push('missing bill number');
  else if (billNumber.length > 60) problems.push('bill number longer than 60 characters');
  const dateText = cellText(input.billDate);
  const billDate = dayOf(input.billDate);
  if (!dateText) problems.push('missing bill date');
  else if (!billDate) problems.push(`bill date "${dateText}" is not a date`);
  else if (billDate > options.today) problems.push(`bill date ${dateText} is in the future`);

  let side: BillSide | null = null;
  let pendingPaise = 0;
  const pendingText = cellText(input.pending);
  const pending = pendingText ? amountOf(input.pending) : null;
  const sideText = cellText(input.pendingSide);
  const written = sideText ? sideOf(sideText) : (pending?.side ?? null);
  if (!pendingText) problems.push('missing pending amount');
  else if (!pending) problems.push(`pending amount "${pendingText}" is not an amount`);
  else if (sideText && !written) problems.push(`Dr/Cr "${sideText}" is neither Dr nor Cr`);
  else {
    if (written) {
      side = written === 'DR' ? 'RECEIVABLE' : 'PAYABLE';
      pendingPaise = sideText ? Math.abs(pending.paise) : Math.abs(pending.paise);
      // "(500.00) Dr" would be a credit written as a debit: not an open bill.
      if (/\(|-/.test(pendingText) && !/^\s*(dr|cr)/i.test(pendingText) && sideText === '' && pending.paise * (written === 'DR' ? 1 : -1) < 0) problems.push(`pending amount ${pendingText} is negative`);
    } else if (pending.paise < 0) problems.push(`pending amount ${pendingText} is negative: an advance or a credit, not an open bill`);
    else {
      pendingPaise = pending.paise;
      side = options.side ?? null;
      if (!side && pendingPaise !== 0) problems.push('no Dr/Cr on the row and no side chosen for the file: say whether these bills are receivable or payable');
    }
  }
  if (problems.length === 0 && pendingPaise === 0) return 'SETTLED';

  let dueDate: string | null = null;
  const dueText = cellText(input.dueDate);
  if (dueText) {
    const days = wholeOf(input.dueDate);
    dueDate = typeof input.dueDate !== 'number' && days !== null && billDate ? addDays(billDate, days) : dayOf(input.dueDate);
    if (!dueDate) warnings.push(`due date "${dueText}" not read`);
    else if (billDate && dueDate < billDate) {
      warnings.push(`due date ${dueText} is before the bill date: left out`);
      dueDate = null;
    }
  }
  let billAmountPaise: number | null = null;
  const amountText = cellText(input.billAmount);
  if (amountText) {
    const amount = amountOf(input.billAmount);
    if (!amount) problems.push(`bill amount "${amountText}" is not an amount`);
    else {
      billAmountPaise = Math.abs(amount.paise);
      if (billAmountPaise < pendingPaise) warnings.push('pending more than the bill amount');
    }
  }
  const gstinText = clean(input.partyGstin).toUpperCase().replace(/\s/g, '');
  let partyGstin: string | null = null;
  if (gstinText && !NO_VALUE.test(gstinText)) {
    if (gstinOk(gstinText)) partyGstin = gstinText;
    else problems.push(`GSTIN "${gstinText}" is not valid`);
  }
  if (problems.length > 0 || !side || !billDate) return { problems };
  return { rowNumber, side, partyName, partyGstin, billNumber, billDate, dueDate, billAmountPaise, pendingPaise, warnings };
}

export function trialBalanceRow(head: string, groupText: string, headingGroup: string, balance: ReturnType<typeof balanceOf>, rowNumber: number): Built<MoveInTrialBalanceRow> | 'SETTLED' {
  const problems: string[] = [];
  const warnings: string[] = [];
  const name = clean(head);
  if (name.length < 2) problems.push(name ? `head "${name}" too short` : 'missing head name');
  else if (name.length > 100) problems.push('head name longer than 100 characters');
  if (/^diff(erence|\.)?\s*in\s*op(ening|\.)?\s*bal/i.test(name)) problems.push("the old books' opening difference: not imported (the move-in works out its own)");
  if (balance && 'problem' in balance) problems.push(balance.problem);
  if (problems.length > 0) return { problems };
  const paise = balance && 'paise' in balance ? balance.paise : 0;
  if (paise === 0) return 'SETTLED';
  let group: string | null;
  const given = clean(groupText);
  if (given) {
    group = groupOf(given);
    if (!group) warnings.push(`group "${given}" not known: choose one`);
  } else {
    group = groupOf(name) ?? (headingGroup ? groupOf(headingGroup) : null);
    if (!group) warnings.push('no group: choose one');
  }
  const treatment = isProfitAndLoss(name)
    ? 'PROFIT_AND_LOSS'
    : group === 'SUNDRY_DEBTORS' || group === 'SUNDRY_CREDITORS'
      ? 'PARTIES_FILE'
      : group === 'STOCK_IN_HAND' || /\b(opening|closing)\s+stock\b|^stock(-|\s)in(-|\s)hand$/i.test(name)
        ? 'STOCK_UPLOAD'
        : 'POST';
  if (treatment === 'PROFIT_AND_LOSS' && !group) {
    group = 'CAPITAL';
    warnings.pop();
  }
  return { rowNumber, head: name, group, treatment, balancePaise: paise, warnings };
}

export interface ItemInput {
  name: string;
  code: string;
  manufacturer: string;
  pack: string;
  hsn: string;
  gst: Cell;
  mrp: Cell;
  ptr: Cell;
  pts: Cell;
  scheme: string;
  barcode: string;
}

export function itemRow(input: ItemInput, rowNumber: number): Built<ItemRow> {
  const problems: string[] = [];
  const warnings: string[] = [];
  const name = clean(input.name);
  if (name.length < 2) problems.push(name ? `item name "${name}" too short` : 'missing item name');
  else if (name.length > 200) problems.push('item name longer than 200 characters');
  const hsnText = clean(input.hsn).replace(/[\s.]/g, '');
  const hsn = hsnText && !NO_VALUE.test(hsnText) ? hsnText : null;
  if (hsn && !/^\d{4,8}$/.test(hsn)) problems.push(`HSN "${hsnText}" is not 4 to 8 digits`);
  let gstBp: number | null = null;
  if (cellText(input.gst) !== '') {
    gstBp = parseGstBp(input.gst);
    if (gstBp === null || gstBp < 0 || gstBp > 4000) problems.push(`GST "${cellText(input.gst)}" is not a rate`);
  }
  const money = (cell: Cell, label: string): number | null => {
    if (cellText(cell) === '') return null;
    const a = amountOf(cell);
    if (!a || a.paise < 0) {
      problems.push(`${label} "${cellText(cell)}" is not an amount`);
      return null;
    }
    return a.paise;
  };
  const mrpPaise = money(input.mrp, 'MRP');
  const ptrPaise = money(input.ptr, 'PTR');
  const ptsPaise = money(input.pts, 'PTS');
  if (mrpPaise !== null && ptrPaise !== null && ptrPaise > mrpPaise) warnings.push('PTR above MRP');
  let schemeBuy: number | null = null;
  let schemeFree: number | null = null;
  const scheme = clean(input.scheme);
  if (scheme && !NO_VALUE.test(scheme)) {
    const m = /^(\d+)\s*[+:]\s*(\d+)$/.exec(scheme);
    if (m && Number(m[1]) > 0) [schemeBuy, schemeFree] = [Number(m[1]), Number(m[2])];
    else warnings.push(`scheme "${scheme}" not read (write it as 10+1)`);
  }
  if (problems.length > 0) return { problems };
  const code = clean(input.code);
  const barcode = clean(input.barcode);
  return {
    rowNumber,
    code: code ? code.slice(0, 40) : null,
    name,
    manufacturer: clean(input.manufacturer).slice(0, 120),
    pack: clean(input.pack).slice(0, 60),
    hsn,
    gstBp,
    mrpPaise,
    ptrPaise,
    ptsPaise,
    schemeBuy,
    schemeFree,
    barcode: barcode && !NO_VALUE.test(barcode) ? barcode.slice(0, 40) : null,
    warnings,
  };
}

/** A sheet's row, by the mapping: headings and totals skipped, the rest read. */
export function readRow(context: Context, row: readonly Cell[], rowNumber: number): RowRead {
  const { kind, mapping, heading } = context;
  const cell = (field: string): Cell => {
    const i = mapping[field];
    return i === undefined ? null : (row[i] ?? null);
  };
  const text = (field: string) => clean(cellText(cell(field)));
  const filled = row.map((c, i) => [i, clean(cellText(c))] as const).filter(([, t]) => t !== '');
  if (filled.length === 0) return 'SKIP';
  if (isTotalLine(filled[0]![1])) return 'SKIP';
  const amountColumns = new Set(Object.entries(mapping).filter(([f]) => AMOUNT_FIELDS.has(f)).map(([, i]) => i));
  const onlyAmounts = filled.every(([i]) => amountColumns.has(i));
  // A subtotal: amounts with nothing naming them.
  if (onlyAmounts) return 'SKIP';
  const lone = filled.length === 1 ? filled[0]![1] : null;

  if (kind === 'PARTIES') {
    // "SUNDRY DEBTORS" on a row of its own heads the parties below it.
    if (lone && (groupOf(lone) || roleOfGroup(lone)) && !text('balance')) {
      heading.group = lone;
      return 'SKIP';
    }
    const group = text('group') || heading.group;
    const built = partyRow(
      {
        name: text('name'),
        code: text('code'),
        group,
        gstin: text('gstin'),
        pan: text('pan'),
        drugLicences: [text('drugLicence1'), text('drugLicence2')],
        address: text('address'),
        state: text('state'),
        pincode: text('pincode'),
        phone: text('phone'),
        creditLimit: cell('creditLimit'),
        creditDays: cell('creditDays'),
        balance: balanceOf(cell('balance'), cell('balanceSide'), mapping.debit !== undefined ? cell('debit') : undefined, mapping.credit !== undefined ? cell('credit') : undefined),
      },
      rowNumber,
    );
    return 'problems' in built ? built : { kind, row: built };
  }
  if (kind === 'ITEMS') {
    if (lone && mapping.name !== undefined && filled[0]![0] !== mapping.name) return 'SKIP';
    const built = itemRow(
      {
        name: text('name'),
        code: text('code'),
        manufacturer: text('manufacturer'),
        pack: text('pack'),
        hsn: text('hsn'),
        gst: cell('gst'),
        mrp: cell('mrp'),
        ptr: cell('ptr'),
        pts: cell('pts'),
        scheme: text('scheme'),
        barcode: typeof cell('barcode') === 'number' ? String(cell('barcode')) : text('barcode'),
      },
      rowNumber,
    );
    return 'problems' in built ? built : { kind, row: built };
  }
  if (kind === 'BILLS') {
    const party = text('party');
    // Bill-wise reports list each party's name on a row of its own with its bills below (or the party cell merged down).
    if (party && !text('billNumber') && !text('billDate') && !text('pending') && !text('billAmount')) {
      heading.party = party;
      return 'SKIP';
    }
    if (party) heading.party = party;
    if (!text('billNumber') && !text('billDate')) return 'SKIP';
    const built = billRow(
      {
        party: party || heading.party,
        partyGstin: text('partyGstin'),
        billNumber: typeof cell('billNumber') === 'number' ? String(cell('billNumber')) : text('billNumber'),
        billDate: cell('billDate'),
        dueDate: cell('dueDate'),
        billAmount: cell('billAmount'),
        pending: cell('pending'),
        pendingSide: cell('pendingSide'),
      },
      rowNumber,
      context.options,
    );
    return built === 'SETTLED' ? built : 'problems' in built ? built : { kind, row: built };
  }
  const head = text('head');
  // "Current Assets" with nothing against it heads the lines below it.
  if (lone && lone === head && groupOf(head)) {
    heading.group = head;
    return 'SKIP';
  }
  const built = trialBalanceRow(
    head,
    text('group'),
    heading.group,
    balanceOf(cell('balance'), cell('balanceSide'), mapping.debit !== undefined ? cell('debit') : undefined, mapping.credit !== undefined ? cell('credit') : undefined),
    rowNumber,
  );
  return built === 'SETTLED' ? built : 'problems' in built ? built : { kind, row: built };
}
