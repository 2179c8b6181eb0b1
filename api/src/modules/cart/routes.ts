import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Cart, PATHS } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { CartService } from './service';

/** SPEC.md §7 "GET /cart only with a unit code": the client may name its own unit; any other is refused. */
const CartQuery = z.object({ unitCode: z.string().trim().min(1).max(32).optional() });

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.get(PATHS.cart, {
    // SPEC.md §6: the cart is for buyers; stockists sell.
    config: requireRole({ customerTypes: ['RETAILER', 'HOSPITAL'] }),
    schema: {
      tags: ['cart'],
      summary: "The caller's unit's cart (badge: body.total.itemCount)",
      security: [{ bearerAuth: [] }],
      querystring: CartQuery,
      response: replies(Cart),
    },
    handler: async (request) => ok(await cart.cartOf(callerOf(request), request.query.unitCode)),
  });
};
