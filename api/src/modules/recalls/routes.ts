import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LiftRecall, NewRecall, RECALL_DOCUMENT_MAX_BYTES, RECALL_PATHS, Recall, RecallDocument, RecallList, RecallListQuery, RecallParams, RecallProductMatches, RecallProductQuery } from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { sendFile } from '../../http/file-reply';
import { routePattern } from '../../http/paths';
import { DOCUMENT_MAX_MB, type RecallDocuments } from './documents';
import type { RecallsService } from './service';

/*
 * Who: every unit a recall can reach (holders and buyers: stockists, retailers, hospitals) reads the recalls that
 * reach it; raising is for stockists and manufacturers (back-office staff belong to a MANUFACTURER-type unit), and
 * the service narrows it to staff, the product's manufacturer and a stockist that held it. Raising and lifting block
 * and unblock sale: verified units only.
 */
const READERS = ['STOCKIST', 'RETAILER', 'HOSPITAL', 'MANUFACTURER'] as const;
const READ = requireRole({ permission: 'STOCK_READ', customerTypes: READERS });
const RAISE = requireRole({ permission: 'STOCK_WRITE', customerTypes: ['STOCKIST', 'MANUFACTURER'], activeOnly: true });
/** Letters (raisers) and certificates of destruction (any holder). */
const UPLOAD = requireRole({ permission: 'STOCK_WRITE', customerTypes: READERS });
const DocumentParams = z.object({ documentId: z.string() });

export const recallsRoutes: FastifyPluginAsyncZod<{ recalls: RecallsService; documents: RecallDocuments }> = async (app, { recalls, documents }) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['recalls'];
  await app.register(multipart, { limits: { fileSize: RECALL_DOCUMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024 } });

  app.get(RECALL_PATHS.list, {
    config: READ,
    schema: { tags, summary: 'Recalls that reach the caller (held, bought, raised by it), newest first; staff see all', security, querystring: RecallListQuery, response: replies(RecallList) },
    handler: async (request) => ok(await recalls.list(callerOf(request), request.query)),
  });

  app.post(RECALL_PATHS.list, {
    config: RAISE,
    schema: {
      tags,
      summary: 'Raise a recall: every matching batch everywhere blocked and quarantined, reservations released, orders flagged, holders and buyers told (staff; a manufacturer for its products; a stockist for stock it held)',
      security,
      body: NewRecall,
      response: replies(Recall),
    },
    handler: async (request) => ok(await recalls.raise(callerOf(request), request.body)),
  });

  app.get(RECALL_PATHS.products, {
    config: READ,
    schema: { tags, summary: "Products a notice's name (and manufacturer) may mean, matched as search matches; exact when one is certain", security, querystring: RecallProductQuery, response: replies(RecallProductMatches) },
    handler: async (request) => ok(await recalls.products(request.query)),
  });

  app.post(RECALL_PATHS.documents, {
    config: UPLOAD,
    schema: { tags, summary: `Upload a manufacturer's letter or a certificate of destruction (multipart: kind, then file; PDF or image, at most ${DOCUMENT_MAX_MB} MB)`, security, response: replies(RecallDocument) },
    handler: async (request) => {
      if (!request.isMultipart()) throw new AppError('E0001', 400, 'Send the file as multipart/form-data', { file: 'A file must be picked' });
      let kind: string | undefined;
      let file: { fileName: string; bytes: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') file = { fileName: part.filename, bytes: await part.toBuffer() };
          else if (part.fieldname === 'kind' && typeof part.value === 'string') kind = part.value;
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('E0001', 413, `The file is larger than ${DOCUMENT_MAX_MB} MB`, { file: `At most ${DOCUMENT_MAX_MB} MB` });
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('E0001', 400, 'Upload one file at a time', { file: 'One file' });
        throw error;
      }
      if (!file) throw new AppError('E0001', 400, 'A file must be picked', { file: 'A file must be picked' });
      return ok(await documents.upload(callerOf(request), kind, file));
    },
  });

  app.get(routePattern(RECALL_PATHS.document, 'documentId'), {
    config: READ,
    schema: { tags, summary: 'A recall document (the letter, a certificate): the file itself', security, params: DocumentParams },
    handler: async (request, reply) => sendFile(reply, await documents.download(callerOf(request), request.params.documentId)),
  });

  app.get(routePattern(RECALL_PATHS.detail, 'recallId'), {
    config: READ,
    schema: { tags, summary: 'One recall with its effect so far (404 unless it reaches the caller)', security, params: RecallParams, response: replies(Recall) },
    handler: async (request) => ok(await recalls.detail(callerOf(request), request.params.recallId)),
  });

  app.post(routePattern(RECALL_PATHS.lift, 'recallId'), {
    config: RAISE,
    schema: { tags, summary: 'Lift a recall (its raiser or staff): sale restored, quarantined units moved back, everyone told again', security, params: RecallParams, body: LiftRecall, response: replies(Recall) },
    handler: async (request) => ok(await recalls.lift(callerOf(request), request.params.recallId, request.body)),
  });
};
