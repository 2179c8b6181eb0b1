import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNTING_PATHS, ManualPurchaseBillInput, PurchaseBill, PurchaseBillList, PurchaseBillListQuery, PurchaseBillPayment, ReceivePurchaseBill } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { PurchasesService } from './service';

const BillParams = z.object({ billId: z.string().uuid() });
/** Any unit buys; taking goods into stock and booking bills is trading (verified units only). */
const ANY = requireRole();
const TRADING = requireRole({ activeOnly: true });

export const purchasesRoutes: FastifyPluginAsyncZod<{ purchases: PurchasesService }> = async (app, { purchases }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['purchases'];

  app.get(ACCOUNTING_PATHS.purchaseBills, {
    config: ANY,
    schema: { tags, summary: "The caller's purchase bills: pending receipt first, then newest", security, querystring: PurchaseBillListQuery, response: replies(PurchaseBillList) },
    handler: async (request) => ok(await purchases.list(callerOf(request), request.query)),
  });

  app.post(ACCOUNTING_PATHS.manualPurchaseBill, {
    config: TRADING,
    schema: { tags, summary: 'A bill from a supplier outside the platform, keyed in (pending until received)', security, body: ManualPurchaseBillInput, response: replies(PurchaseBill) },
    handler: async (request) => ok(await purchases.createManual(callerOf(request), request.body)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.purchaseBill, 'billId'), {
    config: ANY,
    schema: { tags, summary: 'One purchase bill of the caller', security, params: BillParams, response: replies(PurchaseBill) },
    handler: async (request) => ok(await purchases.bill(callerOf(request), request.params.billId)),
  });

  app.post(routePattern(ACCOUNTING_PATHS.receivePurchaseBill, 'billId'), {
    config: TRADING,
    schema: { tags, summary: 'Receive the bill into stock (active warehouse) and post the purchase voucher; once', security, params: BillParams, body: ReceivePurchaseBill, response: replies(PurchaseBill) },
    handler: async (request) => ok(await purchases.receive(callerOf(request), request.params.billId, request.body)),
  });

  app.get(routePattern(ACCOUNTING_PATHS.purchaseBillPayment, 'billId'), {
    config: ANY,
    schema: { tags, summary: 'Amount, paid and due of one bill', security, params: BillParams, response: replies(PurchaseBillPayment) },
    handler: async (request) => ok(await purchases.payment(callerOf(request), request.params.billId)),
  });
};
