import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AllocateUnmatched, PAYMENTS_PATHS, Payment, STATEMENT_MAX_BYTES, STATEMENT_MAX_LINES, StatementImportResult, StatementUpload, UnmatchedPayments, WebhookAck } from 'shared-api';
import { z } from 'zod';
import { PUBLIC, callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { routePattern } from '../../http/paths';
import type { ReconciliationService } from './service';

const ProviderParams = z.object({ provider: z.string().max(100) });
const PaymentParams = z.object({ paymentId: z.string().uuid() });
const ANY = requireRole({ permission: 'PAYMENTS' });
/**
 * Room for a file well past STATEMENT_MAX_BYTES in base64, so that one a little too large is told the limit (413
 * E0020 from readStatement) rather than fastify's bare "body too large".
 */
const STATEMENT_BODY_LIMIT = 4 * STATEMENT_MAX_BYTES;

export const reconciliationRoutes: FastifyPluginAsyncZod<{ reconciliation: ReconciliationService }> = async (app, { reconciliation }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['payments'];

  // The gateway's webhook in a scope of its own: its JSON body is kept as the exact text that was signed.
  await app.register(async (scope) => {
    const hook = scope.withTypeProvider<ZodTypeProvider>();
    // Any content type: the signature, not the header, says what the body is (and the NUL check still sees it).
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    hook.post(routePattern(PAYMENTS_PATHS.webhook, 'provider'), {
      config: PUBLIC,
      schema: {
        tags,
        summary: `A payment gateway's signed event (GatewayEvent as JSON; headers x-medico-timestamp and x-medico-signature = hex HMAC-SHA256(secret, "timestamp.body")). 401 unsigned, tampered or replayed; 503 when no secret is configured`,
        params: ProviderParams,
        body: z.string(),
        response: replies(WebhookAck),
      },
      handler: async (request) => ok(await reconciliation.receive(request.params.provider, { headers: request.headers, rawBody: request.body })),
    });
  });

  app.get(PAYMENTS_PATHS.unmatched, {
    config: ANY,
    schema: { tags, summary: "Money the caller's unit received that no request explains, waiting to be allocated (oldest first)", security, response: replies(UnmatchedPayments) },
    handler: async (request) => ok(await reconciliation.unmatched(callerOf(request))),
  });

  app.post(routePattern(PAYMENTS_PATHS.allocateUnmatched, 'paymentId'), {
    config: ANY,
    schema: { tags, summary: 'Say which debtor paid an unmatched payment and what it settles: posted, and out of the queue', security, params: PaymentParams, body: AllocateUnmatched, response: replies(Payment) },
    handler: async (request) => ok(await reconciliation.allocate(callerOf(request), request.params.paymentId, request.body)),
  });

  app.post(PAYMENTS_PATHS.statementImport, {
    config: ANY,
    bodyLimit: STATEMENT_BODY_LIMIT,
    schema: {
      tags,
      summary: `Import the caller's bank statement (CSV/XLSX/XLS, base64, at most ${STATEMENT_MAX_LINES} lines and ${STATEMENT_MAX_BYTES / (1024 * 1024)} MB, else 413 E0020): lines matched to payments by UTR and amount, rows with unreadable money rejected; one transaction; the same file again is 409 E0009`,
      security,
      body: StatementUpload,
      response: replies(StatementImportResult),
    },
    handler: async (request) => ok(await reconciliation.importStatement(callerOf(request), request.body)),
  });

  app.post(PAYMENTS_PATHS.statementPreview, {
    config: ANY,
    bodyLimit: STATEMENT_BODY_LIMIT,
    schema: { tags, summary: 'What importing this bank statement would do, line by line, and the rows it would reject; nothing stored (same refusals as the import)', security, body: StatementUpload, response: replies(StatementImportResult) },
    handler: async (request) => ok(await reconciliation.previewStatement(callerOf(request), request.body)),
  });
};
