import { useRef, useState } from 'react';
import type { AllocationLine, AllocationPreview, PartyDueDetail, RecordPayment } from 'shared-api';
import { Button, Card, DataTable, DetailList, Form, FormError, Stack, TextField, formatDate, formatRupees, parseRupees, toSubmitErrors, toast, type DataTableColumn } from 'shared-ui';
import { previewPayment, recordPayment, todayIst, useRevalidatePayments } from './payments-api';
import { AllocationFields, InstrumentFields, allocationErrors, allocationOf, choosable, instrumentErrors, instrumentOf, rupeesText, type AllocationValues, type InstrumentValues } from './payment-fields';

type Values = InstrumentValues & AllocationValues & { note?: string };

const PREVIEW_COLUMNS: readonly DataTableColumn<AllocationLine & { key: string }>[] = [
  { key: 'documentNumber', header: 'Document', render: (l) => (l.target === 'ON_ACCOUNT' ? 'On account (advance)' : (l.documentNumber ?? '')) },
  { key: 'documentDate', header: 'Date', render: (l) => (l.documentDate ? formatDate(l.documentDate) : '') },
  { key: 'duePaise', header: 'Due', align: 'right', render: (l) => (l.duePaise === null ? '' : formatRupees(l.duePaise)) },
  { key: 'amountPaise', header: 'Set against it', align: 'right', render: (l) => formatRupees(l.amountPaise) },
];

/** How the API will split a payment: a document per line, and what is left on account. */
export function AllocationPreviewTable({ preview }: { preview: AllocationPreview }) {
  return (
    <Stack gap="sm">
      <DetailList aria-label="Allocation summary">
        <dt>Party</dt>
        <dd>{preview.partyName}</dd>
        <dt>Payment</dt>
        <dd>{formatRupees(preview.amountPaise)}</dd>
        <dt>Kept on account</dt>
        <dd>{formatRupees(preview.onAccountPaise)}</dd>
      </DetailList>
      <DataTable
        label="Allocation preview"
        columns={PREVIEW_COLUMNS}
        rows={preview.lines.map((l, i) => ({ ...l, key: `${i}` }))}
        rowKey="key"
        pageSize={Math.max(preview.lines.length, 1)}
        emptyMessage="Nothing is set against a document."
      />
    </Stack>
  );
}

export interface RecordPaymentFormProps {
  direction: RecordPayment['direction'];
  party: PartyDueDetail;
  /** Documents ticked in the party's list: the allocation starts as those, each for what is due on it. */
  chosenIds: readonly string[];
  onDone: () => void;
}

/**
 * A payment the unit received from (or paid to) the party, by UPI with its UTR, cash, cheque or bank transfer,
 * set against its documents oldest first or as chosen. "Preview allocation" asks the API how it would split the
 * payment without writing anything; "Record payment" posts it (the voucher comes back numbered).
 */
export function RecordPaymentForm({ direction, party, chosenIds, onDone }: RecordPaymentFormProps) {
  const revalidate = useRevalidatePayments();
  const intent = useRef<'preview' | 'record'>('record');
  const [preview, setPreview] = useState<{ key: string; result: AllocationPreview } | null>(null);
  const open = choosable(party.documents);
  const chosen = open.filter((d) => chosenIds.includes(d.documentId!));
  // Made once: final-form starts over whenever initialValues change (shallowly), and `items` is an array.
  const [initialValues] = useState<Values>(() => ({
    method: 'UPI',
    paidOn: todayIst(),
    amount: rupeesText(chosen.length > 0 ? chosen.reduce((s, d) => s + d.outstandingPaise, 0) : Math.max(party.outstandingPaise, 0)),
    mode: chosen.length > 0 ? 'CHOSEN' : 'OLDEST_FIRST',
    items: open.map((d) => (chosenIds.includes(d.documentId!) ? rupeesText(d.outstandingPaise) : '')),
    note: '',
  }));

  const bodyOf = (values: Values): RecordPayment => ({
    direction,
    partyAccountId: party.accountId,
    ...instrumentOf(values),
    allocation: allocationOf(values, party.documents),
    ...(values.note?.trim() && { note: values.note.trim() }),
  });

  const validate = (values: Values) => ({ ...instrumentErrors(values), ...allocationErrors(values, party.documents, parseRupees(values.amount ?? '')) });

  async function submit(values: Values) {
    const body = bodyOf(values);
    try {
      if (intent.current === 'preview') {
        setPreview({ key: JSON.stringify(body), result: await previewPayment(body) });
        return undefined;
      }
      const payment = await recordPayment(body);
      // Paid to a platform unit: a claim that unit confirms before it is in either book (issue 39).
      toast.success(
        payment.status === 'CLAIMED'
          ? { title: 'Payment claimed', message: `${formatRupees(payment.amountPaise)} to ${payment.partyName}: it is in your books once ${payment.partyName} confirms the money reached them` }
          : { title: 'Payment recorded', message: `${payment.number ?? 'The payment'}: ${formatRupees(payment.amountPaise)} ${direction === 'RECEIVED' ? 'from' : 'to'} ${payment.partyName}` },
      );
      void revalidate();
      onDone();
      return undefined;
    } catch (e) {
      return toSubmitErrors(e);
    }
  }

  return (
    <Card title={direction === 'RECEIVED' ? `Record a payment from ${party.partyName}` : `Record a payment to ${party.partyName}`}>
      <Form<Values>
        onSubmit={submit}
        validate={validate}
        initialValues={initialValues}
        render={({ handleSubmit, submitting, values }) => {
          const current = preview && preview.key === JSON.stringify(bodyOf(values)) ? preview.result : null;
          return (
            <form onSubmit={handleSubmit} noValidate aria-label="Record payment">
              <Stack gap="sm">
                <InstrumentFields values={values} />
                <AllocationFields values={values} documents={party.documents} />
                <TextField name="note" label="Note (optional)" maxLength={200} autoComplete="off" />
                <FormError />
                {current && <AllocationPreviewTable preview={current} />}
                <Stack direction="row" gap="sm" wrap>
                  <Button type="submit" variant="secondary" disabled={submitting} onClick={() => (intent.current = 'preview')}>
                    Preview allocation
                  </Button>
                  <Button type="submit" loading={submitting && intent.current === 'record'} disabled={submitting} onClick={() => (intent.current = 'record')}>
                    Record payment
                  </Button>
                  <Button type="button" variant="ghost" onClick={onDone} disabled={submitting}>
                    Cancel
                  </Button>
                </Stack>
              </Stack>
            </form>
          );
        }}
      />
    </Card>
  );
}
