import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CreateOutwardEntry, OUTWARD_KIND_LABELS, OUTWARD_REASONS, OUTWARD_REASONS_WITH_PARTY, type OutwardBatch, type OutwardReason } from 'shared-api';
import { Button, Card, ErrorPanel, Form, FormError, Select, SelectField, Stack, TextField, TextInput, formatDate, formatNumber, toSubmitErrors, toast, useDebounced } from 'shared-ui';
import { addOutwardEntry, todayIst, useOutwardBatches, useRevalidateStock } from './outward-api';

interface Values {
  batchId?: string;
  quantity?: string;
  reason?: OutwardReason;
  partyName?: string;
  documentNumber?: string;
  note?: string;
  date?: string;
}

const REASON_OPTIONS = OUTWARD_REASONS.map((r) => ({ value: r, label: OUTWARD_KIND_LABELS[r] }));

/** The body as the contract reads it; empty optional boxes are left out. */
const toEntry = (v: Values): CreateOutwardEntry => ({
  batchId: v.batchId ?? '',
  quantity: /^\d+$/.test(v.quantity ?? '') ? Number(v.quantity) : Number.NaN,
  reason: v.reason ?? 'OTHER',
  ...(v.partyName?.trim() && { partyName: v.partyName }),
  ...(v.documentNumber?.trim() && { documentNumber: v.documentNumber }),
  ...(v.note?.trim() && { note: v.note }),
  ...(v.date && { date: v.date }),
});

const MESSAGES: Readonly<Record<string, string>> = {
  batchId: 'Pick the batch the stock leaves from',
  quantity: 'A whole number of units, more than 0',
  date: 'A date, not in the future',
};

/** The contract's own rules, shown on the fields before anything is sent; the API checks them again. */
function validate(values: Values, batch: OutwardBatch | undefined, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = CreateOutwardEntry.safeParse(toEntry(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= field === 'partyName' ? issue.message : (MESSAGES[field] ?? issue.message);
    }
  }
  if (!errors.quantity && batch && Number(values.quantity) > batch.available) errors.quantity = `At most ${formatNumber(batch.available)} available`;
  if (!errors.date && values.date && values.date > today) errors.date = 'Not after today';
  return errors;
}

const batchLabel = (b: OutwardBatch) => `${b.batchNo} · exp ${formatDate(b.expiryDate)}${b.expired ? ' (expired)' : ''} · ${formatNumber(b.available)} available`;

/**
 * orders/outward-stock-registry/add and outward-stock-registry/add: stock leaves a batch by hand (a sample, goods
 * back to a supplier, a transfer, damage). Find the product, pick its batch by expiry and what is available, say how
 * many, why and to whom. Back to the register it came from: the list is this page's parent path (`..` relative to
 * the URL), under either mount.
 */
export function AddOutwardEntryPage() {
  const navigate = useNavigate();
  const revalidate = useRevalidateStock();
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState('');
  const found = useOutwardBatches({ q: useDebounced(search, 300) });
  const picked = useOutwardBatches({ productId: productId || undefined });
  const today = todayIst();
  const backToList = () => navigate('..', { relative: 'path' });

  // One choice per product among the search's batches.
  const products = useMemo(() => {
    const seen = new Map<string, { value: string; label: string }>();
    for (const b of found.data?.items ?? []) if (!seen.has(b.productId)) seen.set(b.productId, { value: b.productId, label: `${b.productName}${b.pack ? ` (${b.pack})` : ''} · ${b.manufacturer}` });
    return [...seen.values()];
  }, [found.data]);
  const batches = useMemo(() => (productId ? (picked.data?.items ?? []) : []), [productId, picked.data]);
  // Stable between renders: the form re-validates when it changes, i.e. when the batches do.
  const validateForm = useCallback((values: Values) => validate(values, batches.find((b) => b.batchId === values.batchId), today), [batches, today]);

  async function submit(values: Values) {
    try {
      const { entry, available } = await addOutwardEntry(CreateOutwardEntry.parse(toEntry(values)));
      toast.success({
        title: 'Outward entry saved',
        message: `${formatNumber(entry.quantity)} × ${entry.productName}, batch ${entry.batchNo}: ${formatNumber(available)} left to sell.`,
      });
      void revalidate();
      backToList();
      return undefined;
    } catch (err) {
      return toSubmitErrors(err);
    }
  }

  const searchError = found.error ?? picked.error;
  return (
    <Card title="Record stock leaving the warehouse">
      <Form<Values>
        onSubmit={submit}
        initialValues={{ reason: 'SAMPLE', date: today }}
        validate={validateForm}
        render={({ handleSubmit, submitting, values, form }) => {
          const batch = batches.find((b) => b.batchId === values.batchId);
          const needsParty = values.reason !== undefined && OUTWARD_REASONS_WITH_PARTY.includes(values.reason);
          return (
            <form onSubmit={handleSubmit} noValidate aria-label="Outward entry">
              <Stack gap="md">
                <label>
                  Find the product
                  <TextInput
                    type="search"
                    value={search}
                    placeholder="At least 2 letters of its name"
                    maxLength={100}
                    autoComplete="off"
                    onChange={(e) => {
                      setSearch(e.currentTarget.value);
                      setProductId('');
                      form.change('batchId', undefined);
                    }}
                  />
                </label>
                {searchError && <ErrorPanel title="The batches could not be loaded" message={searchError.message} onRetry={() => void (found.mutate(), picked.mutate())} />}
                {search.trim().length >= 2 && found.data && products.length === 0 && <p>No product with stock available matches “{search.trim()}” in this warehouse.</p>}
                {products.length > 0 && (
                  <label>
                    Product
                    <Select
                      value={productId}
                      placeholder="Choose the product"
                      options={products}
                      onChange={(e) => {
                        setProductId(e.currentTarget.value);
                        form.change('batchId', undefined);
                      }}
                    />
                  </label>
                )}
                <SelectField
                  name="batchId"
                  label="Batch"
                  placeholder={productId ? (picked.data ? 'Choose the batch' : 'Loading…') : 'Find the product first'}
                  disabled={batches.length === 0}
                  options={batches.map((b) => ({ value: b.batchId, label: batchLabel(b) }))}
                  hint={batch ? `${formatNumber(batch.quantity)} on hand, ${formatNumber(batch.reserved)} held for orders, in ${batch.warehouseName}` : 'Expired batches are listed too'}
                />
                <TextField name="quantity" label="Quantity (units)" inputMode="numeric" autoComplete="off" hint={batch ? `At most ${formatNumber(batch.available)}` : undefined} />
                <SelectField name="reason" label="Why it leaves" options={REASON_OPTIONS} />
                <TextField
                  name="partyName"
                  label={needsParty ? 'Given to' : 'Given to (optional)'}
                  maxLength={120}
                  autoComplete="off"
                  hint={values.reason === 'TRANSFER' ? 'The warehouse or branch it goes to' : values.reason === 'SUPPLIER_RETURN' ? 'The supplier' : undefined}
                />
                <TextField name="documentNumber" label="Challan / gate pass number (optional)" maxLength={40} autoComplete="off" />
                <TextField name="note" label="Note (optional)" maxLength={500} />
                <TextField name="date" label="Date" type="date" max={today} />
                <FormError />
                <Stack direction="row" gap="sm" wrap>
                  <Button type="submit" loading={submitting}>
                    Save entry
                  </Button>
                  <Button type="button" variant="secondary" onClick={backToList}>
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
