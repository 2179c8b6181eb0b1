import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  BASKET_LIMITS,
  BASKET_OBJECTIVES,
  BASKET_OBJECTIVE_LABELS,
  MARKETPLACE_PATHS,
  type BasketLineError,
  type BasketLineResult,
  type BasketList,
  type BasketListLine,
  type BasketObjective,
  type BasketResult,
  type BasketSellerPlan,
  type OrderList,
} from 'shared-api';
import { canUseCart, fetcher, useCart } from 'shared-auth';
import {
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  ErrorPanel,
  PageHeader,
  Select,
  Stack,
  TextInput,
  formatDate,
  formatRupees,
  theme,
  toast,
  type DataTableColumn,
} from 'shared-ui';
import useSWR from 'swr';
import { useSignedInAccount } from '../guard/RequireSession';
import { useBasePath } from '../layout/base-path';
import { basketApi } from './basket-api';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  label {
    font-weight: ${theme.fontWeights.bold};
  }
`;
const ListBox = styled.textarea`
  width: 100%;
  min-height: 8rem;
  font: inherit;
  padding: ${theme.space.sm};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  box-sizing: border-box;
  &:focus-visible {
    outline: 2px solid ${theme.colors.primary};
    outline-offset: 1px;
  }
`;
const Row = styled.div`
  display: flex;
  gap: ${theme.space.sm};
  align-items: flex-end;
  flex-wrap: wrap;
`;
const Small = styled(TextInput)`
  width: 5rem;
`;
const Note = styled.small`
  display: block;
  color: ${theme.colors.textMuted};
`;
const Problems = styled.ul`
  margin: 0;
  padding-left: ${theme.space.lg};
`;
const Summary = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
`;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const NEEDS_ATTENTION: Record<Exclude<BasketLineResult['status'], 'CHOSEN' | 'AMBIGUOUS'>, string> = {
  NOT_FOUND: 'Not found',
  NO_OFFER: 'Not in stock',
  PARTIAL: 'Only partly in stock',
  UNPLANNED: 'Not planned',
};

