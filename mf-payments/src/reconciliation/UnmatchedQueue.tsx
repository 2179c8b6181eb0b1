import { useState } from 'react';
import type { UnmatchedPayment } from 'shared-api';
import { Button, DataTable, ErrorPanel, Form, FormError, Modal, Select, Spinner, Stack, formatDate, formatRupees, toSubmitErrors, toast, type DataTableColumn, type SelectOption } from 'shared-ui';
import { partyLabel } from '../payments-common/PartyDuesTable';
import { UNMATCHED_REASON_LABELS } from '../payments-common/labels';
import { allocateUnmatched, useDebtorHeads, usePartyDue, usePartyDues, useRevalidatePayments, useUnmatched } from '../payments-common/payments-api';
import { AllocationFields, allocationErrors, allocationOf, type AllocationValues } from '../payments-common/payment-fields';

// One object for every render: final-form starts over whenever initialValues change.
const OLDEST_FIRST: AllocationValues = { mode: 'OLDEST_FIRST' };

const describe = (p: UnmatchedPayment) => `${formatRupees(p.amountPaise)}${p.utr ? ` (UTR ${p.utr})` : ''}`;

/** The allocation of one queued payment, once its party is chosen: oldest first or against chosen invoices. */
function AllocationForm({ payment, partyAccountId, onDone }: { payment: UnmatchedPayment; partyAccountId: string; onDone: () => void }) {
  const party = usePartyDue('RECEIVABLE', partyAccountId);
  const revalidate = useRevalidatePayments();
  // A party with nothing open (or not in the dues list) can still take the money, on account: oldest first only.
  const documents = party.data?.documents ?? [];
  if (!party.data && !party.error) return <Spinner label="Loading the party's invoices" />;

  async function submit(values: AllocationValues) {
    try {
      const applied = await allocateUnmatched(payment.paymentId, { partyAccountId, allocation: allocationOf(values, documents) });
      toast.success({ title: 'Payment allocated', message: `${applied.number ?? 'The payment'}: ${formatRupees(applied.amountPaise)} from ${applied.partyName}` });
      void revalidate();
      onDone();
      return undefined;
    } catch (e) {
      return toSubmitErrors(e);
    }
  }
  return (
    <Form<AllocationValues>
      onSubmit={submit}
      validate={(values) => allocationErrors(values, documents, payment.amountPaise)}
      initialValues={OLDEST_FIRST}
      render={({ handleSubmit, submitting, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Allocate payment">
          <Stack gap="sm">
            <AllocationFields values={values} documents={documents} />
            <FormError />
            <div>
              <Button type="submit" loading={submitting}>
                Allocate
              </Button>
            </div>
          </Stack>
        </form>
      )}
    />
  );
}

/** Says whose money a queued payment is: a debtor with dues first, then any other Sundry Debtors head. */
function AllocateDialog({ payment, onClose }: { payment: UnmatchedPayment; onClose: () => void }) {
  const dues = usePartyDues('RECEIVABLE');
  const heads = useDebtorHeads();
  const [partyAccountId, setParty] = useState('');
  const owing = dues.data?.parties ?? [];
  const options: SelectOption[] = [
    ...owing.map((p) => ({ value: p.accountId, label: `${partyLabel(p)}: owes ${formatRupees(p.outstandingPaise)}`, group: 'Owe you' })),
    ...heads.filter((h) => !owing.some((p) => p.accountId === h.accountId)).map((h) => ({ value: h.accountId, label: h.name, group: 'Other debtors' })),
  ];
  return (
    <Modal open title={`Allocate ${describe(payment)}`} onClose={onClose}>
      <Stack gap="md">
        <p>
          {payment.payerName ?? 'Unknown payer'}
          {payment.payerVpa && ` (${payment.payerVpa})`} paid on {formatDate(payment.paidOn)}. {UNMATCHED_REASON_LABELS[payment.reason]}.
        </p>
        {dues.error && !dues.data && <ErrorPanel title="The parties that owe you could not be loaded" message={dues.error.message} onRetry={() => void dues.mutate()} />}
        <label>
          Party
          <Select aria-label="Party" placeholder="Choose the party who paid…" options={options} value={partyAccountId} onChange={(e) => setParty(e.currentTarget.value)} />
        </label>
        {partyAccountId && <AllocationForm key={partyAccountId} payment={payment} partyAccountId={partyAccountId} onDone={onClose} />}
      </Stack>
    </Modal>
  );
}

/**
 * Money in that no request explains (a payment to the static QR, a wrong amount, a line of the bank statement):
 * it waits here, outside the books, until a person says whose it is and what it pays.
 */
export function UnmatchedQueue() {
  const { data, error, mutate } = useUnmatched();
  const [allocating, setAllocating] = useState<UnmatchedPayment | null>(null);
  if (error && !data) return <ErrorPanel title="The unmatched payments could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading unmatched payments" />;
  const columns: readonly DataTableColumn<UnmatchedPayment>[] = [
    { key: 'paidOn', header: 'Date', render: (p) => formatDate(p.paidOn) },
    { key: 'amountPaise', header: 'Amount', align: 'right', render: (p) => formatRupees(p.amountPaise) },
    { key: 'utr', header: 'UTR', render: (p) => p.utr ?? '' },
    { key: 'payer', header: 'Payer', render: (p) => [p.payerName, p.payerVpa].filter(Boolean).join(' · ') },
    { key: 'reference', header: 'Reference', render: (p) => p.reference ?? '' },
    { key: 'reason', header: 'Why it waits', render: (p) => UNMATCHED_REASON_LABELS[p.reason] },
    {
      key: 'allocate',
      header: '',
      render: (p) => (
        <Button type="button" size="sm" variant="secondary" aria-label={`Allocate ${describe(p)}`} onClick={() => setAllocating(p)}>
          Allocate
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <p>
        Waiting to be allocated: <strong>{formatRupees(data.totalPaise)}</strong>
      </p>
      <DataTable label="Unmatched payments" columns={columns} rows={data.items} rowKey="paymentId" pageSize={Math.max(data.items.length, 1)} emptyMessage="Every payment received is allocated." />
      {allocating && <AllocateDialog payment={allocating} onClose={() => setAllocating(null)} />}
    </Stack>
  );
}
