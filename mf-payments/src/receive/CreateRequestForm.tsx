import type { CreatePaymentRequest, PartyDueDetail } from 'shared-api';
import { Button, Card, Form, FormError, Stack, TextField, formatRupees, parseRupees, toSubmitErrors, toast } from 'shared-ui';
import { createPaymentRequest, useRevalidatePayments } from '../payments-common/payments-api';
import { Grid, choosable } from '../payments-common/payment-fields';

interface Values {
  amount?: string;
  note?: string;
}

export interface CreateRequestFormProps {
  party: PartyDueDetail;
  /** The ticked invoices: the request is for them (their due, unless a smaller amount is typed). */
  chosenIds: readonly string[];
  onCreated: (requestId: string) => void;
  onCancel: () => void;
}

/** Asks a debtor to pay: a dynamic UPI QR and link for the chosen invoices or an amount, opened once made. */
export function CreateRequestForm({ party, chosenIds, onCreated, onCancel }: CreateRequestFormProps) {
  const revalidate = useRevalidatePayments();
  const chosen = choosable(party.documents).filter((d) => chosenIds.includes(d.documentId!));
  const chosenDue = chosen.reduce((s, d) => s + d.outstandingPaise, 0);

  function validate(values: Values) {
    const text = values.amount?.trim();
    if (!text) return chosen.length > 0 ? {} : { amount: 'Tick invoices above or enter an amount' };
    const paise = parseRupees(text);
    if (paise === null) return { amount: 'Enter an amount like 1,234.56' };
    if (paise <= 0) return { amount: 'The amount must be more than ₹0' };
    return {};
  }

  async function submit(values: Values) {
    const amount = values.amount?.trim();
    const body: CreatePaymentRequest = {
      partyAccountId: party.accountId,
      invoiceIds: chosen.map((d) => d.documentId!),
      ...(amount && { amountPaise: parseRupees(amount) ?? 0 }),
      ...(values.note?.trim() && { note: values.note.trim() }),
    };
    try {
      const request = await createPaymentRequest(body);
      toast.success({ title: 'Payment request created', message: `${request.reference}: ${formatRupees(request.amountPaise)} from ${request.payerName}` });
      void revalidate();
      onCreated(request.requestId);
      return undefined;
    } catch (e) {
      return toSubmitErrors(e);
    }
  }

  return (
    <Card title={`Request a payment from ${party.partyName}`}>
      <Form<Values>
        onSubmit={submit}
        validate={validate}
        initialValues={{ amount: '', note: '' }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Request payment">
            <Stack gap="sm">
              <p>
                {chosen.length > 0
                  ? `For ${chosen.map((d) => d.documentNumber ?? d.documentType).join(', ')}: ${formatRupees(chosenDue)} due.`
                  : 'No invoice is ticked: the request is for the amount you enter.'}
              </p>
              <Grid>
                <TextField
                  name="amount"
                  label="Amount to request"
                  hint={chosen.length > 0 ? 'Leave blank for all that is due, or enter less for a part payment' : 'In rupees'}
                  inputMode="decimal"
                  autoComplete="off"
                />
                <TextField name="note" label="Note for the payer (optional)" maxLength={50} autoComplete="off" />
              </Grid>
              <FormError />
              <Stack direction="row" gap="sm">
                <Button type="submit" loading={submitting}>
                  Create request
                </Button>
                <Button type="button" variant="ghost" onClick={onCancel} disabled={submitting}>
                  Cancel
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      />
    </Card>
  );
}
