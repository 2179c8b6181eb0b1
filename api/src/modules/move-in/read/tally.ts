import { XMLParser } from 'fast-xml-parser';
import { ACCOUNT_GROUPS, type AccountGroup, type MoveInKind } from 'shared-api';
import { AppError } from '../../../http/errors';
import { decodeText } from '../../inventory/parsers/text';
import { emptyRead, type ReadMoveInFile, type ReadMoveInOptions } from './index';
import { billRow, itemRow, partyRow, trialBalanceRow } from './rows';
import { amountOf, groupOf } from './values';

/*
 * Tally's XML: the masters export (ENVELOPE/BODY/IMPORTDATA/REQUESTDATA/TALLYMESSAGE holding GROUP, LEDGER and
 * STOCKITEM masters; our own Tally export, gst-returns/tally.ts, writes the same envelope) and the Bills Receivable /
 * Bills Payable report (BILLFIXED, BILLCL, BILLDUE side by side). One masters file feeds three kinds: PARTIES (the
 * ledgers under Sundry Debtors and Creditors), BILLS (their BILLALLOCATIONS.LIST) and TRIAL_BALANCE (every ledger's
 * balance); ITEMS come from its STOCKITEMs. Tally writes a debit as a negative amount.
 */

type Node = Record<string, unknown>;

const REPEATED = new Set(['TALLYMESSAGE', 'IMPORTDATA', 'LEDGER', 'GROUP', 'STOCKITEM', 'BILLALLOCATIONS.LIST', 'ADDRESS.LIST', 'ADDRESS', 'GSTDETAILS.LIST', 'STATEWISEDETAILS.LIST', 'RATEDETAILS.LIST', 'LEDGSTREGDETAILS.LIST', 'LEDMAILINGDETAILS.LIST', 'MRPDETAILS.LIST', 'MRPRATEDETAILS.LIST', 'NAME', 'BILLFIXED', 'BILLCL', 'BILLDUE', 'BILLOP']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => REPEATED.has(name),
});

/** Tally writes UTF-16 with a byte-order mark (older exports) or UTF-8; control characters it escapes as &#4; are dropped. */
function xmlText(bytes: Buffer): string {
  const text = bytes[0] === 0xff && bytes[1] === 0xfe ? bytes.subarray(2).toString('utf16le') : bytes[0] === 0xfe && bytes[1] === 0xff ? Buffer.from(bytes.subarray(2)).swap16().toString('utf16le') : decodeText(bytes);
  // eslint-disable-next-line no-control-regex
  return text.replace(/&#(x0*[0-8bcef]|x0*1[0-9a-f]|0*[0-8]|0*1[1-24-9]|0*2[0-9]|0*3[01]);/gi, '').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');
}

/** The text of an element (one carrying attributes is an object with #text). */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object') return textOf((value as Node)['#text']);
  return String(value).trim();
}

const list = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]).filter((v): v is Node => typeof v === 'object' && v !== null);

/** Every element named `tag` anywhere below `node`, in document order (envelopes vary between Tally's releases). */
function findAll(node: unknown, tag: string, out: Node[] = []): Node[] {
  if (Array.isArray(node)) for (const n of node) findAll(n, tag, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === tag) out.push(...list(value));
      else if (!key.startsWith('@') && key !== '#text') findAll(value, tag, out);
    }
  }
  return out;
}

/** A master's name: its NAME child, its NAME attribute, or the first name of its LANGUAGENAME.LIST. */
function nameOf(master: Node): string {
  return textOf(master.NAME) || textOf(master['@NAME']) || textOf(findAll(master['LANGUAGENAME.LIST'], 'NAME')[0]);
}

/** The first non-empty text among these children, looked for anywhere below the master (TallyPrime nests GST and mailing details in dated lists). */
function field(master: Node, ...tags: string[]): string {
  for (const tag of tags) {
    const direct = textOf(master[tag]);
    if (direct) return direct;
  }
  for (const tag of tags) {
    for (const found of findAll(master, tag)) {
      const t = textOf(found);
      if (t) return t;
    }
    const leaf = findLeaf(master, tag);
    if (leaf) return leaf;
  }
  return '';
}

function findLeaf(node: unknown, tag: string): string {
  if (Array.isArray(node)) {
    for (const n of node) {
      const t = findLeaf(n, tag);
      if (t) return t;
    }
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === tag && textOf(value)) return textOf(value);
      if (!key.startsWith('@') && key !== '#text' && typeof value === 'object') {
        const t = findLeaf(value, tag);
        if (t) return t;
      }
    }
  }
  return '';
}

