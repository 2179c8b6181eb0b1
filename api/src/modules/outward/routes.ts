import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateOutwardEntry, OUTWARD_PATHS, OutwardBatchQuery, OutwardBatches, OutwardEntryResult, OutwardExportQuery, OutwardList, OutwardQuery, STOCK_KEEPING_TYPES } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { CONTENT_TYPES, sendFile } from '../../http/file-reply';
import type { OutwardService } from './service';

// As the inventory screens: every unit that keeps stock, owners and employees alike; taking stock out by hand is
// a write like adding it, so it waits for the unit's verification.
const READ = requireRole({ permission: 'STOCK_READ', customerTypes: [...STOCK_KEEPING_TYPES] });
const WRITE = requireRole({ permission: 'STOCK_WRITE_OFF', customerTypes: [...STOCK_KEEPING_TYPES], activeOnly: true });
const security = [{ bearerAuth: [] }];
const tags = ['outward-stock'];

/** SPEC.md §2 outward-stock-registry; paths under purchases/* (§7). */
export const outwardRoutes: FastifyPluginAsyncZod<{ outward: OutwardService }> = async (app, { outward }) => {
  app.get(OUTWARD_PATHS.list, {
    config: READ,
    schema: {
      tags,
      summary: 'Stock that left the active warehouse (orders, counter sales, debit notes, manual entries), newest first, with totals; filters by period, product, party and kind',
      security,
      querystring: OutwardQuery,
      response: replies(OutwardList),
    },
    handler: async (request) => ok(await outward.list(callerOf(request), request.query)),
  });

  app.get(OUTWARD_PATHS.export, {
    config: READ,
    // A file, not the JSON envelope: no response schema (errors still answer the envelope).
    schema: { tags, summary: 'The filtered register as CSV or a workbook (every row, with a totals row)', security, querystring: OutwardExportQuery, produces: [CONTENT_TYPES.csv, CONTENT_TYPES.xlsx] },
    handler: async (request, reply) => sendFile(reply, await outward.export(callerOf(request), request.query)),
  });

  app.get(OUTWARD_PATHS.batches, {
    config: READ,
    schema: { tags, summary: 'Batches of the active warehouse with stock available, of one product or matching a name (the add form)', security, querystring: OutwardBatchQuery, response: replies(OutwardBatches) },
    handler: async (request) => ok(await outward.batches(callerOf(request), request.query)),
  });

  app.post(OUTWARD_PATHS.add, {
    config: WRITE,
    schema: {
      tags,
      summary: 'Stock leaves a batch by hand (sample, supplier return, transfer, damage): the batch is lowered with a movement in one transaction; never more than is available',
      security,
      body: CreateOutwardEntry,
      response: replies(OutwardEntryResult),
    },
    handler: async (request) => ok(await outward.add(callerOf(request), request.body)),
  });
};
