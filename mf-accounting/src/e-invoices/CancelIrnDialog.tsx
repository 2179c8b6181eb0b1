import { CancelIrn, IRN_CANCEL_REASONS, IRN_CANCEL_WINDOW_HOURS, type EInvoiceState } from 'shared-api';
import { Button, Form, FormError, Modal, SelectField, Stack, TextField, formatDateTime, toSubmitErrors, toast } from 'shared-ui';
import { cancelIrn } from './e-invoices-api';

interface Values {
  reasonCode?: string;
  remark?: string;
}

const REASON_OPTIONS = Object.entries(IRN_CANCEL_REASONS).map(([value, label]) => ({ value, label }));

/** The contract's own messages under the fields, before anything is sent (the API answers the same ones). */
function validate(values: Values) {
  // An untouched remark is empty, not missing: it gets the contract's "Say why" rather than a type error.
  const parsed = CancelIrn.safeParse({ ...values, remark: values.remark ?? '' });
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

/**
 * Cancels a registered IRN on the portal, with one of the portal's reasons and a remark, within
 * IRN_CANCEL_WINDOW_HOURS of its acknowledgement; the API cancels the document in the books with it.
 */
export function CancelIrnDialog({ eInvoice, onClose, onCancelled }: { eInvoice: EInvoiceState; onClose: () => void; onCancelled: (next: EInvoiceState) => unknown }) {
  async function submit(values: Values) {
    try {
      const next = await cancelIrn(eInvoice.id, CancelIrn.parse(values));
      toast.success({ title: 'IRN cancelled', message: `${eInvoice.documentNumber} is cancelled on the portal and in the books.` });
      await onCancelled(next);
      onClose();
      return undefined;
    } catch (err) {
      return toSubmitErrors(err);
    }
  }
  return (
    <Modal open title={`Cancel the IRN of ${eInvoice.documentNumber}?`} onClose={onClose}>
      <Form<Values>
        onSubmit={submit}
        validate={validate}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Cancel IRN">
            <Stack gap="md">
              <p>
                {`The portal cancels an IRN only within ${IRN_CANCEL_WINDOW_HOURS} hours of its acknowledgement`}
                {eInvoice.cancellableUntil ? ` (until ${formatDateTime(eInvoice.cancellableUntil)})` : ''}
                {`. ${eInvoice.documentNumber} is then cancelled in the books too, and its number is not used again.`}
              </p>
              <SelectField name="reasonCode" label="Reason" options={REASON_OPTIONS} placeholder="Choose a reason" />
              <TextField name="remark" label="Remark" maxLength={100} placeholder="Invoice raised twice for the same order" />
              <FormError />
              <Stack direction="row" gap="sm" justify="flex-end" wrap>
                <Button type="button" variant="secondary" onClick={onClose}>
                  Keep it
                </Button>
                <Button type="submit" variant="danger" loading={submitting}>
                  Cancel IRN
                </Button>
              </Stack>
            </Stack>
          </form>
        )}
      />
    </Modal>
  );
}