/** Tally's amount ("-1234.50", "1234.50 Dr", "₹ 100") → paise from the unit's view (Tally's negative is a debit: +). */
function tallyPaise(text: string): number | null {
  if (!text) return 0;
  const a = amountOf(text.replace(/^[^\d(+-]*?(?=[\d(+-])/, ''));
  if (!a) return null;
  // With Dr/Cr written the sign is already ours; bare numbers follow Tally's sign.
  return a.side || a.paise === 0 ? a.paise : -a.paise;
}

/** The group a ledger sits under, through custom groups (the masters carry each group's parent) up to a primary group. */
function groupResolver(groups: Node[]): (parent: string) => { group: AccountGroup | null; name: string } {
  const parents = new Map(groups.map((g) => [nameOf(g).toLowerCase(), textOf(g.PARENT)]));
  return (parent) => {
    let name = parent;
    for (let depth = 0; depth < 20 && name; depth++) {
      const group = groupOf(name);
      if (group) return { group, name };
      name = parents.get(name.toLowerCase()) ?? '';
    }
    return { group: null, name: parent };
  };
}

const PARTY_GROUPS: readonly string[] = ['SUNDRY_DEBTORS', 'SUNDRY_CREDITORS'];

export async function readTallyXml(kind: MoveInKind, bytes: Buffer, options: ReadMoveInOptions): Promise<ReadMoveInFile> {
  if (bytes.length === 0) throw new AppError('E0001', 400, 'The file is empty', { file: 'The file is empty' });
  let doc: unknown;
  try {
    doc = parser.parse(xmlText(bytes));
  } catch {
    throw notTally();
  }
  const out = emptyRead('XML', 'TALLY');
  const ledgers = findAll(doc, 'LEDGER');
  const items = findAll(doc, 'STOCKITEM');
  const billsReport = findAll(doc, 'BILLFIXED');
  if (ledgers.length === 0 && items.length === 0 && billsReport.length === 0) throw notTally();
  const resolve = groupResolver(findAll(doc, 'GROUP'));
  const reject = (rowNumber: number, cells: string[], problems: string[]) => out.rejected.push({ rowNumber, cells, problems });

  if (kind === 'ITEMS') {
    items.forEach((item, i) => {
      out.dataRows++;
      const name = nameOf(item);
      const parent = textOf(item.PARENT);
      const gst = latestGst(item);
      const built = itemRow(
        {
          name,
          code: field(item, 'PARTNUMBER', 'ALIAS'),
          manufacturer: /^primary$/i.test(parent) ? '' : parent,
          pack: textOf(item.BASEUNITS),
          hsn: gst.hsn,
          gst: gst.rate,
          mrp: field(item, 'MRPRATE').replace(/\/.*$/, ''),
          ptr: '',
          pts: '',
          scheme: '',
          barcode: field(item, 'BARCODE'),
        },
        i + 1,
      );
      if ('problems' in built) reject(i + 1, [name, parent, gst.hsn, gst.rate], built.problems);
      else out.items.push(built);
    });
    return out;
  }

  if (kind === 'BILLS' && billsReport.length > 0) {
    readBillsReport(doc, out, options);
    return out;
  }

  ledgers.forEach((ledger, i) => {
    const rowNumber = i + 1;
    const name = nameOf(ledger);
    const parent = textOf(ledger.PARENT);
    const { group, name: groupName } = resolve(parent);
    const isParty = group !== null && PARTY_GROUPS.includes(group);
    const balanceText = textOf(ledger.CLOSINGBALANCE) || textOf(ledger.OPENINGBALANCE);
    const paise = tallyPaise(balanceText);
    const balance = paise === null ? { problem: `balance "${balanceText}" is not an amount` } : balanceText ? { paise, sideWritten: true } : null;
    const cells = [name, parent, balanceText];

    if (kind === 'PARTIES') {
      if (!isParty) return;
      out.dataRows++;
      const address = findAll(ledger, 'ADDRESS.LIST').flatMap((a) => (Array.isArray(a.ADDRESS) ? a.ADDRESS : [a.ADDRESS]).map(textOf));
      const built = partyRow(
        {
          name,
          code: textOf(ledger.ALIAS),
          group: groupName,
          gstin: field(ledger, 'PARTYGSTIN', 'GSTIN'),
          pan: field(ledger, 'INCOMETAXNUMBER', 'PANNUMBER'),
          drugLicences: [],
          address: (address.length > 0 ? address : [textOf(ledger.ADDRESS)]).filter(Boolean).join(', '),
          state: field(ledger, 'LEDSTATENAME', 'STATENAME', 'STATE'),
          pincode: field(ledger, 'PINCODE'),
          phone: field(ledger, 'LEDGERMOBILE', 'LEDGERPHONE'),
          creditLimit: (() => {
            const t = field(ledger, 'CREDITLIMIT');
            const p = t ? tallyPaise(t) : null;
            return p === null ? t : String(Math.abs(p) / 100);
          })(),
          creditDays: field(ledger, 'BILLCREDITPERIOD'),
          balance,
        },
        rowNumber,
      );
      if ('problems' in built) reject(rowNumber, cells, built.problems);
      else out.parties.push(built);
      return;
    }

    if (kind === 'BILLS') {
      if (!isParty) return;
      const gstin = field(ledger, 'PARTYGSTIN', 'GSTIN');
      for (const bill of list(ledger['BILLALLOCATIONS.LIST'])) {
        const billRowNumber = ++out.dataRows;
        const number = textOf(bill.NAME);
        const billDate = textOf(bill.BILLDATE);
        const amountText = textOf(bill.OPENINGBALANCE) || textOf(bill.CLOSINGBALANCE) || textOf(bill.AMOUNT);
        const pending = tallyPaise(amountText);
        const built = billRow(
          {
            party: name,
            partyGstin: gstin,
            billNumber: number,
            billDate,
            dueDate: textOf(bill.BILLCREDITPERIOD),
            billAmount: '',
            pending: pending === null ? amountText : `${Math.abs(pending) / 100} ${pending >= 0 ? 'Dr' : 'Cr'}`,
            pendingSide: '',
          },
          billRowNumber,
          options,
        );
        if (built === 'SETTLED') continue;
        if ('problems' in built) reject(billRowNumber, [name, number, billDate, amountText], built.problems);
        else out.bills.push(built);
      }
      return;
    }

    // TRIAL_BALANCE: every ledger with a balance.
    out.dataRows++;
    const built = trialBalanceRow(name, group ? ACCOUNT_GROUPS[group].name : parent, '', balance, rowNumber);
    if (built === 'SETTLED') return;
    if ('problems' in built) reject(rowNumber, cells, built.problems);
    else out.trialBalance.push(built);
  });
  return out;
}

/** A stock item's HSN and GST rate as of its latest GST details (the integrated rate). */
function latestGst(item: Node): { hsn: string; rate: string } {
  const details = findAll(item, 'GSTDETAILS.LIST').sort((a, b) => textOf(b.APPLICABLEFROM).localeCompare(textOf(a.APPLICABLEFROM)));
  for (const d of details) {
    const hsn = field(d, 'HSNCODE');
    const rates = findAll(d, 'RATEDETAILS.LIST');
    const igst = rates.find((r) => /integrated|igst/i.test(textOf(r.GSTRATEDUTYHEAD)));
    const rate = igst ? textOf(igst.GSTRATE) : field(d, 'RATE', 'GSTRATE', 'IGSTRATE');
    if (hsn || rate) return { hsn, rate };
  }
  return { hsn: field(item, 'HSNCODE'), rate: field(item, 'RATE', 'GSTRATE') };
}

/** Tally's Bills Receivable / Payable report: BILLFIXED (date, ref, party), BILLCL (pending, Tally's sign), BILLDUE, in step. */
function readBillsReport(doc: unknown, out: ReadMoveInFile, options: ReadMoveInOptions): void {
  const envelope = findAll(doc, 'ENVELOPE')[0] ?? (doc as Node);
  const fixed = list(envelope.BILLFIXED);
  const closing = (Array.isArray(envelope.BILLCL) ? envelope.BILLCL : [envelope.BILLCL]).map(textOf);
  const due = (Array.isArray(envelope.BILLDUE) ? envelope.BILLDUE : [envelope.BILLDUE]).map(textOf);
  fixed.forEach((bill, i) => {
    out.dataRows++;
    const amountText = closing[i] ?? '';
    const pending = tallyPaise(amountText);
    const built = billRow(
      {
        party: textOf(bill.BILLPARTY),
        partyGstin: '',
        billNumber: textOf(bill.BILLREF),
        billDate: textOf(bill.BILLDATE),
        dueDate: due[i] ?? '',
        billAmount: '',
        pending: pending === null ? amountText : `${Math.abs(pending) / 100} ${pending >= 0 ? 'Dr' : 'Cr'}`,
        pendingSide: '',
      },
      i + 1,
      options,
    );
    if (built === 'SETTLED') return;
    if ('problems' in built) out.rejected.push({ rowNumber: i + 1, cells: [textOf(bill.BILLPARTY), textOf(bill.BILLREF), textOf(bill.BILLDATE), amountText], problems: built.problems });
    else out.bills.push(built);
  });
}

const notTally = () => new AppError('E0001', 400, 'This XML is not a Tally export of masters (LEDGER, STOCKITEM) or of bills outstanding', { file: 'Not a Tally XML export' });
