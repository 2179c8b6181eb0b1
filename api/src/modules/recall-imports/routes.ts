import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfirmRecallImport, RECALL_IMPORT_MAX_BYTES, RECALL_IMPORT_PATHS, RecallImport, RecallImportMapping, RecallImportParams } from 'shared-api';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { routePattern } from '../../http/paths';
import { listTypeOf } from './read-list';
import type { RecallImportsService, UploadedList } from './service';

/**
 * Back-office staff only. Their unit is the provider's, a MANUFACTURER-type unit (staff/service.ts addStaff), so the
 * route refuses every other type at the door; the service refuses anyone of that type who is not staff (403 E0040).
 */
const STAFF = requireRole({ permission: 'ANY_MEMBER', customerTypes: ['MANUFACTURER'] });
const security = [{ bearerAuth: [] }];
const tags = ['recalls'];
const MAX_MB = RECALL_IMPORT_MAX_BYTES / (1024 * 1024);

/** The multipart form: one file plus the optional `mapping` (JSON) field, as the stock upload takes it. */
async function readForm(request: FastifyRequest): Promise<{ file: UploadedList; mapping: RecallImportMapping | undefined }> {
  if (!request.isMultipart()) throw new AppError('E0001', 400, 'Send the list as multipart/form-data', { file: 'A file must be picked' });
  let file: UploadedList | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw new AppError('E0001', 400, 'Upload one file at a time');
        // The type is refused before the bytes are read.
        listTypeOf(part.filename);
        file = { fileName: part.filename, bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('E0001', 413, `The list is larger than ${MAX_MB} MB: split it`, { file: `At most ${MAX_MB} MB` });
    }
    throw error;
  }
  if (!file) throw new AppError('E0001', 400, 'A file must be picked', { file: 'A file must be picked' });
  let mapping: RecallImportMapping | undefined;
  if (fields.mapping) {
    let json: unknown = null;
    try {
      json = JSON.parse(fields.mapping);
    } catch {
      // answered below
    }
    const parsed = RecallImportMapping.safeParse(json);
    if (!parsed.success) throw new AppError('E0001', 400, 'The column mapping is not valid', { mapping: 'Not a valid mapping' });
    mapping = parsed.data;
  }
  return { file, mapping };
}

/** The regulator's recall list: read and preview, look again, confirm (issue 35). */
export const recallImportRoutes: FastifyPluginAsyncZod<{ imports: RecallImportsService }> = async (app, { imports }) => {
  await app.register(multipart, { limits: { fileSize: RECALL_IMPORT_MAX_BYTES, files: 1, fields: 2, fieldSize: 64 * 1024 } });

  app.post(RECALL_IMPORT_PATHS.imports, {
    config: STAFF,
    schema: {
      tags,
      summary:
        "Reads the regulator's recall list (multipart: file XLSX/XLS/CSV/PDF/TXT, optional mapping JSON), matches each row's product and keeps it as an import to confirm; raises nothing",
      security,
      response: replies(RecallImport),
    },
    handler: async (request) => {
      const form = await readForm(request);
      return ok(await imports.preview(callerOf(request), form.file, form.mapping));
    },
  });

  app.get(routePattern(RECALL_IMPORT_PATHS.detail, 'importId'), {
    config: STAFF,
    schema: { tags, summary: 'One import: its preview, and its result once confirmed', security, params: RecallImportParams, response: replies(RecallImport) },
    handler: async (request) => ok(await imports.detail(callerOf(request), request.params.importId)),
  });

  app.post(routePattern(RECALL_IMPORT_PATHS.confirm, 'importId'), {
    config: STAFF,
    schema: {
      tags,
      summary: "Raises the import's recalls (one per product, reason and notice, each its own transaction) with the picks for ambiguous rows; once per import",
      security,
      params: RecallImportParams,
      body: ConfirmRecallImport,
      response: replies(RecallImport),
    },
    handler: async (request) => ok(await imports.confirm(callerOf(request), request.params.importId, request.body)),
  });
};
