import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, NOTIFICATION_PATHS } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import type { LiveHub } from './hub';

export const liveRoutes: FastifyPluginAsyncZod<{ live: LiveHub }> = async (app, { live }) => {
  // Before the server closes: an open stream would keep it waiting forever.
  app.addHook('preClose', (done) => {
    live.close();
    done();
  });

  app.get(NOTIFICATION_PATHS.live, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    // A HEAD request would otherwise open a stream that sends nothing and never ends.
    exposeHeadRoute: false,
    schema: {
      tags: ['notifications'],
      summary: 'Server-Sent Events for this tab: ready, then notifications (of the unit) and stock (buyers) to revalidate',
      security: [{ bearerAuth: [] }],
      produces: ['text/event-stream'],
      response: { '4xx': ErrorResponse, '5xx': ErrorResponse },
    },
    handler: async (request, reply) => {
      // The auth hook has refused anyone without a live session (403 envelope); from here the stream is written by
      // hand, keeping the headers the hooks set (CORS, security headers).
      const headers = reply.getHeaders();
      reply.hijack();
      try {
        live.open(callerOf(request), request.headers.authorization ?? '', reply.raw, headers);
      } catch (err) {
        // Hijacked: fastify's error handler can no longer answer, so the connection is dropped (the tab retries).
        request.log.error({ err }, 'live stream could not start');
        reply.raw.destroy();
      }
    },
  });
};
