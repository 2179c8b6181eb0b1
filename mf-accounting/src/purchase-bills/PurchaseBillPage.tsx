import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { SELLER_TYPE, type MyAccount, type PurchaseBill, type PurchaseBillLine, type ReceivePurchaseBill } from 'shared-api';
import { isApiError, useMyAccount } from 'shared-auth';
import { Button, ButtonLink, Card, DetailList, NotFoundState, ErrorPanel, Spinner, Stack, TextInput, formatDate, formatDateTime, formatRupees, theme, toast, type DataTableColumn } from 'shared-ui';
import { ReturnGoodsForm } from '../purchase-returns/ReturnGoodsForm';
import { DocumentLines, commonColumns, taxInvoiceColumns } from '../tax-document/DocumentLines';
import { DocumentTotals } from '../tax-document/DocumentTotals';
import { BillStatusBadge } from './PurchaseBillsPage';
import { billPaymentPath, receiveBill, usePurchaseBill } from './purchase-bills-api';

const Narrow = styled(TextInput)`
  width: 7rem;
  text-align: right;
`;
const Note = styled.p`
  margin: 0;
  white-space: pre-line;
  color: ${theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
`;

const billed = (l: PurchaseBillLine) => l.quantity + l.freeQuantity;
/** What can still arrive: billed less what the seller's credit notes took back while the bill waited. */
const due = (l: PurchaseBillLine) => billed(l) - (l.creditedQuantity ?? 0);
const RUPEES = /^\d+(\.\d{1,2})?$/;
const rupeesText = (paise: number) => (paise / 100).toFixed(2);

/**
 * What the received units sell at, in the buyer's own words: a stockist sells to the trade (its PTR, and a PTS for
 * other stockists); a retailer or hospital sells over the counter, where PTR and PTS mean nothing.
 */
function pricesOf(account: MyAccount | undefined) {
  const trade = account?.customerType === SELLER_TYPE;
  return { price: trade ? 'Your PTR' : 'Your selling price', pts: trade };
}

function lineColumns(bill: PurchaseBill, priceLabel: string): DataTableColumn<PurchaseBillLine>[] {
  const received: DataTableColumn<PurchaseBillLine>[] =
    bill.status === 'RECEIVED'
      ? [
          { key: 'receivedQuantity', header: 'Received', align: 'right', render: (l) => `${l.receivedQuantity ?? 0}${(l.receivedQuantity ?? 0) < billed(l) ? ' (short)' : ''}` },
          { key: 'salePricePaise', header: priceLabel, align: 'right', render: (l) => (l.salePricePaise === null ? '—' : formatRupees(l.salePricePaise)) },
        ]
      : [];
  return [...taxInvoiceColumns<PurchaseBillLine>(bill.supplyKind, 'Rate'), ...received];
}

interface Entry {
  received: string;
  mrp: string;
  salePrice: string;
  /** empty: no PTS */
  pts: string;
  /** "10+1", or empty: no scheme */
  scheme: string;
}

const SCHEME = /^\s*(\d{1,5})\s*\+\s*(\d{1,5})\s*$/;
const schemeText = (buy: number | null, free: number | null) => (buy ? `${buy}+${free ?? 0}` : '');

/**
 * What a line's terms start as: the batch the warehouse already holds (its MRP, PTR, PTS and scheme, which Receive
 * keeps unless changed here), else the bill's MRP and rate for a new batch.
 */
function prefill(l: PurchaseBillLine): Entry {
  const b = l.stockBatch;
  return {
    received: String(due(l)),
    mrp: rupeesText(b ? b.mrpPaise : l.mrpPaise),
    salePrice: rupeesText(b ? b.ptrPaise : l.ratePaise),
    pts: b?.ptsPaise == null ? '' : rupeesText(b.ptsPaise),
    scheme: b ? schemeText(b.schemeBuy, b.schemeFree) : '',
  };
}

const paiseOf = (rupees: string) => Math.round(Number(rupees) * 100);

/** The Receive request's line: the units, and only the terms changed from the prefill (the rest stay the batch's). */
function receiveLine(l: PurchaseBillLine, e: Entry, start: Entry): ReceivePurchaseBill['lines'][number] {
  const scheme = SCHEME.exec(e.scheme);
  return {
    position: l.position,
    receivedQuantity: Number(e.received),
    ...(e.salePrice !== start.salePrice && { salePricePaise: paiseOf(e.salePrice) }),
    ...(e.mrp !== start.mrp && { mrpPaise: paiseOf(e.mrp) }),
    ...(e.pts.trim() !== start.pts && { ptsPaise: e.pts.trim() ? paiseOf(e.pts) : null }),
    ...(e.scheme.replace(/\s/g, '') !== start.scheme && { scheme: scheme ? { buy: Number(scheme[1]), free: Number(scheme[2]) } : null }),
  };
}

