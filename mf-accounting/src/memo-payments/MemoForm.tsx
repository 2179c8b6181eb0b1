import { useId } from 'react';
import styled from 'styled-components';
import { MAX_DOCUMENT_BYTES, MEMO_KINDS, type CreateMemoPayment, type PartyDue, type PaymentRequest } from 'shared-api';
import { isApiError } from 'shared-auth';
import {
  Button,
  Card,
  Form,
  FormError,
  Select,
  SelectField,
  Stack,
  TextField,
  composeValidators,
  fieldError,
  parseRupees,
  required,
  theme,
  toSubmitErrors,
  toast,
  useField,
  useForm,
  validateMobile,
  type Validator,
} from 'shared-ui';
import { todayIst } from '../books-common/period';
import { MEMO_KIND_LABELS, type MemoKind } from './labels';
import { createMemo, readAsBase64, useDebtors } from './memo-payments-api';

type PhotoType = NonNullable<CreateMemoPayment['photo']>['mimeType'];

const KIND_OPTIONS = MEMO_KINDS.map((k) => ({ value: k, label: MEMO_KIND_LABELS[k] }));

const PHOTO_TYPES: readonly PhotoType[] = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
const isPhotoType = (type: string): type is PhotoType => (PHOTO_TYPES as readonly string[]).includes(type);
const MAX_PHOTO_MB = MAX_DOCUMENT_BYTES / (1024 * 1024);

export interface MemoValues {
  kind: MemoKind;
  partyAccountId?: string;
  partyName?: string;
  partyMobile?: string;
  memoNumber?: string;
  memoDate?: string;
  amount?: string;
  photo?: File;
}

const Label = styled.label`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.text};
`;
const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  min-width: 240px;
`;
const Note = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${({ $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

const validateAmount: Validator = composeValidators(required('Enter the memo amount'), (v) => {
  const paise = parseRupees(String(v));
  if (paise === null) return 'Enter an amount like 1,234.56';
  return paise > 0 ? undefined : 'The amount must be more than ₹0';
});

const validatePhoto = (file: File | undefined) => {
  if (!file) return undefined;
  if (!isPhotoType(file.type)) return 'Only PDF or image (JPEG, PNG, WebP) files';
  return file.size > MAX_DOCUMENT_BYTES ? `The file must be at most ${MAX_PHOTO_MB} MB` : undefined;
};

/** The party: one of the unit's debtors (choosing one fills the name, which stays editable) or nobody in the books. */
function DebtorPicker({ debtors, unavailable }: { debtors: readonly PartyDue[]; unavailable: boolean }) {
  const id = useId();
  const form = useForm<MemoValues>();
  const { input } = useField<string>('partyAccountId', { subscription: { value: true } });
  return (
    <Column>
      <Label htmlFor={id}>Party in your books</Label>
      <Select
        id={id}
        value={input.value ?? ''}
        placeholder="Not in my books: type the name"
        options={debtors.map((d) => ({ value: d.accountId, label: d.partyUnitCode ? `${d.partyName} (${d.partyUnitCode})` : d.partyName }))}
        disabled={unavailable}
        onChange={(e) => {
          const accountId = e.currentTarget.value;
          input.onChange(accountId || undefined);
          const debtor = debtors.find((d) => d.accountId === accountId);
          if (debtor) form.change('partyName', debtor.partyName);
        }}
      />
      {unavailable && <Note>Your parties could not be loaded: type the name.</Note>}
    </Column>
  );
}

/** A photo or scan of the paper memo, kept as a File until the form is sent. */
function PhotoField() {
  const id = useId();
  const { input, meta } = useField<File | undefined>('photo', { validate: validatePhoto, subscription: { value: true, error: true, touched: true, submitError: true, dirtySinceLastSubmit: true } });
  const error = meta.error ? String(meta.error) : fieldError(meta);
  return (
    <Column>
      <Label htmlFor={id}>Photo of the memo (optional)</Label>
      <input
        id={id}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => input.onChange(e.currentTarget.files?.[0])}
      />
      <Note id={`${id}-note`} $error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error ?? `JPEG, PNG, WebP or PDF, at most ${MAX_PHOTO_MB} MB`}
      </Note>
    </Column>
  );
}

/** The wire shape: rupees become paise (read exactly from the text), the photo base64. */
export async function toCreateMemo(values: MemoValues): Promise<CreateMemoPayment> {
  const photo = values.photo && isPhotoType(values.photo.type) ? { mimeType: values.photo.type, contentBase64: await readAsBase64(values.photo) } : undefined;
  return {
    kind: values.kind,
    ...(values.partyAccountId && { partyAccountId: values.partyAccountId }),
    partyName: values.partyName?.trim() ?? '',
    partyMobile: values.partyMobile?.trim() ?? '',
    memoNumber: values.memoNumber?.trim() ?? '',
    memoDate: values.memoDate ?? '',
    amountPaise: parseRupees(values.amount ?? '') ?? 0,
    ...(photo && { photo }),
  };
}

/**
 * The form that turns a paper memo into a payment request; `onCreated` gets the request (its QR and links). The
 * page keys it by the last memo created, so a fresh form follows each one.
 */
export function MemoForm({ onCreated }: { onCreated: (memo: PaymentRequest) => void }) {
  const debtors = useDebtors();

  async function submit(values: MemoValues) {
    try {
      const memo = await createMemo(await toCreateMemo(values));
      toast.success({ title: 'Memo ready to pay', message: `${MEMO_KIND_LABELS[values.kind]} ${memo.memo?.number ?? values.memoNumber}: share its QR or link with ${memo.payerName}.` });
      onCreated(memo);
      return undefined;
    } catch (err) {
      const errors = toSubmitErrors(err);
      // The one number a unit may use once: say so beside it (the API may or may not name the field).
      if (isApiError(err) && err.code === 'E0009') return { memoNumber: err.message, ...errors };
      return errors;
    }
  }

  return (
    <Form<MemoValues>
      onSubmit={submit}
      initialValues={{ kind: 'DELIVERY_MEMO', memoDate: todayIst() }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Memo to payment">
          <Card title="New memo">
            <Stack gap="sm">
              <Stack direction="row" gap="md" wrap>
                <SelectField name="kind" label="Memo" options={KIND_OPTIONS} />
                <TextField name="memoNumber" label="Memo number" validate={required('Enter the memo number')} maxLength={30} autoComplete="off" />
                <TextField name="memoDate" label="Memo date" type="date" validate={required('Choose the memo date')} />
                <TextField name="amount" label="Amount ₹" inputMode="decimal" autoComplete="off" validate={validateAmount} />
              </Stack>
              <Stack direction="row" gap="md" wrap>
                <DebtorPicker debtors={debtors.data?.parties ?? []} unavailable={Boolean(debtors.error && !debtors.data)} />
                <TextField name="partyName" label="Party name" validate={required('Party name is required')} maxLength={100} />
                <TextField name="partyMobile" label="Party mobile" hint="10 digits, without +91" inputMode="numeric" maxLength={10} validate={validateMobile} />
              </Stack>
              <PhotoField />
              <FormError />
              <div>
                <Button type="submit" loading={submitting}>
                  Create payment request
                </Button>
              </div>
            </Stack>
          </Card>
        </form>
      )}
    />
  );
}
