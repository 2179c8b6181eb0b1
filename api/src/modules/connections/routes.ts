import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApproveRequest,
  AutoApprove,
  CONNECTIONS_PATHS,
  ConnectRequest,
  ConnectedUserList,
  ConnectedUsersParams,
  ConnectedUsersQuery,
  ConnectionAction,
  SetCreditTerms,
  ConnectionStatus,
  CREDIT_PATHS,
  CreditTerms,
  NearbyQuery,
  NearbyTraderList,
} from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { ConnectionsService } from './service';

/** Reading lists is open to every signed-in trader; changing connections is trading, so verified units only. */
const SIGNED_IN = requireRole({ permission: 'CUSTOMERS' });
const TRADING = requireRole({ permission: 'CUSTOMERS', activeOnly: true });
/** Approval, access and auto approve are the seller's decisions; only stockists sell. */
const SELLER = requireRole({ permission: 'CUSTOMERS', customerTypes: ['STOCKIST'], activeOnly: true });

const ConnectResult = z.object({ connectionId: z.string(), status: ConnectionStatus, hasAccess: z.boolean() });

export const connectionsRoutes: FastifyPluginAsyncZod<{ connections: ConnectionsService }> = async (app, { connections }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['connections'];

  app.get(CONNECTIONS_PATHS.nearby, {
    config: SIGNED_IN,
    schema: {
      tags,
      summary:
        'Verified traders of a type within a radius of the active warehouse (or of a pincode), nearest first, with the connection state',
      security,
      querystring: NearbyQuery,
      response: replies(NearbyTraderList),
    },
    handler: async (request) => ok(await connections.nearby(callerOf(request), request.query)),
  });

  app.post(CONNECTIONS_PATHS.autoApprove, {
    config: SELLER,
    schema: {
      tags,
      // The one writer of this preference; GET /b2bapp/preferences (profile) reads it with the others.
      summary: 'Turn auto approve on or off (applies to requests made from now on; approved at once with access)',
      security,
      body: AutoApprove,
      response: replies(AutoApprove),
    },
    handler: async (request) => ok(await connections.setAutoApprove(callerOf(request), request.body.autoApprove)),
  });

  app.post(CREDIT_PATHS.terms, {
    config: SELLER,
    schema: {
      tags,
      summary: "Set a buyer's credit terms: credit days (due date = invoice date + days), credit limit, block new orders when overdue / over limit",
      security,
      body: SetCreditTerms,
      response: replies(CreditTerms),
    },
    handler: async (request) => ok(await connections.setCreditTerms(callerOf(request), request.body)),
  });

  // After the fixed /b2bapp/v2/stockist/* and /b2bapp/v2/connections/* paths: find-my-way prefers static segments.
  app.get('/b2bapp/v2/:customerType/:connectedUserType', {
    config: SIGNED_IN,
    schema: {
      tags,
      summary: "The caller's connections with users of a type (customerType = the caller's own type), searchable",
      security,
      params: ConnectedUsersParams,
      querystring: ConnectedUsersQuery,
      response: replies(ConnectedUserList),
    },
    handler: async (request) => ok(await connections.listConnected(callerOf(request), request.params, request.query)),
  });

  app.post(CONNECTIONS_PATHS.request, {
    config: TRADING,
    schema: {
      tags,
      summary: 'Ask a stockist to connect (approved at once when its auto approve is on)',
      security,
      body: ConnectRequest,
      response: replies(ConnectResult),
    },
    handler: async (request) => ok(await connections.request(callerOf(request), request.body.sellerUnitCode)),
  });

  const action = (
    url: string,
    summary: string,
    config: ReturnType<typeof requireRole>,
    run: (caller: ReturnType<typeof callerOf>, connectionId: string) => Promise<void>,
  ) =>
    app.post(url, {
      config,
      schema: { tags, summary, security, body: ConnectionAction, response: replies(z.null()) },
      handler: async (request) => {
        await run(callerOf(request), request.body.connectionId);
        return ok(null);
      },
    });

  app.post(CONNECTIONS_PATHS.approve, {
    config: SELLER,
    schema: { tags, summary: 'Approve a pending request, with or without inventory access', security, body: ApproveRequest, response: replies(z.null()) },
    handler: async (request) => {
      await connections.approve(callerOf(request), request.body);
      return ok(null);
    },
  });
  action(CONNECTIONS_PATHS.decline, 'Decline a pending request', SELLER, (caller, id) => connections.decline(caller, id));
  action(CONNECTIONS_PATHS.disconnect, 'End a connection or withdraw a request (either side)', TRADING, (caller, id) =>
    connections.disconnect(caller, id),
  );
  action(CONNECTIONS_PATHS.grantAccess, 'Give a connected buyer access: sees all inventory, may order online', SELLER, (caller, id) =>
    connections.setAccess(caller, id, true),
  );
  action(CONNECTIONS_PATHS.revokeAccess, 'Take access away: the buyer sees no inventory, at once', SELLER, (caller, id) =>
    connections.setAccess(caller, id, false),
  );
};
