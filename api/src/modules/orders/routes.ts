import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MARKETPLACE_PATHS, OrderDetail, OrderList, OrderListQuery, RejectOrder } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { OrdersService } from './service';

const OrderParams = z.object({ orderId: z.string().uuid() });
/** Only stockists sell; deciding on an order is trading (verified units only). */
const SELLER = requireRole({ permission: 'ORDERS', customerTypes: ['STOCKIST'] });
const TRADING_SELLER = requireRole({ permission: 'ORDERS', customerTypes: ['STOCKIST'], activeOnly: true });

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['orders'];

  app.get(MARKETPLACE_PATHS.placedOrders, {
    config: requireRole({ permission: 'ORDERS', customerTypes: ['RETAILER', 'HOSPITAL'] }),
    schema: { tags, summary: 'Orders the caller placed, newest first', security, querystring: OrderListQuery, response: replies(OrderList) },
    handler: async (request) => ok(await orders.list(callerOf(request), 'BUYER', request.query)),
  });

  app.get(MARKETPLACE_PATHS.receivedOrders, {
    config: SELLER,
    schema: { tags, summary: 'Online orders the caller received, newest first', security, querystring: OrderListQuery, response: replies(OrderList) },
    handler: async (request) => ok(await orders.list(callerOf(request), 'SELLER', request.query)),
  });

  app.get('/orders/v2/:orderId', {
    config: requireRole({ permission: 'ORDERS' }),
    schema: { tags, summary: 'One order, for its buyer or seller', security, params: OrderParams, response: replies(OrderDetail) },
    handler: async (request) => ok(await orders.detail(callerOf(request), request.params.orderId)),
  });

  app.post('/orders/v2/:orderId/accept', {
    config: TRADING_SELLER,
    schema: { tags, summary: 'Accept: batches allocated first expiry first, stock moved', security, params: OrderParams, response: replies(OrderDetail) },
    handler: async (request) => ok(await orders.accept(callerOf(request), request.params.orderId)),
  });

  app.post('/orders/v2/:orderId/cancel-acceptance', {
    config: TRADING_SELLER,
    schema: { tags, summary: 'Cancel an acceptance not invoiced or dispatched: stock returned, the order ends rejected', security, params: OrderParams, body: RejectOrder.optional(), response: replies(OrderDetail) },
    handler: async (request) => ok(await orders.cancelAcceptance(callerOf(request), request.params.orderId, request.body?.reason)),
  });

  app.post('/orders/v2/:orderId/reject', {
    config: TRADING_SELLER,
    schema: { tags, summary: 'Reject: reservations released', security, params: OrderParams, body: RejectOrder.optional(), response: replies(OrderDetail) },
    handler: async (request) => ok(await orders.reject(callerOf(request), request.params.orderId, request.body?.reason)),
  });
};
