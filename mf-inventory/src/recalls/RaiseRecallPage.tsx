import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import {
  NewRecall,
  RECALL_ACTIONS,
  RECALL_ACTION_LABELS,
  RECALL_DOCUMENT_MAX_BYTES,
  RECALL_PATHS,
  RECALL_REASONS,
  RECALL_REASON_LABELS,
  type RecallProductMatches,
} from 'shared-api';
import { isApiError } from 'shared-auth';
import {
  Button,
  ButtonLink,
  Card,
  ConfirmDialog,
  Form,
  FormError,
  SelectField,
  Stack,
  TextField,
  TextInput,
  fieldError,
  formatCount,
  formatDate,
  theme,
  toast,
  useField,
  useForm,
} from 'shared-ui';
import { batchesText, matchProducts, raiseRecall, uploadRecallDocument } from './recalls-api';

type Candidate = RecallProductMatches['candidates'][number];

interface Values {
  productName?: string;
  manufacturer?: string;
  productId?: string;
  batchMode: 'numbers' | 'expiry';
  batchNos?: string;
  expiryUpTo?: string;
  reason?: string;
  action?: string;
  sourceMode: 'notice' | 'letter';
  noticeNumber?: string;
  noticeDate?: string;
  note?: string;
}

const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;
const ErrorLine = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;
const Fieldset = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  legend {
    font-weight: ${theme.fontWeights.bold};
    margin-bottom: ${theme.space.xs};
  }
`;
const Area = styled.textarea`
  width: 100%;
  min-height: 80px;
  padding: ${theme.space.sm} ${theme.space.md};
  font: inherit;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
