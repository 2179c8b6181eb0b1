import { ACCOUNTING_PATHS, MARKETPLACE_PATHS, type OrderDetail, type SalesInvoice, type SubmitResult } from 'shared-api';
import { marketplaceWorld } from './cart-fixtures';
import { DEMO, bearer, body, build, login } from './helpers';

const t = build();

async function signedIn(mobile: string) {
  const session = await login(t.app, mobile);
  t.clock.advance(61);
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(session), payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(session) });
  return { post, get };
}

describe('order detail names its tax invoice', () => {
  it('is null until the seller invoices the order, then both parties see the invoice id and number', async () => {
    const w = await marketplaceWorld(t.db);
    const retailer = await signedIn(DEMO.retailer);
    await retailer.post(MARKETPLACE_PATHS.cartAddEntry, { productId: w.dolovex, sellerUnitCode: 'STK-PUN-001', quantity: 10 });
    const { orders } = body<SubmitResult>(await retailer.post(MARKETPLACE_PATHS.cartSubmit));
    const orderId = orders[0]!.orderId;
    const stockist = await signedIn(DEMO.stockist);

    expect(body<OrderDetail>(await stockist.get(MARKETPLACE_PATHS.order(orderId))).invoice).toBeNull();
    const accepted = body<OrderDetail>(await stockist.post(MARKETPLACE_PATHS.acceptOrder(orderId)));
    expect(accepted.invoice).toBeNull();

    const invoice = body<SalesInvoice>(await stockist.post(ACCOUNTING_PATHS.invoiceFromOrder(orderId)));
    const expected = { invoiceId: invoice.invoiceId, invoiceNumber: invoice.invoiceNumber };
    expect(body<OrderDetail>(await stockist.get(MARKETPLACE_PATHS.order(orderId))).invoice).toEqual(expected);
    expect(body<OrderDetail>(await retailer.get(MARKETPLACE_PATHS.order(orderId))).invoice).toEqual(expected);
  });
});
