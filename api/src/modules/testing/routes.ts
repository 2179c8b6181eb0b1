import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OtpLoginRequest, PATHS } from 'shared-api';
import { z } from 'zod';
import { PUBLIC } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { notFound } from '../../http/errors';
import type { AuthService } from '../auth/service';

/** Registered only with MEDICO_TEST_ROUTES=1, which production refuses (see app.ts, config.ts): lets tests sign in. */
export const testingRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get(PATHS.testLastOtp, {
    config: PUBLIC,
    schema: {
      tags: ['test only'],
      summary: 'The last code sent to a number (only with MEDICO_TEST_ROUTES=1, never in production)',
      querystring: OtpLoginRequest,
      response: replies(z.object({ otp: z.string() })),
    },
    handler: async (request) => {
      const otp = auth.lastOtpSent.get(request.query.mobileNumber);
      if (!otp) throw notFound();
      return ok({ otp });
    },
  });
};
