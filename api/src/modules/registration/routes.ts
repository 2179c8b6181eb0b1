import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Application,
  DocumentContent,
  IdParams,
  MAX_DOCUMENT_BYTES,
  OtpLoginResponse,
  PincodePlace,
  PincodeQuery,
  REGISTRATION_PATHS as P,
  REGISTRATION_TOKEN_HEADER,
  RegistrationOtpRequest,
  RegistrationOtpVerify,
  RegistrationSession,
  Step1,
  Step2,
  Step3,
  Submit,
  UploadDocument,
} from 'shared-api';
import type { FastifyRequest } from 'fastify';
import { PUBLIC, callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { RegistrationService } from './service';

const tokenOf = (request: FastifyRequest) => {
  const value = request.headers[REGISTRATION_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Public: the applicant has no session yet. Every step but the OTP ones needs the draft token that the OTP check
 * gives (header x-registration-token), so a draft is reachable only by whoever proved the mobile number.
 */
export const registrationRoutes: FastifyPluginAsyncZod<{ registration: RegistrationService }> = async (app, { registration }) => {
  const tags = ['registration'];

  app.get(P.pincode, {
    config: PUBLIC,
    schema: { tags, summary: 'City, district and state of a pincode', querystring: PincodeQuery, response: replies(PincodePlace) },
    handler: async (request) => ok(registration.pincode(request.query.pincode)),
  });

  app.post(P.otp, {
    config: PUBLIC,
    schema: { tags, summary: 'Send a code to prove an unregistered mobile number (same limits as sign-in)', body: RegistrationOtpRequest, response: replies(OtpLoginResponse) },
    handler: async (request) => ok(await registration.sendOtp(request.body.mobileNumber, request.ip, request.body.resend === true)),
  });

  app.post(P.otpVerify, {
    config: PUBLIC,
    schema: { tags, summary: 'Check the code; answers the draft (new or resumed) and its token', body: RegistrationOtpVerify, response: replies(RegistrationSession) },
    handler: async (request) => ok(await registration.verify(request.body.mobileNumber, request.body.otp, request.ip)),
  });

  app.get(P.draft, {
    config: PUBLIC,
    schema: { tags, summary: 'The draft, with the step to resume at', response: replies(Application) },
    handler: async (request) => ok(await registration.draft(tokenOf(request))),
  });

  app.post(P.step1, {
    config: PUBLIC,
    schema: { tags, summary: 'Step 1: customer type and person', body: Step1, response: replies(Application) },
    handler: async (request) => ok(await registration.step1(tokenOf(request), request.body)),
  });

  app.post(P.step2, {
    config: PUBLIC,
    schema: { tags, summary: 'Step 2: address and location', body: Step2, response: replies(Application) },
    handler: async (request) => ok(await registration.step2(tokenOf(request), request.body)),
  });

  app.post(P.step3, {
    config: PUBLIC,
    schema: { tags, summary: 'Step 3: trade identifiers by customer type', body: Step3, response: replies(Application) },
    handler: async (request) => ok(await registration.step3(tokenOf(request), request.body)),
  });

  app.post(P.uploadLicence, {
    config: PUBLIC,
    // base64 of a 2 MB file plus the envelope
    bodyLimit: Math.ceil((MAX_DOCUMENT_BYTES * 4) / 3) + 64 * 1024,
    schema: { tags, summary: 'Upload a licence document (PDF or image, at most 2 MB)', body: UploadDocument, response: replies(Application) },
    handler: async (request) => ok(await registration.upload(tokenOf(request), request.body)),
  });

  app.post(P.submit, {
    config: PUBLIC,
    schema: { tags, summary: 'Accept terms and consent and submit for verification', body: Submit, response: replies(Application) },
    handler: async (request) => ok(await registration.submit(tokenOf(request))),
  });

  app.get(routePattern(P.document, 'id'), {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags, summary: "A licence document of the caller's unit (staff: any)", security: [{ bearerAuth: [] }], params: IdParams, response: replies(DocumentContent) },
    handler: async (request) => ok(await registration.document(callerOf(request), request.params.id)),
  });
};