/** Pasted text, a file, or a previous order → the list's lines (and the lines that could not be read). */
function ListInput({ onRead }: { onRead: (list: BasketList) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [orderId, setOrderId] = useState('');
  const [busy, setBusy] = useState(false);
  const { data: orders } = useSWR<OrderList>(MARKETPLACE_PATHS.placedOrders, fetcher);
  async function read(work: () => Promise<BasketList>) {
    setBusy(true);
    try {
      onRead(await work());
    } catch (error) {
      toast.error({ title: 'The list could not be read', message: message(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card title="Your list">
      <Stack gap="md">
        <Field>
          <label htmlFor={`${id}-text`}>Paste your list: one product and quantity per line</label>
          <ListBox
            id={`${id}-text`}
            value={text}
            maxLength={BASKET_LIMITS.maxTextLength}
            placeholder={'Dolo 650 x 10\n5 Pan 40\nAugmentin 625 - 2 strips'}
            onChange={(e) => setText(e.target.value)}
          />
          <Row>
            <Button disabled={!text.trim()} loading={busy} onClick={() => void read(() => basketApi.parseText(text))}>
              Read list
            </Button>
          </Row>
        </Field>
        <Field>
          <label htmlFor={`${id}-file`}>Or upload a list (.xlsx, .csv or .txt)</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".xlsx,.csv,.txt"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void read(() => basketApi.parseFile(file));
              e.target.value = '';
            }}
          />
          <Note>The first sheet; the product and quantity columns are found by their headings.</Note>
        </Field>
        {orders && orders.items.length > 0 && (
          <Field>
            <label htmlFor={`${id}-order`}>Or buy again from an order</label>
            <Row>
              <Select
                id={`${id}-order`}
                placeholder="Pick an order"
                value={orderId}
                onChange={(e) => setOrderId(e.target.value)}
                options={orders.items.map((o) => ({ value: o.orderId, label: `${o.orderNumber} · ${o.counterpartyTradeName} · ${formatRupees(o.totalPaise)}` }))}
              />
              <Button variant="secondary" disabled={!orderId} onClick={() => void read(() => basketApi.buyAgain(orderId))}>
                Use this order
              </Button>
            </Row>
          </Field>
        )}
      </Stack>
    </Card>
  );
}

const digits = (value: string) => value.replace(/\D/g, '');

/** The lines read, with their quantity and shelf life editable. */
function ListLines({ lines, errors, onChange }: { lines: BasketListLine[]; errors: BasketLineError[]; onChange: (lines: BasketListLine[]) => void }) {
  const update = (lineNo: number, change: Partial<BasketListLine>) => onChange(lines.map((l) => (l.lineNo === lineNo ? { ...l, ...change } : l)));
  const columns: readonly DataTableColumn<BasketListLine>[] = [
    { key: 'lineNo', header: 'Line', align: 'right' },
    { key: 'text', header: 'Product' },
    {
      key: 'quantity',
      header: 'Quantity',
      align: 'right',
      render: (l) => (
        <Small
          aria-label={`Quantity of line ${l.lineNo}`}
          inputMode="numeric"
          value={String(l.quantity || '')}
          onChange={(e) => update(l.lineNo, { quantity: Math.min(BASKET_LIMITS.maxQuantity, Number(digits(e.target.value))) })}
        />
      ),
    },
    {
      key: 'minShelfLifeDays',
      header: 'Shelf life (days)',
      align: 'right',
      render: (l) => (
        <Small
          aria-label={`Minimum shelf life of line ${l.lineNo} in days`}
          inputMode="numeric"
          placeholder="List's"
          value={l.minShelfLifeDays === undefined ? '' : String(l.minShelfLifeDays)}
          onChange={(e) => {
            const value = digits(e.target.value);
            update(l.lineNo, { minShelfLifeDays: value === '' ? undefined : Math.min(BASKET_LIMITS.maxShelfLifeDays, Number(value)) });
          }}
        />
      ),
    },
    {
      key: 'remove',
      header: '',
      render: (l) => (
        <Button size="sm" variant="ghost" aria-label={`Remove line ${l.lineNo}`} onClick={() => onChange(lines.filter((x) => x.lineNo !== l.lineNo))}>
          Remove
        </Button>
      ),
    },
  ];
  return (
    <Card title={`${lines.length} line${lines.length === 1 ? '' : 's'} read`}>
      <Stack gap="md">
        {errors.length > 0 && (
          <div role="status">
            <strong>Lines that could not be read</strong>
            <Problems aria-label="Lines that could not be read">
              {errors.map((e) => (
                <li key={e.lineNo}>
                  Line {e.lineNo} “{e.text}”: {e.message}
                </li>
              ))}
            </Problems>
          </div>
        )}
        <DataTable label="Shopping list" columns={columns} rows={lines} rowKey="lineNo" emptyMessage="No lines to plan." pageSize={BASKET_LIMITS.maxLines} />
      </Stack>
    </Card>
  );
}

function offerText(line: BasketLineResult): string {
  const o = line.offer;
  if (!o) return '';
  return `${o.quantity}${o.freeQuantity ? ` + ${o.freeQuantity} free` : ''} at ${o.tradeName}, ${formatRupees(o.landedPaise)}`;
}

/** One seller's part of the plan. */
function SellerPlan({ plan, lines, onExclude }: { plan: BasketSellerPlan; lines: BasketLineResult[]; onExclude: () => void }) {
  const rows = lines.filter((l) => plan.lineNos.includes(l.lineNo));
  const columns: readonly DataTableColumn<BasketLineResult>[] = [
    { key: 'product', header: 'Product', render: (l) => (l.product ? `${l.product.name}${l.product.pack ? ` (${l.product.pack})` : ''}` : l.text) },
    { key: 'quantity', header: 'Qty + free', align: 'right', render: (l) => `${l.offer!.quantity} + ${l.offer!.freeQuantity}` },
    { key: 'ptr', header: 'PTR', align: 'right', render: (l) => formatRupees(l.offer!.ptrPaise) },
    { key: 'expiry', header: 'Expiry', render: (l) => formatDate(l.offer!.expiryDate) },
    { key: 'landed', header: 'Landed (incl. GST)', align: 'right', render: (l) => formatRupees(l.offer!.landedPaise) },
  ];
  return (
    <Card
      title={`${plan.tradeName} · ${formatRupees(plan.landedPaise)}`}
      actions={
        <Button size="sm" variant="ghost" onClick={onExclude}>
          Exclude {plan.tradeName}
        </Button>
      }
    >
      <Note>
        {plan.city}
        {plan.distanceKm !== null && ` · ${plan.distanceKm} km`} · GST {formatRupees(plan.gstPaise)}
        {plan.minimumOrderPaise !== null && ` · minimum order ${formatRupees(plan.minimumOrderPaise)}`}
      </Note>
      <DataTable label={`To buy from ${plan.tradeName}`} columns={columns} rows={rows} rowKey="lineNo" />
    </Card>
  );
}

/** /cart/best-basket: the buyer's list split across its sellers; one click puts the plan into the cart. */
export function BasketPage() {
  const account = useSignedInAccount();
  const base = useBasePath();
  const navigate = useNavigate();
  const id = useId();
  const allowed = canUseCart(account.customerType);
  const { mutate: refreshCart } = useCart(allowed ? account.unitCode : null);
  const [lines, setLines] = useState<BasketListLine[]>([]);
  const [errors, setErrors] = useState<BasketLineError[]>([]);
  const [objective, setObjective] = useState<BasketObjective>('COST');
  const [shelfLife, setShelfLife] = useState('');
  const [excluded, setExcluded] = useState<{ code: string; name: string }[]>([]);
  const [result, setResult] = useState<BasketResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'solve' | 'cart' | null>(null);
  const crumbs = [
    { label: 'Dashboard', to: `${base}/dashboard` },
    { label: 'Cart', to: `${base}/cart` },
    { label: 'Best basket' },
  ];

  async function solve(exclude = excluded, list = lines) {
    setBusy('solve');
    setFailure(null);
    try {
      const valid = list.filter((l) => l.quantity > 0);
      setResult(await basketApi.solve({ lines: valid, objective, minShelfLifeDays: Number(shelfLife || 0), excludeSellerCodes: exclude.map((e) => e.code) }));
    } catch (error) {
      setResult(null);
      setFailure(message(error));
    } finally {
      setBusy(null);
    }
  }

  async function addToCart(plan: BasketResult) {
    setBusy('cart');
    try {
      const cart = await basketApi.toCart(plan);
      await refreshCart(cart, { revalidate: false });
      toast.success({ title: 'Added to cart', message: 'Confirm and submit it from the cart.', action: { label: 'Open cart', onClick: () => navigate(`${base}/cart`) } });
    } catch (error) {
      toast.error({ title: 'Nothing was added to the cart', message: message(error) });
    } finally {
      setBusy(null);
    }
  }

  function pick(lineNo: number, productId: string) {
    setLines(lines.map((l) => (l.lineNo === lineNo ? { ...l, productId: productId || undefined } : l)));
  }

  function exclude(code: string, name: string) {
    const next = [...excluded, { code, name }];
    setExcluded(next);
    void solve(next);
  }

  if (!allowed) {
    return (
      <>
        <PageHeader title="Best basket" crumbs={crumbs} />
        <EmptyState title="No best basket for this account" message="Retailers and hospitals plan their purchases here; stockists receive those orders." />
      </>
    );
  }

  const ambiguous = result?.lines.filter((l) => l.status === 'AMBIGUOUS') ?? [];
  const attention = result?.lines.filter((l) => l.status !== 'CHOSEN' && l.status !== 'AMBIGUOUS') ?? [];
  const planned = result?.lines.filter((l) => l.status === 'CHOSEN') ?? [];

  return (
    <>
      <PageHeader title="Best basket" crumbs={crumbs} actions={<Link to={`${base}/cart`}>Back to cart</Link>} />
      <Stack gap="lg">
        <ListInput
          onRead={(list) => {
            setLines(list.lines);
            setErrors(list.errors);
            setResult(null);
          }}
        />
        {(lines.length > 0 || errors.length > 0) && <ListLines lines={lines} errors={errors} onChange={setLines} />}
        {lines.length > 0 && (
          <Card title="How to split it">
            <Stack gap="md">
              <Row>
                <Field>
                  <label htmlFor={`${id}-objective`}>Best by</label>
                  <Select
                    id={`${id}-objective`}
                    value={objective}
                    onChange={(e) => setObjective(e.target.value as BasketObjective)}
                    options={BASKET_OBJECTIVES.map((o) => ({ value: o, label: BASKET_OBJECTIVE_LABELS[o] }))}
                  />
                </Field>
                <Field>
                  <label htmlFor={`${id}-shelf`}>Minimum shelf life (days)</label>
                  <Small id={`${id}-shelf`} inputMode="numeric" value={shelfLife} onChange={(e) => setShelfLife(digits(e.target.value).slice(0, 4))} />
                </Field>
                <Button loading={busy === 'solve'} disabled={busy !== null} onClick={() => void solve()}>
                  Find best basket
                </Button>
              </Row>
              {excluded.length > 0 && (
                <Row aria-label="Excluded sellers" role="group">
                  <span>Excluded:</span>
                  {excluded.map((e) => (
                    <Button key={e.code} size="sm" variant="secondary" aria-label={`Include ${e.name} again`} onClick={() => setExcluded(excluded.filter((x) => x.code !== e.code))}>
                      {e.name} ✕
                    </Button>
                  ))}
                </Row>
              )}
            </Stack>
          </Card>
        )}
        {failure && <ErrorPanel title="The best basket could not be worked out" message={failure} onRetry={() => void solve()} />}
        {result && (
          <>
            {ambiguous.length > 0 && (
              <Card title="Which product did you mean?">
                <Stack gap="sm">
                  {ambiguous.map((l) => (
                    <Field key={l.lineNo}>
                      <label htmlFor={`${id}-pick-${l.lineNo}`}>
                        Line {l.lineNo} “{l.text}”
                      </label>
                      <Select
                        id={`${id}-pick-${l.lineNo}`}
                        placeholder="Pick a product"
                        value={lines.find((x) => x.lineNo === l.lineNo)?.productId ?? ''}
                        onChange={(e) => pick(l.lineNo, e.target.value)}
                        options={l.candidates.map((c) => ({ value: c.productId, label: `${c.name}${c.pack ? ` (${c.pack})` : ''} · ${c.manufacturer}` }))}
                      />
                    </Field>
                  ))}
                  <Note>Pick, then “Find best basket” again.</Note>
                </Stack>
              </Card>
            )}
            {attention.length > 0 && (
              <Card title="Lines not in the plan">
                <Problems aria-label="Lines not in the plan">
                  {attention.map((l) => (
                    <li key={l.lineNo}>
                      <Badge tone="warning">{NEEDS_ATTENTION[l.status as keyof typeof NEEDS_ATTENTION]}</Badge> Line {l.lineNo} “{l.text}”
                      {l.product && ` (${l.product.name})`}: {l.message}
                      {l.status === 'PARTIAL' && l.offer && ` — best: ${offerText(l)}`}
                    </li>
                  ))}
                </Problems>
              </Card>
            )}
            {!result.feasible && (
              <ErrorPanel
                title="No plan meets every seller's minimum order"
                message={result.unmetMinimums.map((m) => `${m.tradeName}: minimum ${formatRupees(m.minimumOrderPaise)}, the closest plan buys ${formatRupees(m.plannedPaise)}`).join('; ')}
              />
            )}
            {result.feasible && planned.length > 0 && (
              <Card title="The plan">
                <Stack gap="md">
                  <Summary>
                    {formatRupees(result.totals.landedPaise)} for {result.totals.lines} line{result.totals.lines === 1 ? '' : 's'} from {result.totals.sellers} seller
                    {result.totals.sellers === 1 ? '' : 's'} <small>(GST {formatRupees(result.totals.gstPaise)} included)</small>
                  </Summary>
                  <p>
                    {result.singleSeller
                      ? result.singleSeller.savingPaise > 0
                        ? `You save ${formatRupees(result.singleSeller.savingPaise)} against buying it all from ${result.singleSeller.tradeName} (${formatRupees(result.singleSeller.landedPaise)}).`
                        : `${result.singleSeller.tradeName} alone would cost ${formatRupees(result.singleSeller.landedPaise)}.`
                      : 'No single seller can fill the list.'}
                  </p>
                  {result.sellers.map((plan) => (
                    <SellerPlan key={plan.sellerUnitCode} plan={plan} lines={result.lines} onExclude={() => exclude(plan.sellerUnitCode, plan.tradeName)} />
                  ))}
                  <Row>
                    <Button loading={busy === 'cart'} disabled={busy !== null} onClick={() => void addToCart(result)}>
                      Add all to cart
                    </Button>
                    <Link to={`${base}/cart`}>Go to cart</Link>
                  </Row>
                </Stack>
              </Card>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
