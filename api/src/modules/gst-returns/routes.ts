import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOOKS_PATHS, GstFileQuery, GstMonthQuery, Gstr1Summary, Gstr3b, TallyExportQuery } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { CONTENT_TYPES, sendFile } from '../../http/file-reply';
import type { GstReturnsService } from './service';

/** Every unit files its own returns: any signed-in user of the unit, scoped to that unit. */
const ANY = requireRole({ permission: 'GST_FILES' });
const FILE_TYPES = [CONTENT_TYPES.json, CONTENT_TYPES.csv, CONTENT_TYPES.xlsx];

export const gstReturnsRoutes: FastifyPluginAsyncZod<{ gstReturns: GstReturnsService }> = async (app, { gstReturns }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['gst-returns'];

  app.get(BOOKS_PATHS.gstr1, {
    config: ANY,
    schema: { tags, summary: "A month's GSTR-1: section totals, the register's totals, problems and the portal's JSON", security, querystring: GstMonthQuery, response: replies(Gstr1Summary) },
    handler: async (request) => ok(await gstReturns.gstr1(callerOf(request), request.query.month)),
  });

  app.get(BOOKS_PATHS.gstr1File, {
    config: ANY,
    // A file, not the JSON envelope: no response schema (errors still answer the envelope).
    schema: { tags, summary: 'GSTR-1 as the portal JSON (json), or as CSV or a workbook for people', security, querystring: GstFileQuery, produces: FILE_TYPES },
    handler: async (request, reply) => sendFile(reply, await gstReturns.gstr1File(callerOf(request), request.query.month, request.query.format)),
  });

  app.get(BOOKS_PATHS.gstr3b, {
    config: ANY,
    schema: { tags, summary: "A month's GSTR-3B figures with the set-off of input tax", security, querystring: GstMonthQuery, response: replies(Gstr3b) },
    handler: async (request) => ok(await gstReturns.gstr3b(callerOf(request), request.query.month)),
  });

  app.get(BOOKS_PATHS.gstr3bFile, {
    config: ANY,
    schema: { tags, summary: 'GSTR-3B as the portal JSON (json), or as CSV or a workbook', security, querystring: GstFileQuery, produces: FILE_TYPES },
    handler: async (request, reply) => sendFile(reply, await gstReturns.gstr3bFile(callerOf(request), request.query.month, request.query.format)),
  });

  app.get(BOOKS_PATHS.tallyExport, {
    config: ANY,
    schema: { tags, summary: "A period's vouchers as Tally import XML (period defaults to the financial year so far)", security, querystring: TallyExportQuery, produces: [CONTENT_TYPES.xml] },
    handler: async (request, reply) => sendFile(reply, await gstReturns.tally(callerOf(request), request.query)),
  });
};
