import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddPayoutAccount,
  IdParams,
  PROFILE_PATHS as P,
  PaymentQr,
  PaymentQrUpload,
  PayoutAccount,
  Preferences,
  PreferencesUpdate,
  Profile,
  TradeTexts,
  WarehouseClosure,
  WarehouseInput,
  WarehouseList,
} from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { ProfileService } from './service';

const OWNER = requireRole({ permission: 'OWNER_ONLY' });
// Preferences and payout accounts decide how the unit trades and is paid: only a verified unit's owner sets them.
const OWNER_TRADING = requireRole({ permission: 'OWNER_ONLY', activeOnly: true });

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  const tags = ['profile'];
  const security = [{ bearerAuth: [] }];

  app.get(P.profile, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags, summary: 'Identifiers, documents, verification status, preferences, free deliveries', security, response: replies(Profile) },
    handler: async (request) => ok(await profile.profile(callerOf(request))),
  });

  app.post(P.tradeTexts, {
    config: OWNER,
    schema: { tags, summary: 'Trade header and footer (printed on invoices)', security, body: TradeTexts, response: replies(Profile) },
    handler: async (request) => ok(await profile.setTradeTexts(callerOf(request), request.body)),
  });

  app.get(P.preferences, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags, summary: 'Seller preferences', security, response: replies(Preferences) },
    handler: async (request) => ok(await profile.preferences(callerOf(request))),
  });

  app.post(P.preferences, {
    config: OWNER_TRADING,
    schema: { tags, summary: 'Minimum order value and WhatsApp number', security, body: PreferencesUpdate, response: replies(Preferences) },
    handler: async (request) => ok(await profile.setPreferences(callerOf(request), request.body)),
  });

  app.get(P.paymentQr, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags, summary: 'The payment QR code image (data URL)', security, response: replies(PaymentQr) },
    handler: async (request) => ok(await profile.paymentQr(callerOf(request))),
  });

  app.post(P.paymentQr, {
    config: OWNER_TRADING,
    bodyLimit: 1024 * 1024,
    schema: { tags, summary: 'Upload the payment QR code (image, at most 512 KB)', security, body: PaymentQrUpload, response: replies(Preferences) },
    handler: async (request) => ok(await profile.setPaymentQr(callerOf(request), request.body.mimeType, request.body.contentBase64)),
  });

  app.get(P.payoutAccounts, {
    config: requireRole({ permission: 'ANY_MEMBER' }),
    schema: { tags, summary: 'Bank accounts and UPI IDs', security, response: replies(z.array(PayoutAccount)) },
    handler: async (request) => ok(await profile.payoutAccounts(callerOf(request))),
  });

  app.post(P.addPayoutAccount, {
    config: OWNER_TRADING,
    schema: { tags, summary: 'Add a bank account (E0060 if invalid) or UPI ID (E0059 if invalid)', security, body: AddPayoutAccount, response: replies(z.array(PayoutAccount)) },
    handler: async (request) => ok(await profile.addPayoutAccount(callerOf(request), request.body)),
  });

  app.delete(routePattern(P.deletePayoutAccount, 'id'), {
    config: OWNER,
    schema: { tags, summary: 'Remove a bank account or UPI ID', security, params: IdParams, response: replies(z.array(PayoutAccount)) },
    handler: async (request) => ok(await profile.deletePayoutAccount(callerOf(request), request.params.id)),
  });

  app.post(P.addWarehouse, {
    config: OWNER,
    schema: { tags: ['account'], summary: 'Add a warehouse', security, body: WarehouseInput, response: replies(WarehouseList) },
    handler: async (request) => ok(await profile.addWarehouse(callerOf(request), request.body)),
  });

  app.post(routePattern(P.editWarehouse, 'id'), {
    config: OWNER,
    schema: { tags: ['account'], summary: 'Edit a warehouse', security, params: IdParams, body: WarehouseInput, response: replies(WarehouseList) },
    handler: async (request) => ok(await profile.editWarehouse(callerOf(request), request.params.id, request.body)),
  });

  app.post(routePattern(P.warehouseClosed, 'id'), {
    config: OWNER,
    schema: {
      tags: ['account'],
      summary: 'Close a warehouse until a day with a note (STORE_CLOSED to connected buyers), or open it again',
      security,
      params: IdParams,
      body: WarehouseClosure,
      response: replies(WarehouseList),
    },
    handler: async (request) => ok(await profile.setWarehouseClosure(callerOf(request), request.params.id, request.body)),
  });
};