/**
 * Receive: one row per batch with the units that arrived (all of them to start with) and the batch's selling terms:
 * MRP, the buyer's own PTR and PTS, and its scheme. A batch the warehouse already holds starts with its own terms,
 * and Receive keeps every one not changed here (issue 32); a new batch starts with the bill's MRP and rate. The
 * server takes it all in one transaction and refuses a second Receive.
 */
function ReceiveForm({ bill, onReceived }: { bill: PurchaseBill; onReceived: (b: PurchaseBill) => void }) {
  const labels = pricesOf(useMyAccount().data);
  const [start] = useState<Record<number, Entry>>(() => Object.fromEntries(bill.lines.map((l) => [l.position, prefill(l)])));
  const [entries, setEntries] = useState<Record<number, Entry>>(start);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (position: number, patch: Partial<Entry>) => setEntries((e) => ({ ...e, [position]: { ...e[position]!, ...patch } }));
  const problem = (l: PurchaseBillLine): string | null => {
    const e = entries[l.position]!;
    if (!/^\d+$/.test(e.received) || Number(e.received) > billed(l)) return `Line ${l.position}: received is a whole number up to ${billed(l)}`;
    if (!RUPEES.test(e.mrp)) return `Line ${l.position}: MRP in rupees, e.g. 40.00`;
    if (!RUPEES.test(e.salePrice)) return `Line ${l.position}: ${labels.price.toLowerCase()} in rupees, e.g. 30.50`;
    if (e.pts.trim() && !RUPEES.test(e.pts.trim())) return `Line ${l.position}: your PTS in rupees, e.g. 28.00, or empty`;
    const scheme = SCHEME.exec(e.scheme);
    if (e.scheme.trim() && (!scheme || Number(scheme[1]) < 1)) return `Line ${l.position}: a scheme is written buy + free, e.g. 10+1, or empty`;
    return null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const first = bill.lines.map(problem).find(Boolean);
    if (first) return setError(first);
    setError(null);
    setBusy(true);
    try {
      const received = await receiveBill(bill.billId, {
        lines: bill.lines.map((l) => receiveLine(l, entries[l.position]!, start[l.position]!)),
        ...(note.trim() && { note: note.trim() }),
      });
      toast.success({ message: `Bill ${received.billNumber} received into ${received.warehouseName ?? 'your warehouse'}` });
      onReceived(received);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The bill could not be received');
    } finally {
      setBusy(false);
    }
  }

  const c = commonColumns<PurchaseBillLine>();
  const columns: DataTableColumn<PurchaseBillLine>[] = [
    { key: 'productName', header: 'Product', render: (l) => `${l.productName} · ${l.pack}${l.stockBatch ? ' (adds to your batch)' : ' (new batch)'}` },
    c.batch,
    c.expiry,
    { key: 'quantity', header: 'Billed (incl. free)', align: 'right', render: (l) => (l.creditedQuantity ? `${billed(l)} (${l.creditedQuantity} credited back)` : billed(l)) },
    {
      key: 'receivedQuantity',
      header: 'Received',
      align: 'right',
      render: (l) => <Narrow aria-label={`Received ${l.productName} ${l.batchNo}`} inputMode="numeric" value={entries[l.position]!.received} onChange={(e) => set(l.position, { received: e.currentTarget.value })} />,
    },
    {
      key: 'mrpPaise',
      header: 'MRP (₹)',
      align: 'right',
      render: (l) => <Narrow aria-label={`MRP ${l.productName} ${l.batchNo}`} inputMode="decimal" value={entries[l.position]!.mrp} onChange={(e) => set(l.position, { mrp: e.currentTarget.value })} />,
    },
    {
      key: 'salePricePaise',
      header: `${labels.price} (₹)`,
      align: 'right',
      render: (l) => <Narrow aria-label={`${labels.price} ${l.productName} ${l.batchNo}`} inputMode="decimal" value={entries[l.position]!.salePrice} onChange={(e) => set(l.position, { salePrice: e.currentTarget.value })} />,
    },
    ...(labels.pts
      ? [
          {
            key: 'ptsPaise',
            header: 'Your PTS (₹)',
            align: 'right' as const,
            render: (l: PurchaseBillLine) => <Narrow aria-label={`Your PTS ${l.productName} ${l.batchNo}`} inputMode="decimal" placeholder="none" value={entries[l.position]!.pts} onChange={(e) => set(l.position, { pts: e.currentTarget.value })} />,
          },
        ]
      : []),
    {
      key: 'scheme',
      header: 'Scheme',
      align: 'right',
      render: (l) => <Narrow aria-label={`Scheme ${l.productName} ${l.batchNo}`} placeholder="e.g. 10+1" value={entries[l.position]!.scheme} onChange={(e) => set(l.position, { scheme: e.currentTarget.value })} />,
    },
  ];
  return (
    <Card title="Receive into stock">
      <form onSubmit={(e) => void submit(e)} aria-label="Receive bill">
        <Stack gap="md">
          <p style={{ margin: 0 }}>
            Count what arrived: fewer units than billed is noted on the bill as a short receipt. The batches go into your active warehouse; a batch you already hold keeps its MRP,
            {labels.pts ? ' PTR, PTS' : ' selling price'} and scheme unless you change them here.
          </p>
          <DocumentLines label="Receive lines" columns={columns} lines={bill.lines} />
          <TextInput aria-label="Receipt note" placeholder="Note (optional), e.g. who checked the goods" value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} />
          {error && <ErrorText role="alert">{error}</ErrorText>}
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? 'Receiving…' : 'Receive into stock'}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

