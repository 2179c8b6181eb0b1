import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddCartEntry,
  Cart,
  CartConfirmation,
  DeleteCartEntry,
  DeleteSellerCart,
  MARKETPLACE_PATHS,
  PATHS,
  SubmitResult,
  UpdateCartEntry,
} from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { OrdersService } from '../orders/service';
import type { CartService } from './service';

/** SPEC.md §7 "GET /cart only with a unit code": the client may name its own unit; any other is refused. */
const CartQuery = z.object({ unitCode: z.string().trim().min(1).max(32).optional() });
/** SPEC.md §6: the cart is for buyers; stockists sell. Changing it is trading: verified units only. */
const BUYER = requireRole({ permission: 'ORDERS', customerTypes: ['RETAILER', 'HOSPITAL'] });
const TRADING_BUYER = requireRole({ permission: 'ORDERS', customerTypes: ['RETAILER', 'HOSPITAL'], activeOnly: true });
const Empty = z.object({}).passthrough().optional();

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService; orders: OrdersService }> = async (app, { cart, orders }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['cart'];

  app.get(PATHS.cart, {
    config: BUYER,
    schema: { tags, summary: "The caller's unit's cart (badge: body.total.itemCount)", security, querystring: CartQuery, response: replies(Cart) },
    handler: async (request) => ok(await cart.cartOf(callerOf(request), request.query.unitCode)),
  });

  app.post(MARKETPLACE_PATHS.cartAddEntry, {
    config: TRADING_BUYER,
    schema: { tags, summary: 'Add a product from one seller (quantity + free must fit its scheme: E0048)', security, body: AddCartEntry, response: replies(Cart) },
    handler: async (request) => ok(await cart.addEntry(callerOf(request), request.body)),
  });

  app.post(MARKETPLACE_PATHS.cartUpdateEntry, {
    config: TRADING_BUYER,
    schema: { tags, summary: "Change an entry's quantity and free quantity", security, body: UpdateCartEntry, response: replies(Cart) },
    handler: async (request) => ok(await cart.updateEntry(callerOf(request), request.body)),
  });

  app.post(MARKETPLACE_PATHS.cartDeleteEntry, {
    config: TRADING_BUYER,
    schema: { tags, summary: 'Remove one entry', security, body: DeleteCartEntry, response: replies(Cart) },
    handler: async (request) => ok(await cart.deleteEntry(callerOf(request), request.body.entryId)),
  });

  app.post(MARKETPLACE_PATHS.cartDeleteSellerCart, {
    config: TRADING_BUYER,
    schema: { tags, summary: "Remove every entry of one seller", security, body: DeleteSellerCart, response: replies(Cart) },
    handler: async (request) => ok(await cart.deleteSellerCart(callerOf(request), request.body.sellerUnitCode)),
  });

  app.post(MARKETPLACE_PATHS.cartDeleteCart, {
    config: TRADING_BUYER,
    schema: { tags, summary: 'Empty the cart', security, body: Empty, response: replies(Cart) },
    handler: async (request) => ok(await cart.deleteCart(callerOf(request))),
  });

  app.post(MARKETPLACE_PATHS.cartConfirm, {
    config: TRADING_BUYER,
    schema: { tags, summary: 'Re-check stock and prices; every change is returned (prices are updated in the cart)', security, body: Empty, response: replies(CartConfirmation) },
    handler: async (request) => ok(await cart.confirm(callerOf(request))),
  });

  app.post(MARKETPLACE_PATHS.cartSubmit, {
    config: TRADING_BUYER,
    schema: { tags, summary: 'One order per seller, stock reserved, cart emptied (E0042 lost race, E0043 already submitted, E0044 no cart)', security, body: Empty, response: replies(SubmitResult) },
    handler: async (request) => ok(await orders.submit(callerOf(request))),
  });
};
