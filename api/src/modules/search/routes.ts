import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GlobalSearchRequest,
  GlobalSearchResult,
  MARKETPLACE_PATHS,
  SearchHistory,
  StockistsRequest,
  StockistsResult,
  SuggestRequest,
  SuggestResult,
} from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { SearchService } from './service';

/** SPEC.md §6: the search box is for retailers and hospitals (the buyers). */
const BUYER = requireRole({ permission: 'ORDERS', customerTypes: ['RETAILER', 'HOSPITAL'] });

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['search'];

  app.get(MARKETPLACE_PATHS.searchHistory, {
    config: BUYER,
    schema: { tags, summary: "The caller's recent searches, newest first", security, response: replies(SearchHistory) },
    handler: async (request) => ok(await search.history(callerOf(request))),
  });

  app.post(MARKETPLACE_PATHS.suggest, {
    config: BUYER,
    schema: { tags, summary: 'Header box suggestions: products and how many stockists have them', security, body: SuggestRequest, response: replies(SuggestResult) },
    handler: async (request) => ok(await search.suggest(callerOf(request), request.body.suggest)),
  });

  app.post(MARKETPLACE_PATHS.globalSearch, {
    config: BUYER,
    schema: { tags, summary: 'Products across sellers: seller count, lowest PTR, nearest expiry (recorded in history)', security, body: GlobalSearchRequest, response: replies(GlobalSearchResult) },
    handler: async (request) => ok(await search.global(callerOf(request), request.body.query)),
  });

  app.post(MARKETPLACE_PATHS.stockists, {
    config: BUYER,
    schema: { tags, summary: "One product's sellers, nearest first; stock and prices only from sellers that gave access", security, body: StockistsRequest, response: replies(StockistsResult) },
    handler: async (request) => ok(await search.stockists(callerOf(request), request.body.productId)),
  });
};
