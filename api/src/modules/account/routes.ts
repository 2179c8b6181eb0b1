import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MyAccount, PATHS, WarehouseIdParams, WarehouseList } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { AccountService } from './service';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  const security = [{ bearerAuth: [] }];

  app.get(PATHS.myAccount, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags: ['account'], summary: 'The signed-in user and their unit', security, response: replies(MyAccount) },
    handler: async (request) => ok(await account.myAccount(callerOf(request))),
  });

  app.get(PATHS.warehouses, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags: ['account'], summary: "The unit's warehouses", security, response: replies(WarehouseList) },
    handler: async (request) => ok(await account.warehouses(callerOf(request))),
  });

  app.post(routePattern(PATHS.setActiveWarehouse, 'id'), {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: {
      tags: ['account'],
      summary: 'Make a warehouse the active one; answers the updated list',
      security,
      params: WarehouseIdParams,
      response: replies(WarehouseList),
    },
    handler: async (request) => ok(await account.setActiveWarehouse(callerOf(request), request.params.id)),
  });
};
