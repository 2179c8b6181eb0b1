import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LogoutRequest, OtpLoginRequest, OtpLoginResponse, OtpVerifyRequest, PATHS, RefreshRequest, Session } from 'shared-api';
import { z } from 'zod';
import { PUBLIC, callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import type { AuthService } from './service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(PATHS.otpLogin, {
    config: PUBLIC,
    schema: { tags: ['auth'], summary: 'Send a sign-in code by SMS', body: OtpLoginRequest, response: replies(OtpLoginResponse) },
    handler: async (request) => ok(await auth.sendOtp(request.body.mobileNumber, request.ip, false)),
  });

  app.post(PATHS.otpResend, {
    config: PUBLIC,
    schema: { tags: ['auth'], summary: 'Send a new code (after 60 s)', body: OtpLoginRequest, response: replies(OtpLoginResponse) },
    handler: async (request) => ok(await auth.sendOtp(request.body.mobileNumber, request.ip, true)),
  });

  app.post(PATHS.otpVerify, {
    config: PUBLIC,
    schema: { tags: ['auth'], summary: 'Exchange the code for a session', body: OtpVerifyRequest, response: replies(Session) },
    handler: async (request) => {
      const { mobileNumber, otp, deviceId } = request.body;
      return ok(await auth.verifyOtp(mobileNumber, otp, deviceId, request.ip));
    },
  });

  app.post(PATHS.refreshToken, {
    config: PUBLIC,
    schema: { tags: ['auth'], summary: 'Rotate the refresh token', body: RefreshRequest, response: replies(Session) },
    handler: async (request) => ok(await auth.refresh(request.body.refreshToken)),
  });

  app.post(PATHS.logout, {
    // The client never refreshes to log out, so an expired token must still end its session.
    config: requireRole({ permission: 'ANY_MEMBER', acceptExpiredToken: true }),
    schema: {
      tags: ['auth'],
      summary: "End this session and forget this device's push tokens",
      security: [{ bearerAuth: [] }],
      body: LogoutRequest,
      response: replies(z.null()),
    },
    handler: async (request) => {
      await auth.logout(callerOf(request), request.body.deviceId);
      return ok(null);
    },
  });
};
