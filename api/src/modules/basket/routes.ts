import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BASKET_PATHS, BasketList, BasketResult, BasketToCart, Cart, ParseBasketText, SolveBasket } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { AppError } from '../../http/errors';
import type { BasketService } from './service';

/** A shopping list is small: 1 MB holds tens of thousands of lines. */
const LIST_MAX_BYTES = 1024 * 1024;
/** The cart's buyers (cart/routes.ts): reading and planning for any of them; filling the cart for verified ones. */
const BUYER = requireRole({ permission: 'ORDERS', customerTypes: ['RETAILER', 'HOSPITAL'] });
const TRADING_BUYER = requireRole({ permission: 'ORDERS', customerTypes: ['RETAILER', 'HOSPITAL'], activeOnly: true });

export const basketRoutes: FastifyPluginAsyncZod<{ basket: BasketService }> = async (app, { basket }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['best basket'];
  await app.register(multipart, { limits: { fileSize: LIST_MAX_BYTES, files: 1, fields: 0 } });

  app.post(BASKET_PATHS.parse, {
    config: BUYER,
    schema: { tags, summary: 'Reads a pasted shopping list: one product and quantity per line; each unreadable line with its reason', security, body: ParseBasketText, response: replies(BasketList) },
    handler: async (request) => ok(basket.parseText(request.body.text)),
  });

  app.post(BASKET_PATHS.parseFile, {
    config: BUYER,
    schema: { tags, summary: 'Reads a shopping list file (multipart `file`: .xlsx first sheet, .csv or .txt); columns found by their headers', security, response: replies(BasketList) },
    handler: async (request) => {
      if (!request.isMultipart()) throw new AppError('E0017', 400, 'Send the file as multipart/form-data', { file: 'A file must be picked' });
      let file;
      try {
        file = await request.file();
        if (!file) throw new AppError('E0017', 400, 'A file must be picked', { file: 'A file must be picked' });
        const bytes = await file.toBuffer();
        return ok(await basket.parseFile(file.filename, bytes));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('E0017', 413, 'The file is larger than 1 MB: a shopping list is usually far smaller', { file: 'At most 1 MB' });
        }
        throw error;
      }
    },
  });

  app.get('/cart/best-basket/buy-again/:orderId', {
    config: BUYER,
    schema: { tags, summary: 'The lines of one of your placed orders, as a shopping list', security, params: z.object({ orderId: z.string().uuid() }), response: replies(BasketList) },
    handler: async (request) => ok(await basket.buyAgain(callerOf(request), request.params.orderId)),
  });

  app.post(BASKET_PATHS.solve, {
    config: BUYER,
    schema: {
      tags,
      summary: 'Splits the list across the sellers that gave you access, by the objective, with minimum orders and shelf life (exact optimiser)',
      security,
      body: SolveBasket,
      response: replies(BasketResult),
    },
    handler: async (request) => ok(await basket.solve(callerOf(request), request.body)),
  });

  app.post(BASKET_PATHS.toCart, {
    config: TRADING_BUYER,
    schema: { tags, summary: "Adds the plan's entries to the cart, all or none (E0019 names the refused line)", security, body: BasketToCart, response: replies(Cart) },
    handler: async (request) => ok(await basket.toCart(callerOf(request), request.body)),
  });
};
