import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { PurchaseBill, PurchaseBillLine } from 'shared-api';
import { isApiError } from 'shared-auth';
import { Button, Card, Stack, TextInput, theme, toast, type DataTableColumn } from 'shared-ui';
import { DocumentLines, commonColumns } from '../tax-document/DocumentLines';
import { returnGoods, returnPath } from './purchase-returns-api';

const Narrow = styled(TextInput)`
  width: 6rem;
  text-align: right;
`;
const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;

/**
 * Return goods of a received bill: units per line (charged units; the server checks them against what was received
 * and already returned, and against the stock not held for orders), with a reason. Opens the debit note it issues.
 */
export function ReturnGoodsForm({ bill }: { bill: PurchaseBill }) {
  const navigate = useNavigate();
  const returnable = bill.lines.filter((l) => (l.receivedQuantity ?? 0) > 0);
  const [units, setUnits] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!returnable.length) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const lines = returnable.map((l) => ({ position: l.position, quantity: Number(units[l.position] || 0) })).filter((l) => l.quantity > 0);
    if (returnable.some((l) => units[l.position] && !/^\d+$/.test(units[l.position]!))) return setError('Units are whole numbers');
    if (!lines.length) return setError('Enter the units you are returning');
    if (reason.trim().length < 3) return setError('Say why the goods go back');
    setError(null);
    setBusy(true);
    try {
      const note = await returnGoods(bill.billId, { lines: lines.map((l) => ({ ...l, freeQuantity: 0 })), reason: reason.trim() });
      toast.success({ message: `Debit note ${note.noteNumber} issued` });
      navigate(returnPath(note.debitNoteId));
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The return could not be saved');
    } finally {
      setBusy(false);
    }
  }

  const c = commonColumns<PurchaseBillLine>();
  const columns: DataTableColumn<PurchaseBillLine>[] = [
    { key: 'productName', header: 'Product', render: (l) => `${l.productName} · ${l.pack}` },
    c.batch,
    c.expiry,
    { key: 'receivedQuantity', header: 'Received', align: 'right', render: (l) => l.receivedQuantity ?? 0 },
    {
      key: 'quantity',
      header: 'Return',
      align: 'right',
      render: (l) => <Narrow aria-label={`Return ${l.productName} ${l.batchNo}`} inputMode="numeric" value={units[l.position] ?? ''} onChange={(e) => {
            const value = e.currentTarget.value;
            setUnits((u) => ({ ...u, [l.position]: value }));
          }} />,
    },
  ];
  return (
    <Card title="Return goods to the supplier">
      <form onSubmit={(e) => void submit(e)} aria-label="Return goods">
        <Stack gap="md">
          <DocumentLines label="Return lines" columns={columns} lines={returnable} />
          <TextInput aria-label="Return reason" placeholder="Reason, e.g. damaged strips" value={reason} maxLength={300} onChange={(e) => setReason(e.currentTarget.value)} />
          {error && <ErrorText role="alert">{error}</ErrorText>}
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy ? 'Issuing…' : 'Issue debit note'}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
