import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLEARANCE_PATHS,
  ClearanceCandidates,
  ClearanceCandidatesQuery,
  ClearanceOffer,
  ClearanceOfferList,
  CreateClearanceOffer,
  MyOffersQuery,
  NearExpiryQuery,
} from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { ClearanceService } from './service';

/**
 * Selling an offer is a normal online order, and only stockists receive, accept and invoice online orders (orders and
 * sales routes, SPEC.md §6): a retailer's or hospital's offer could never be delivered, so they list none. Listing and
 * ending an offer is trading (verified units only).
 */
const SELLER = requireRole({ permission: 'STOCK_READ', customerTypes: ['STOCKIST'] });
const TRADING_SELLER = requireRole({ permission: 'STOCK_WRITE', customerTypes: ['STOCKIST'], activeOnly: true });
/** The market is for the units that buy through the cart (SPEC.md §6). */
const BUYER = requireRole({ permission: 'ORDERS', customerTypes: ['RETAILER', 'HOSPITAL'] });
const OfferParams = z.object({ offerId: z.string().uuid() });

export const clearanceRoutes: FastifyPluginAsyncZod<{ clearance: ClearanceService }> = async (app, { clearance }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['clearance'];

  app.get(CLEARANCE_PATHS.candidates, {
    config: SELLER,
    schema: { tags, summary: "The caller's unexpired batches (active warehouse) expiring within the window, with units promised to orders", security, querystring: ClearanceCandidatesQuery, response: replies(ClearanceCandidates) },
    handler: async (request) => ok(await clearance.candidates(callerOf(request), request.query)),
  });

  app.get(CLEARANCE_PATHS.offers, {
    config: SELLER,
    schema: { tags, summary: "The caller's near-expiry offers, newest first", security, querystring: MyOffersQuery, response: replies(ClearanceOfferList) },
    handler: async (request) => ok(await clearance.mine(callerOf(request), request.query)),
  });

  app.post(CLEARANCE_PATHS.offers, {
    config: TRADING_SELLER,
    schema: {
      tags,
      summary: 'List a batch at a lower PTR until a cut-off (E0014 expired or cut-off not before expiry, E0015 units promised to orders unless acknowledgePromised, E0009 already listed)',
      security,
      body: CreateClearanceOffer,
      response: replies(ClearanceOffer),
    },
    handler: async (request) => ok(await clearance.create(callerOf(request), request.body)),
  });

  app.delete(routePattern(CLEARANCE_PATHS.offer, 'offerId'), {
    config: TRADING_SELLER,
    schema: { tags, summary: 'End an offer now (E0016 already ended)', security, params: OfferParams, response: replies(ClearanceOffer) },
    handler: async (request) => ok(await clearance.end(callerOf(request), request.params.offerId)),
  });

  app.get(CLEARANCE_PATHS.market, {
    config: BUYER,
    schema: { tags, summary: 'Near-expiry offers the caller may buy (connected with access, or nearby when the seller opted in), soonest expiry first', security, querystring: NearExpiryQuery, response: replies(ClearanceOfferList) },
    handler: async (request) => ok(await clearance.market(callerOf(request), request.query)),
  });
};
