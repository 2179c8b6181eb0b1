import { ACCOUNT_GROUPS, type AccountGroup, type VoucherKind } from 'shared-api';
import type { Database } from '../../db/database';
import { rupeeText } from './portal';
import { voucherLinesOf } from './repository';

/** Tally's voucher types for ours; a reversal is a journal that undoes the original. */
const VOUCHER_TYPES: Record<VoucherKind, string> = {
  SALES: 'Sales',
  PURCHASE: 'Purchase',
  CREDIT_NOTE: 'Credit Note',
  DEBIT_NOTE: 'Debit Note',
  RECEIPT: 'Receipt',
  PAYMENT: 'Payment',
  JOURNAL: 'Journal',
  CONTRA: 'Contra',
  REVERSAL: 'Journal',
};

/** Tax heads carry Tally's GST duty head, so Tally computes and reports them as GST. */
const GST_DUTY_HEADS: Readonly<Record<string, string>> = {
  OUTPUT_CGST: 'Central Tax',
  INPUT_CGST: 'Central Tax',
  OUTPUT_SGST: 'State Tax',
  INPUT_SGST: 'State Tax',
  OUTPUT_IGST: 'Integrated Tax',
  INPUT_IGST: 'Integrated Tax',
};

const PARTY_GROUPS: readonly string[] = ['SUNDRY_DEBTORS', 'SUNDRY_CREDITORS'];

/** Text and attribute values escaped for XML (names like "Shah & Sons" and narrations with quotes). */
export function xmlEscape(text: string): string {
  return (
    text
      // Characters XML 1.0 cannot carry at all are dropped rather than breaking the document.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const tag = (name: string, text: string) => `<${name}>${xmlEscape(text)}</${name}>`;

/** Tally's sign: a debit is a negative amount "deemed positive", a credit a positive amount. */
const tallyAmount = (debitPaise: number, creditPaise: number) => rupeeText(creditPaise - debitPaise);

/**
 * A bill-wise voucher (a receipt or payment whose party lines name the invoices or bills they settle, migration 037):
 * each party line's BILLALLOCATIONS.LIST, against its document or on account. Vouchers without such lines carry none.
 */
function billAllocation(
  billWise: boolean,
  l: { group_code: string; line_document_id: string | null; line_document_number: string | null; debit_paise: number; credit_paise: number },
): string[] {
  if (!billWise || !PARTY_GROUPS.includes(l.group_code)) return [];
  const against = l.line_document_id !== null;
  return [
    '<BILLALLOCATIONS.LIST>',
    ...(against ? [tag('NAME', l.line_document_number ?? l.line_document_id!)] : []),
    tag('BILLTYPE', against ? 'Agst Ref' : 'On Account'),
    tag('AMOUNT', tallyAmount(l.debit_paise, l.credit_paise)),
    '</BILLALLOCATIONS.LIST>',
  ];
}

function importData(report: string, messages: readonly string[]): string {
  return [
    '<IMPORTDATA>',
    `<REQUESTDESC>${tag('REPORTNAME', report)}</REQUESTDESC>`,
    '<REQUESTDATA>',
    ...messages.map((m) => `<TALLYMESSAGE xmlns:UDF="TallyUDF">${m}</TALLYMESSAGE>`),
    '</REQUESTDATA>',
    '</IMPORTDATA>',
  ].join('\n');
}

/**
 * The vouchers of a period as Tally's import XML: first the ledger masters they use (under Tally's own groups, so
 * importing into a fresh company works), then the vouchers, each line with Tally's sign.
 */
export async function tallyXml(db: Database, unitId: string, from: string, to: string): Promise<string> {
  const lines = await voucherLinesOf(db, unitId, from, to);
  const heads = new Map<string, { name: string; code: string; group: AccountGroup }>();
  type Voucher = { kind: VoucherKind; date: string; number: string | null; narration: string; lines: typeof lines };
  const vouchers = new Map<string, Voucher>();
  for (const l of lines) {
    heads.set(l.account_id, { name: l.name, code: l.code, group: l.group_code as AccountGroup });
    const v: Voucher = vouchers.get(l.id) ?? { kind: l.kind as VoucherKind, date: l.voucher_date, number: l.document_number, narration: l.narration, lines: [] };
    v.lines.push(l);
    vouchers.set(l.id, v);
  }

  const ledgers = [...heads.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((h) => {
      const duty = GST_DUTY_HEADS[h.code];
      return [
        `<LEDGER NAME="${xmlEscape(h.name)}" ACTION="Create">`,
        tag('NAME', h.name),
        tag('PARENT', ACCOUNT_GROUPS[h.group].name),
        ...(duty ? [tag('TAXTYPE', 'GST'), tag('GSTDUTYHEAD', duty)] : []),
        // Party heads keep bill-wise details in Tally, as its debtors and creditors normally do.
        ...(PARTY_GROUPS.includes(h.group) ? [tag('ISBILLWISEON', 'Yes')] : []),
        '</LEDGER>',
      ].join('');
    });

  const voucherXml = [...vouchers.values()].map((v) => {
    const type = VOUCHER_TYPES[v.kind];
    const party = v.lines.find((l) => PARTY_GROUPS.includes(l.group_code));
    const billWise = v.lines.some((l) => l.line_document_id !== null);
    return [
      `<VOUCHER VCHTYPE="${xmlEscape(type)}" ACTION="Create">`,
      tag('DATE', v.date.replace(/-/g, '')),
      tag('VOUCHERTYPENAME', type),
      ...(v.number ? [tag('VOUCHERNUMBER', v.number)] : []),
      ...(party ? [tag('PARTYLEDGERNAME', party.name)] : []),
      tag('NARRATION', v.narration),
      ...v.lines.map((l) =>
        [
          '<ALLLEDGERENTRIES.LIST>',
          tag('LEDGERNAME', l.name),
          tag('ISDEEMEDPOSITIVE', l.debit_paise > 0 ? 'Yes' : 'No'),
          tag('AMOUNT', tallyAmount(l.debit_paise, l.credit_paise)),
          ...billAllocation(billWise, l),
          '</ALLLEDGERENTRIES.LIST>',
        ].join(''),
      ),
      '</VOUCHER>',
    ].join('\n');
  });

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ENVELOPE>',
    `<HEADER>${tag('TALLYREQUEST', 'Import Data')}</HEADER>`,
    '<BODY>',
    importData('All Masters', ledgers),
    importData('Vouchers', voucherXml),
    '</BODY>',
    '</ENVELOPE>',
    '',
  ].join('\n');
}
