import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Application, ApplicationSummary, IdParams, REGISTRATION_PATHS as P, StaffQueueQuery, StaffRejectRequest } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { StaffService } from './service';

/** Signed in; the service refuses anyone who is not back-office staff (403 E0040). */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  const tags = ['staff'];
  const security = [{ bearerAuth: [] }];

  app.get(P.staffQueue, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags, summary: 'Applications by status (default: awaiting verification)', security, querystring: StaffQueueQuery, response: replies(z.array(ApplicationSummary)) },
    handler: async (request) => ok(await staff.queue(callerOf(request), request.query.status)),
  });

  app.get(routePattern(P.staffApplication, 'id'), {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags, summary: 'One application with identifiers and documents', security, params: IdParams, response: replies(Application) },
    handler: async (request) => ok(await staff.application(callerOf(request), request.params.id)),
  });

  app.post(routePattern(P.staffApprove, 'id'), {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags, summary: 'Approve: activates the account and credits 5 free deliveries', security, params: IdParams, response: replies(Application) },
    handler: async (request) => ok(await staff.approve(callerOf(request), request.params.id)),
  });

  app.post(routePattern(P.staffReject, 'id'), {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags, summary: 'Reject with a reason the applicant sees', security, params: IdParams, body: StaffRejectRequest, response: replies(Application) },
    handler: async (request) => ok(await staff.reject(callerOf(request), request.params.id, request.body.reason)),
  });
};
