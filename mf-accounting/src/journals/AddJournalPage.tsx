import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { type JournalInput } from 'shared-api';
import { isApiError } from 'shared-auth';
import {
  Button,
  Card,
  DetailList,
  ErrorPanel,
  FORM_ERROR,
  Form,
  FormError,
  SelectField,
  Spinner,
  Stack,
  TextField,
  composeValidators,
  formatRupees,
  parseRupees,
  required,
  theme,
  toSubmitErrors,
  toast,
  type Validator,
} from 'shared-ui';
import { todayIst } from '../books-common/period';
import { useRevalidateBooks } from '../books-common/revalidate';
import { headOptions, useHeadsTree } from '../heads/heads-api';
import { JOURNALS_DASHBOARD_PATH, postJournal } from './journals-api';

interface LineValues {
  accountId?: string;
  debit?: string;
  credit?: string;
}
interface Values {
  date?: string;
  narration?: string;
  lines: LineValues[];
}

const LineGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(220px, 2fr) minmax(120px, 1fr) minmax(120px, 1fr) auto;
  gap: ${theme.space.sm};
  align-items: start;
  /* On a phone a line is the head on its own row, then debit, credit and Remove (issue 38 item 2). */
  @media ${theme.media.phone} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
    & > :first-child {
      grid-column: 1 / -1;
    }
  }
`;
const RemoveCell = styled.div`
  padding-top: 22px;
`;
const Difference = styled.dd<{ $balanced: boolean }>`
  font-weight: ${theme.fontWeights.bold};
  color: ${({ $balanced }) => ($balanced ? theme.colors.success : theme.colors.danger)};