`;

/** Batch numbers as typed: one per line or separated by commas or semicolons (a batch may contain spaces). */
export const splitBatchNos = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/[\n,;]+/)
    .map((b) => b.trim())
    .filter(Boolean);

/** The form's values as the contract wants them; the letter's id is filled in once uploaded. */
function toInput(v: Values, letterDocumentId: string | null) {
  const byNotice = v.sourceMode === 'notice';
  return {
    productId: v.productId ?? '',
    batchNos: v.batchMode === 'numbers' ? splitBatchNos(v.batchNos) : [],
    expiryUpTo: v.batchMode === 'expiry' ? v.expiryUpTo || null : null,
    reason: v.reason,
    action: v.action,
    source: { noticeNumber: byNotice ? v.noticeNumber?.trim() || null : null, noticeDate: byNotice ? v.noticeDate || null : null, letterDocumentId: byNotice ? null : letterDocumentId },
    note: v.note?.trim() || null,
  };
}

// A stand-in id while the letter is still a file on the screen: the contract checks the rest of the form with it.
const PENDING_LETTER = '00000000-0000-4000-8000-000000000000';

/** Which form field shows each contract message. */
function fieldOf(path: readonly PropertyKey[]): keyof Values | 'letter' {
  const [first, second] = path;
  if (first === 'source') return second === 'noticeDate' ? 'noticeDate' : 'noticeNumber';
  if (first === 'batchNos') return 'batchNos';
  if (first === 'expiryUpTo') return 'expiryUpTo';
  return (first as keyof Values) ?? 'note';
}

function Radio({ name, value, label }: { name: string; value: string; label: string }) {
  const { input } = useField(name, { type: 'radio', value });
  return (
    <label>
      <input {...input} type="radio" /> {label}
    </label>
  );
}

/** The product of the notice: its name (and maker) matched like search, the person confirming one when several fit. */
function ProductPicker() {
  const form = useForm<Values>();
  const name = useField<string>('productName');
  const maker = useField<string>('manufacturer');
  const productId = useField<string>('productId');
  const [matches, setMatches] = useState<RecallProductMatches | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function find() {
    const typed = (name.input.value ?? '').trim();
    if (typed.length < 2) {
      setProblem('Enter at least 2 letters of the product name');
      return;
    }
    setBusy(true);
    setProblem(null);
    form.change('productId', undefined);
    try {
      const found = await matchProducts({ name: typed, manufacturer: maker.input.value?.trim() || undefined });
      setMatches(found);
      const only = found.candidates.length === 1 ? found.candidates[0] : undefined;
      if (found.exact && only) form.change('productId', only.productId);
      if (found.candidates.length === 0) setProblem('No product in the master matches: check the spelling, or leave out the manufacturer.');
    } catch (e) {
      setProblem(isApiError(e) ? e.message : 'The products could not be looked up. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const chosen = matches?.candidates.find((c) => c.productId === productId.input.value);
  const error = fieldError(productId.meta);
  const describe = (c: Candidate) => `${c.name}${c.pack ? ` (${c.pack})` : ''} · ${c.manufacturer} · ${formatCount(c.holders, 'holder')}`;
  return (
    <Fieldset>
      <legend>Product</legend>
      <TextField name="productName" label="Product name (as the notice prints it)" autoComplete="off" />
      <TextField name="manufacturer" label="Manufacturer" hint="Narrows the match" autoComplete="off" />
      <div>
        <Button type="button" variant="secondary" loading={busy} onClick={() => void find()}>
          Find product
        </Button>
      </div>
      {problem && <ErrorLine role="alert">{problem}</ErrorLine>}
      {matches && matches.candidates.length > 0 && (matches.exact && matches.candidates.length === 1 ? (
        <p role="status" style={{ margin: 0 }}>
          Matched: <strong>{describe(matches.candidates[0]!)}</strong>
        </p>
      ) : (
        <Fieldset aria-label="Which product does the notice mean?">
          <legend>Which product does the notice mean?</legend>
          {matches.candidates.map((c) => (
            <Radio key={c.productId} name="productId" value={c.productId} label={describe(c)} />
          ))}
        </Fieldset>
      ))}
      {chosen && !(matches?.exact && matches.candidates.length === 1) && <Muted role="status">Chosen: {describe(chosen)}</Muted>}
      {error && <ErrorLine role="alert">{error}</ErrorLine>}
    </Fieldset>
  );
}

function BatchNosField() {
  const { input, meta } = useField<string>('batchNos');
  const error = fieldError(meta);
  return (
    <Stack gap="xs">
      <label htmlFor="recall-batch-nos">Batch numbers</label>
      <Area {...input} id="recall-batch-nos" aria-invalid={Boolean(error) || undefined} aria-describedby={error ? 'recall-batch-nos-error' : 'recall-batch-nos-hint'} />
      {error ? (
        <ErrorLine id="recall-batch-nos-error" role="alert">
          {error}
        </ErrorLine>
      ) : (
        <Muted id="recall-batch-nos-hint">One per line, or separated by commas. Case, spaces and punctuation do not matter.</Muted>
      )}
    </Stack>
  );
}

const NoteField = () => {
  const { input } = useField<string>('note');
  return (
    <Stack gap="xs">
      <label htmlFor="recall-note">Note for holders (optional)</label>
      <Area {...input} id="recall-note" maxLength={500} />
    </Stack>
  );
};

/**
 * stocks/recalls/new (issue 35): a recall of one product's batches (by number, or every batch up to an expiry), why,
 * on whose word (a regulator's notice, or the manufacturer's letter as a PDF) and what holders must do. Raising it
 * blocks sale of those batches everywhere at once, so it is confirmed first.
 */
export function RaiseRecallPage() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [letter, setLetter] = useState<File | null>(null);
  const [letterProblem, setLetterProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<{ values: Values; summary: string } | null>(null);

  function validate(v: Values) {
    const parsed = NewRecall.safeParse(toInput(v, letter ? PENDING_LETTER : null));
    const errors: Partial<Record<keyof Values, string>> = {};
    if (!v.productId) errors.productId = 'Find the product and choose it';
    if (v.batchMode === 'numbers' && splitBatchNos(v.batchNos).length === 0) errors.batchNos = 'Enter the batch numbers';
    if (v.batchMode === 'expiry' && !v.expiryUpTo) errors.expiryUpTo = 'Choose the last expiry day the recall covers';
    if (v.sourceMode === 'notice') {
      if (!v.noticeNumber?.trim()) errors.noticeNumber = 'Enter the notice number';
      if (!v.noticeDate) errors.noticeDate = 'Enter the notice date';
    }
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path);
        if (field === 'letter' || field === 'productId' || (field === 'noticeNumber' && v.sourceMode === 'letter')) continue;
        errors[field] ??= issue.message;
      }
    }
    return errors;
  }

  function pickLetter(file: File | undefined) {
    setLetter(null);
    setLetterProblem(null);
    if (!file) return;
    if (file.size > RECALL_DOCUMENT_MAX_BYTES) setLetterProblem(`The letter is larger than ${RECALL_DOCUMENT_MAX_BYTES / 1048576} MB.`);
    else if (file.type && file.type !== 'application/pdf' && !file.type.startsWith('image/')) setLetterProblem('The letter must be a PDF or an image.');
    else setLetter(file);
  }

  async function raise() {
    if (!pending) return;
    const letterId = pending.values.sourceMode === 'letter' && letter ? (await uploadRecallDocument('LETTER', letter)).documentId : null;
    const recall = await raiseRecall(NewRecall.parse(toInput(pending.values, letterId)));
    setPending(null);
    toast.success({
      title: `Recall ${recall.recallNumber} raised`,
      message: `${formatCount(recall.counts.holders, 'holder')} and ${formatCount(recall.counts.buyers, 'buyer')} told; ${formatCount(recall.counts.quarantined, 'unit')} in quarantine.`,
    });
    await mutate((key) => (Array.isArray(key) ? String(key[0]) : String(key)).startsWith(RECALL_PATHS.list));
    navigate(`/stocks/recalls/${encodeURIComponent(recall.id)}`);
  }

  return (
    <Card>
      <Form<Values>
        initialValues={{ batchMode: 'numbers', sourceMode: 'notice' }}
        validate={validate}
        onSubmit={(v) => {
          if (v.sourceMode === 'letter' && !letter) {
            setLetterProblem("Upload the manufacturer's letter (PDF), or give the notice number and date");
            return undefined;
          }
          const summary = batchesText({ batchNos: v.batchMode === 'numbers' ? splitBatchNos(v.batchNos) : [], expiryUpTo: v.batchMode === 'expiry' ? (v.expiryUpTo ?? null) : null }, (d) =>
            formatDate(d),
          );
          setPending({ values: v, summary });
          return undefined;
        }}
        render={({ handleSubmit, values }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Raise a recall">
            <Stack gap="md">
              <ProductPicker />
              <Fieldset>
                <legend>Batches</legend>
                <Radio name="batchMode" value="numbers" label="These batch numbers" />
                <Radio name="batchMode" value="expiry" label="All batches expiring up to a day" />
                {values.batchMode === 'numbers' ? <BatchNosField /> : <TextField name="expiryUpTo" label="Expiring up to" type="date" />}
              </Fieldset>
              <SelectField name="reason" label="Reason" placeholder="Choose…" options={RECALL_REASONS.map((r) => ({ value: r, label: RECALL_REASON_LABELS[r] }))} />
              <SelectField name="action" label="What holders must do" placeholder="Choose…" options={RECALL_ACTIONS.map((a) => ({ value: a, label: RECALL_ACTION_LABELS[a] }))} />
              <Fieldset>
                <legend>Source</legend>
                <Radio name="sourceMode" value="notice" label="Regulator's notice" />
                <Radio name="sourceMode" value="letter" label="Manufacturer's letter (PDF)" />
                {values.sourceMode === 'notice' ? (
                  <>
                    <TextField name="noticeNumber" label="Notice number" autoComplete="off" />
                    <TextField name="noticeDate" label="Notice date" type="date" />
                  </>
                ) : (
                  <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
                    Letter (PDF or image, up to {RECALL_DOCUMENT_MAX_BYTES / 1048576} MB)
                    <TextInput type="file" accept="application/pdf,image/*" aria-label="Manufacturer's letter" onChange={(e) => pickLetter(e.currentTarget.files?.[0])} />
                    {letter && <Muted>{letter.name}</Muted>}
                    {letterProblem && <ErrorLine role="alert">{letterProblem}</ErrorLine>}
                  </label>
                )}
              </Fieldset>
              <NoteField />
              <FormError />
              <Stack direction="row" gap="sm">
                <Button type="submit">Raise recall</Button>
                <ButtonLink to="/stocks/recalls" variant="secondary">
                  Cancel
                </ButtonLink>
              </Stack>
            </Stack>
          </form>
        )}
      />
      <ConfirmDialog
        open={pending !== null}
        title="Raise this recall?"
        message={
          pending
            ? `Batches ${pending.summary} stop selling everywhere on Medico B2B at once, their units go to quarantine, and every holder and buyer is told.`
            : ''
        }
        confirmLabel="Raise recall"
        variant="danger"
        onConfirm={raise}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