function BillDetail({ bill, onReceived }: { bill: PurchaseBill; onReceived: (b: PurchaseBill) => void }) {
  const { supplier } = bill;
  const { data: account } = useMyAccount();
  return (
    <Stack gap="lg">
      <Card
        title={`Bill ${bill.billNumber}`}
        actions={
          <ButtonLink to={billPaymentPath(bill.billId)} variant="secondary" size="sm">
            Payment
          </ButtonLink>
        }
      >
        <DetailList>
          <dt>Status</dt>
          <dd>
            <BillStatusBadge status={bill.status} />
          </dd>
          <dt>Bill date</dt>
          <dd>{formatDate(bill.billDate)}</dd>
          <dt>Supplier</dt>
          <dd>{supplier.unitCode ? `${supplier.name} (${supplier.unitCode})` : `${supplier.name} (entered by hand)`}</dd>
          <dt>Supplier GSTIN</dt>
          <dd>{supplier.gstin ?? 'Unregistered'}</dd>
          <dt>Supply</dt>
          <dd>
            From {supplier.stateName} · {bill.supplyKind === 'INTRA' ? 'within the state (CGST + SGST)' : 'across states (IGST)'}
          </dd>
          {bill.receivedAt && (
            <>
              <dt>Received</dt>
              <dd>
                {formatDateTime(bill.receivedAt)}
                {bill.warehouseName ? ` into ${bill.warehouseName}` : ''}
              </dd>
            </>
          )}
        </DetailList>
        {bill.receiptNote && <Note aria-label="Receipt note">{bill.receiptNote}</Note>}
      </Card>
      <DocumentLines label="Bill lines" columns={lineColumns(bill, pricesOf(account).price)} lines={bill.lines} />
      <DocumentTotals label="Bill totals" totals={bill.totals} supplyKind={bill.supplyKind} totalLabel="Bill total" />
      {bill.status === 'PENDING' ? <ReceiveForm bill={bill} onReceived={onReceived} /> : <ReturnGoodsForm bill={bill} />}
    </Stack>
  );
}

/** purchases/invoice/:id: one purchase bill; while pending, the Receive form under it. */
export function PurchaseBillPage() {
  const { id = '' } = useParams();
  const { data: bill, error, mutate } = usePurchaseBill(id);
  // A made-up or mistyped id answers 404 like another unit's bill: a not-found state, not a failure to retry.
  if (error && !bill && error.status === 404) {
    return (
      <NotFoundState
        what="purchase bill"
        back={
          <ButtonLink to="/purchases/invoices" variant="secondary">
            Back to Purchase Invoices
          </ButtonLink>
        }
      />
    );
  }
  if (error && !bill) return <ErrorPanel title="This purchase bill could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!bill) return <Spinner label="Loading the bill" />;
  return <BillDetail bill={bill} onReceived={(b) => void mutate(b, { revalidate: false })} />;
}
