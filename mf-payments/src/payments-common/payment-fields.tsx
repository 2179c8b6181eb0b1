import styled from 'styled-components';
import { PAYMENT_METHODS, Utr, type AllocationChoice, type OpenDocument, type PaymentMethod } from 'shared-api';
import { SelectField, TextField, formatRupees, parseRupees, theme } from 'shared-ui';
import { METHOD_LABELS } from './labels';

/** What a person types for a payment: the instrument, the amount in rupees and the day it was paid. */
export interface InstrumentValues {
  method: PaymentMethod;
  utr?: string;
  chequeNumber?: string;
  amount?: string;
  paidOn?: string;
}

/** OLDEST_FIRST, or CHOSEN with a rupee amount per open document (by its position in the party's list). */
export interface AllocationValues {
  mode: AllocationChoice['mode'];
  items?: (string | undefined)[];
}

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${theme.space.sm};
  align-items: start;
`;

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }));
const AMOUNT_MESSAGE = 'Enter an amount like 1,234.56';
const UTR_MESSAGE = Utr.safeParse('').error?.issues[0]?.message ?? 'The UPI reference (UTR) is the 12-digit number in the payment app';

/** Paise as the plain text an amount box is prefilled with: 123450 → "1234.50". */
export const rupeesText = (paise: number) => `${Math.trunc(paise / 100)}.${String(Math.abs(paise % 100)).padStart(2, '0')}`;

const needsUtr = (method: PaymentMethod) => method === 'UPI' || method === 'BANK_TRANSFER';

/** The same rules as the API's (shared-api's instrument rule), said beside the field before anything is sent. */
export function instrumentErrors(values: InstrumentValues): Partial<Record<keyof InstrumentValues, string>> {
  const errors: Partial<Record<keyof InstrumentValues, string>> = {};
  if (needsUtr(values.method) && !Utr.safeParse(values.utr ?? '').success) errors.utr = UTR_MESSAGE;
  if (values.method === 'CHEQUE' && !/^\d{6}$/.test(values.chequeNumber?.trim() ?? '')) errors.chequeNumber = 'A cheque number is 6 digits';
  const paise = parseRupees(values.amount ?? '');
  if (!values.amount?.trim()) errors.amount = 'Enter the amount paid';
  else if (paise === null) errors.amount = AMOUNT_MESSAGE;
  else if (paise <= 0) errors.amount = 'The amount must be more than ₹0';
  if (!values.paidOn) errors.paidOn = 'Choose the date it was paid';
  return errors;
}

/** The wire fields: a UTR only for UPI and bank transfers, a cheque number only for cheques. */
export function instrumentOf(values: InstrumentValues) {
  return {
    method: values.method,
    ...(needsUtr(values.method) && { utr: values.utr?.trim() ?? '' }),
    ...(values.method === 'CHEQUE' && { chequeNumber: values.chequeNumber?.trim() ?? '' }),
    amountPaise: parseRupees(values.amount ?? '') ?? 0,
    paidOn: values.paidOn ?? '',
  };
}

/** Method, UTR or cheque number (as the method needs), amount and date. */
export function InstrumentFields({ values }: { values: InstrumentValues }) {
  return (
    <Grid>
      <SelectField name="method" label="Method" options={METHOD_OPTIONS} />
      {needsUtr(values.method) && <TextField name="utr" label="UTR" hint="The 12-digit reference in the payment app" inputMode="numeric" autoComplete="off" maxLength={12} />}
      {values.method === 'CHEQUE' && <TextField name="chequeNumber" label="Cheque number" inputMode="numeric" autoComplete="off" maxLength={6} />}
      <TextField name="amount" label="Amount" hint="In rupees" inputMode="decimal" autoComplete="off" />
      <TextField name="paidOn" label="Date paid" type="date" />
    </Grid>
  );
}

const ALLOCATION_OPTIONS = [
  { value: 'OLDEST_FIRST', label: 'Oldest open documents first' },
  { value: 'CHOSEN', label: 'The documents I choose' },
];

/** Documents a payment can be set against by hand (opening balances and the like have no document). */
export const choosable = (documents: readonly OpenDocument[]) => documents.filter((d) => d.documentId && d.outstandingPaise > 0);

const documentName = (d: OpenDocument) => d.documentNumber ?? d.documentType;

/** How a payment is set against the party's documents; CHOSEN asks an amount per document. */
export function AllocationFields({ values, documents }: { values: AllocationValues; documents: readonly OpenDocument[] }) {
  const open = choosable(documents);
  return (
    <>
      <SelectField name="mode" label="Allocation" options={open.length > 0 ? ALLOCATION_OPTIONS : ALLOCATION_OPTIONS.slice(0, 1)} />
      {values.mode === 'CHOSEN' && (
        <Grid>
          {open.map((d, i) => (
            <TextField key={d.voucherId} name={`items[${i}]`} label={`Pay against ${documentName(d)}`} hint={`Due ${formatRupees(d.outstandingPaise)}`} inputMode="decimal" autoComplete="off" />
          ))}
        </Grid>
      )}
    </>
  );
}

/** Per-document problems of a CHOSEN allocation (the API refuses more than a document's due). */
export function allocationErrors(values: AllocationValues, documents: readonly OpenDocument[], amountPaise: number | null): Record<string, unknown> {
  if (values.mode !== 'CHOSEN') return {};
  const open = choosable(documents);
  const items = open.map((d, i) => {
    const text = values.items?.[i]?.trim();
    if (!text) return undefined;
    const paise = parseRupees(text);
    if (paise === null) return AMOUNT_MESSAGE;
    if (paise > d.outstandingPaise) return `At most ${formatRupees(d.outstandingPaise)} is due`;
    return undefined;
  });
  if (items.some(Boolean)) return { items };
  const chosen = allocationOf(values, documents);
  if (chosen.mode === 'CHOSEN' && chosen.items.length === 0) return { mode: 'Enter an amount against at least one document' };
  if (chosen.mode === 'CHOSEN' && amountPaise !== null && chosen.items.reduce((s, x) => s + x.amountPaise, 0) > amountPaise) {
    return { mode: 'The documents’ amounts add up to more than the payment' };
  }
  return {};
}

export function allocationOf(values: AllocationValues, documents: readonly OpenDocument[]): AllocationChoice {
  if (values.mode !== 'CHOSEN') return { mode: 'OLDEST_FIRST' };
  const items = choosable(documents).flatMap((d, i) => {
    const paise = parseRupees(values.items?.[i] ?? '');
    return paise && paise > 0 ? [{ documentId: d.documentId!, amountPaise: paise }] : [];
  });
  return { mode: 'CHOSEN', items };
}
