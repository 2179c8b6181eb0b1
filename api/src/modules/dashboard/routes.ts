import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_PATHS, Dashboard, DashboardQuery, OrdersGraph, OrdersGraphQuery } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { DashboardService } from './service';

/** Every signed-in user has a dashboard (SPEC.md §6); each answer holds only the caller's unit's figures. */
const SIGNED_IN = requireRole({ permission: 'DASHBOARD' });

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['dashboard'];

  app.get(DASHBOARD_PATHS.dashboard, {
    config: SIGNED_IN,
    schema: {
      tags,
      summary: "The caller's dashboard for a period (DAY: 24 hours, WEEK: 7 days); sections its customer type cannot have are left out",
      security,
      querystring: DashboardQuery,
      response: replies(Dashboard),
    },
    handler: async (request) => ok(await dashboard.dashboard(callerOf(request), request.query.period)),
  });

  app.get(DASHBOARD_PATHS.ordersDaily, {
    config: SIGNED_IN,
    schema: { tags, summary: 'Orders placed and received, and sales invoices, per IST day (count and value)', security, querystring: OrdersGraphQuery, response: replies(OrdersGraph) },
    handler: async (request) => ok(await dashboard.ordersDaily(callerOf(request), request.query.days)),
  });
};
