import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { GST_STATES, MARKETPLACE_PATHS, ManualPurchaseBillInput, type SuggestResult } from 'shared-api';
import { api, isApiError } from 'shared-auth';
import { Button, Card, Select, Stack, TextInput, theme, toast } from 'shared-ui';
import { addManualBill, billPath } from './purchase-bills-api';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${theme.space.sm};
  align-items: end;
`;
const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: 2px;
  font-size: 0.85rem;
`;
const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;

interface LineDraft {
  productId: string;
  productLabel: string;
  search: string;
  hits: SuggestResult['suggestors'];
  hsn: string;
  batchNo: string;
  expiryDate: string;
  mrp: string;
  rate: string;
  quantity: string;
  free: string;
  discount: string;
}

const emptyLine = (): LineDraft => ({ productId: '', productLabel: '', search: '', hits: [], hsn: '', batchNo: '', expiryDate: '', mrp: '', rate: '', quantity: '', free: '0', discount: '0' });
const paise = (rupees: string) => Math.round(Number(rupees.replace(/,/g, '')) * 100);
const STATE_OPTIONS = Object.entries(GST_STATES).map(([code, name]) => ({ value: code, label: `${name} (${code})` }));

/** One product per line, picked from the catalogue by name (the stock it becomes is that product's). */
function LineEditor({ index, line, onChange, onRemove }: { index: number; line: LineDraft; onChange: (patch: Partial<LineDraft>) => void; onRemove?: () => void }) {
  const n = index + 1;
  async function find() {
    if (line.search.trim().length < 2) return;
    const found = await api.post<SuggestResult>(MARKETPLACE_PATHS.suggest, { suggest: line.search.trim(), type: 'ALL', subType: 'ALL' });
    onChange({ hits: found.suggestors });
  }
  const field = (label: string, key: keyof LineDraft, props: { inputMode?: 'numeric' | 'decimal'; type?: string } = {}) => (
    <Label>
      {label}
      <TextInput aria-label={`${label} ${n}`} value={String(line[key])} onChange={(e) => onChange({ [key]: e.currentTarget.value })} {...props} />
    </Label>
  );
  return (
    <Card title={`Line ${n}`} actions={onRemove && <Button type="button" variant="secondary" size="sm" onClick={onRemove}>Remove</Button>}>
      <Stack gap="sm">
        {line.productId ? (
          <Stack direction="row" gap="sm" align="center">
            <strong>{line.productLabel}</strong>
            <Button type="button" variant="secondary" size="sm" onClick={() => onChange({ productId: '', productLabel: '' })}>
              Change
            </Button>
          </Stack>
        ) : (
          <Stack gap="xs">
            <Stack direction="row" gap="sm">
              <TextInput aria-label={`Product ${n}`} placeholder="Product name" value={line.search} onChange={(e) => onChange({ search: e.currentTarget.value })} />
              <Button type="button" variant="secondary" onClick={() => void find()}>
                Find
              </Button>
            </Stack>
            {line.hits.map((h) => (
              <Button key={h.productId} variant="secondary" size="sm" onClick={() => onChange({ productId: h.productId, productLabel: h.suggestion, hits: [] })}>
                {h.suggestion}
              </Button>
            ))}
          </Stack>
        )}
        <Grid>
          {field('HSN', 'hsn', { inputMode: 'numeric' })}
          {field('Batch', 'batchNo')}
          {field('Expiry', 'expiryDate', { type: 'date' })}
          {field('MRP (₹)', 'mrp', { inputMode: 'decimal' })}
          {field('Rate (₹)', 'rate', { inputMode: 'decimal' })}
          {field('Qty', 'quantity', { inputMode: 'numeric' })}
          {field('Free', 'free', { inputMode: 'numeric' })}
          {field('Discount %', 'discount', { inputMode: 'decimal' })}
        </Grid>
      </Stack>
    </Card>
  );
}

/**
 * purchases/invoices/add: a bill from a supplier outside the platform, keyed in. The API computes the taxes
 * (CGST + SGST when the supplier is in your state, else IGST) and the bill waits to be received like any other.
 */
export function AddPurchaseBillPage() {
  const navigate = useNavigate();
  const [supplierName, setSupplierName] = useState('');
  const [gstin, setGstin] = useState('');
  const [state, setState] = useState('');
  const [billNumber, setBillNumber] = useState('');
  const [billDate, setBillDate] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const unpicked = lines.findIndex((l) => !l.productId);
    if (unpicked >= 0) return setError(`Line ${unpicked + 1}: find and pick the product`);
    const parsed = ManualPurchaseBillInput.safeParse({
      supplierName,
      ...(gstin.trim() ? { supplierGstin: gstin } : { supplierState: state || undefined }),
      billNumber,
      billDate,
      lines: lines.map((l) => ({
        productId: l.productId,
        hsn: l.hsn.trim(),
        batchNo: l.batchNo,
        expiryDate: l.expiryDate,
        mrpPaise: paise(l.mrp),
        ratePaise: paise(l.rate),
        quantity: Number(l.quantity),
        freeQuantity: Number(l.free || 0),
        discountBp: Math.round(Number(l.discount || 0) * 100),
      })),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setError(`${issue.path.join(' ')}: ${issue.message}`);
    }
    setError(null);
    setBusy(true);
    try {
      const bill = await addManualBill(parsed.data);
      toast.success({ message: `Bill ${bill.billNumber} entered: receive it into stock when the goods are checked` });
      navigate(billPath(bill.billId));
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The bill could not be saved');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Supplier bill">
      <Stack gap="md">
        <Card title="Supplier and bill">
          <Grid>
            <Label>
              Supplier name
              <TextInput aria-label="Supplier name" value={supplierName} onChange={(e) => setSupplierName(e.currentTarget.value)} />
            </Label>
            <Label>
              Supplier GSTIN
              <TextInput aria-label="Supplier GSTIN" value={gstin} onChange={(e) => setGstin(e.currentTarget.value)} />
            </Label>
            {!gstin.trim() && (
              <Label>
                Supplier state
                <Select aria-label="Supplier state" placeholder="Select…" options={STATE_OPTIONS} value={state} onChange={(e) => setState(e.currentTarget.value)} />
              </Label>
            )}
            <Label>
              Bill number
              <TextInput aria-label="Bill number" value={billNumber} onChange={(e) => setBillNumber(e.currentTarget.value)} />
            </Label>
            <Label>
              Bill date
              <TextInput aria-label="Bill date" type="date" value={billDate} onChange={(e) => setBillDate(e.currentTarget.value)} />
            </Label>
          </Grid>
        </Card>
        {lines.map((l, i) => (
          <LineEditor
            key={i}
            index={i}
            line={l}
            onChange={(patch) => setLines((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)))}
            onRemove={lines.length > 1 ? () => setLines((all) => all.filter((_, j) => j !== i)) : undefined}
          />
        ))}
        <div>
          <Button type="button" variant="secondary" onClick={() => setLines((all) => [...all, emptyLine()])}>
            Add a line
          </Button>
        </div>
        {error && <ErrorText role="alert">{error}</ErrorText>}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save bill'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
