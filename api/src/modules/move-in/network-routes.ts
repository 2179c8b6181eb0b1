import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BillMatches, ConnectParties, ConnectResult, InviteParties, InviteResult, MOVE_IN_PATHS, MoveInParties, MoveInPartiesQuery } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { MoveInNetwork } from './network';

/** The owner's alone, like the rest of the move-in. */
const OWNER = requireRole({ permission: 'OWNER_ONLY' });
const security = [{ bearerAuth: [] }];
const tags = ['move-in'];

/** Settings → Move in → the network: imported parties on the platform, invitations, connection offers, bills matched. */
export const moveInNetworkRoutes: FastifyPluginAsyncZod<{ network: MoveInNetwork }> = async (app, { network }) => {
  app.get(MOVE_IN_PATHS.parties, {
    config: OWNER,
    schema: { tags, summary: 'The imported parties: linked to a unit here by GSTIN, connected, asked, invited or not on the platform', security, querystring: MoveInPartiesQuery, response: replies(MoveInParties) },
    handler: async (request) => ok(await network.parties(callerOf(request), request.query)),
  });

  app.post(MOVE_IN_PATHS.invite, {
    config: OWNER,
    schema: { tags, summary: 'SMS invitations with a sign-up link filled from the import, to parties not on the platform (at most one a day each)', security, body: InviteParties, response: replies(InviteResult) },
    handler: async (request) => ok(await network.invite(callerOf(request), request.body)),
  });

  app.post(MOVE_IN_PATHS.connect, {
    config: OWNER,
    schema: { tags, summary: 'Connection offers to the imported parties that are units here (at most one a day each)', security, body: ConnectParties, response: replies(ConnectResult) },
    handler: async (request) => ok(await network.connect(callerOf(request), request.body)),
  });

  app.get(MOVE_IN_PATHS.billMatches, {
    config: OWNER,
    schema: { tags, summary: 'Open bills with units here against their own imported bills: matched, amount differs, missing there, not moved in', security, response: replies(BillMatches) },
    handler: async (request) => ok(await network.billMatches(callerOf(request))),
  });
};