`;

const AMOUNT_MESSAGE = 'Enter an amount like 1,234.56';
const EMPTY_LINE: LineValues = {};

/** Paise of a typed amount; a blank box is nothing (0), a bad one is null. */
const amountOf = (text: string | undefined): number | null => (text?.trim() ? parseRupees(text) : 0);

const validateNarration: Validator = composeValidators(required('Say what the entry is for'), (v) => (String(v).trim().length < 3 ? 'Say what the entry is for' : undefined));

/** Per-line problems: a bad amount, or both sides or neither side filled. */
function validate(values: Values) {
  const lines = values.lines.map((l) => {
    const debit = amountOf(l.debit);
    const credit = amountOf(l.credit);
    const errors: LineValues = {};
    if (!l.accountId) errors.accountId = 'Choose a head';
    if (debit === null) errors.debit = AMOUNT_MESSAGE;
    if (credit === null) errors.credit = AMOUNT_MESSAGE;
    if (debit !== null && credit !== null && (debit > 0) === (credit > 0)) errors.credit = debit > 0 ? 'A debit or a credit, not both' : 'Enter a debit or a credit';
    return errors;
  });
  return lines.some((l) => Object.keys(l).length > 0) ? { lines } : {};
}

/** Running totals; the entry may be saved only when it has 2 or more good lines and debits equal credits. */
function totalsOf(values: Values) {
  let debit = 0;
  let credit = 0;
  for (const l of values.lines) {
    debit += amountOf(l.debit) ?? 0;
    credit += amountOf(l.credit) ?? 0;
  }
  return { debit, credit, difference: debit - credit };
}

/** The wire shape: rupees typed by a person become integer paise, read exactly from the text. */
export function toJournalInput(values: Values): JournalInput {
  return {
    date: values.date ?? '',
    narration: values.narration?.trim() ?? '',
    lines: values.lines.map((l) => ({ accountId: l.accountId ?? '', debitPaise: amountOf(l.debit) ?? 0, creditPaise: amountOf(l.credit) ?? 0 })),
  };
}

/** journals/add: a manual journal (expenses, adjustments, opening balances) between any heads. */
export function AddJournalPage() {
  const navigate = useNavigate();
  const revalidate = useRevalidateBooks();
  const heads = useHeadsTree();

  if (heads.error && !heads.data) return <ErrorPanel title="The account heads could not be loaded" message={heads.error.message} onRetry={() => void heads.mutate()} />;
  if (!heads.data) return <Spinner label="Loading account heads" />;
  const options = headOptions(heads.data);

  async function submit(values: Values) {
    try {
      const voucher = await postJournal(toJournalInput(values));
      toast.success({ title: 'Journal entry saved', message: voucher.documentNumber ? `Voucher ${voucher.documentNumber} is in the books.` : 'The entry is in the books.' });
      void revalidate();
      navigate(JOURNALS_DASHBOARD_PATH);
      return undefined;
    } catch (err) {
      const errors = toSubmitErrors(err);
      // A closed year or a date outside the allowed range is about the date: say so beside it too.
      if (isApiError(err) && (err.code === 'E0012' || err.code === 'E0022')) return { ...errors, date: err.message };
      if (isApiError(err) && err.code === 'E0011') return { ...errors, [FORM_ERROR]: `${err.message}: debits must equal credits.` };
      return errors;
    }
  }

  return (
    <Form<Values>
      onSubmit={submit}
      validate={validate}
      initialValues={{ date: todayIst(), narration: '', lines: [EMPTY_LINE, EMPTY_LINE] }}
      render={({ handleSubmit, submitting, values, form }) => {
        const totals = totalsOf(values);
        const balanced = values.lines.length >= 2 && totals.debit > 0 && totals.difference === 0 && Object.keys(validate(values)).length === 0;
        return (
          <form onSubmit={handleSubmit} noValidate aria-label="Journal entry">
            <Stack gap="md">
              <Card title="Entry">
                <Stack gap="md">
                  <Stack direction="row" gap="md" wrap>
                    <TextField name="date" label="Date" type="date" validate={required('Choose the date')} />
                    <TextField name="narration" label="Narration" placeholder="What the entry is for" validate={validateNarration} maxLength={500} />
                  </Stack>
                </Stack>
              </Card>
              <Card title="Lines">
                <Stack gap="sm">
                  {values.lines.map((_, i) => (
                    <LineGrid key={i}>
                      <SelectField name={`lines[${i}].accountId`} label={`Head (line ${i + 1})`} placeholder="Choose a head…" options={options} />
                      <TextField name={`lines[${i}].debit`} label={`Debit ₹ (line ${i + 1})`} inputMode="decimal" autoComplete="off" />
                      <TextField name={`lines[${i}].credit`} label={`Credit ₹ (line ${i + 1})`} inputMode="decimal" autoComplete="off" />
                      <RemoveCell>
                        {values.lines.length > 2 && (
                          <Button type="button" size="sm" variant="ghost" aria-label={`Remove line ${i + 1}`} onClick={() => form.change('lines', values.lines.filter((__, j) => j !== i))}>
                            Remove
                          </Button>
                        )}
                      </RemoveCell>
                    </LineGrid>
                  ))}
                  <div>
                    <Button type="button" variant="secondary" size="sm" onClick={() => form.change('lines', [...values.lines, EMPTY_LINE])}>
                      Add a line
                    </Button>
                  </div>
                </Stack>
              </Card>
              <DetailList aria-label="Totals">
                <dt>Debits</dt>
                <dd>{formatRupees(totals.debit)}</dd>
                <dt>Credits</dt>
                <dd>{formatRupees(totals.credit)}</dd>
                <dt>Difference</dt>
                <Difference $balanced={totals.difference === 0}>{formatRupees(Math.abs(totals.difference))}</Difference>
              </DetailList>
              <FormError />
              <Stack direction="row" gap="sm">
                <Button type="submit" loading={submitting} disabled={!balanced}>
                  Save
                </Button>
                <Button type="button" variant="secondary" onClick={() => navigate(JOURNALS_DASHBOARD_PATH)}>
                  Cancel
                </Button>
              </Stack>
            </Stack>
          </form>
        );
      }}
    />
  );
}
