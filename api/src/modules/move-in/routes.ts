import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BillSide,
  ConfirmMoveInImport,
  ConfirmOpeningDifference,
  MOVE_IN_EXTENSIONS,
  MOVE_IN_KINDS,
  MOVE_IN_MAX_BYTES,
  MOVE_IN_PATHS,
  MOVE_IN_TYPES_MESSAGE,
  MoveInImport,
  MoveInKind,
  MoveInMapping,
  MoveInReport,
  SetMoveInDate,
} from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { CONTENT_TYPES, sendFile } from '../../http/file-reply';
import { routePattern } from '../../http/paths';
import type { MoveInForm, MoveInService } from './service';

/** The owner's alone: it writes the unit's opening books. */
const OWNER = requireRole({ permission: 'OWNER_ONLY' });
const security = [{ bearerAuth: [] }];
const tags = ['move-in'];
const MAX_MB = MOVE_IN_MAX_BYTES / (1024 * 1024);
const ImportParams = z.object({ importId: z.string().uuid('Choose a move-in file') });

const extensionOf = (fileName: string) => (fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : '');

/** The multipart form: `kind`, one `file`, the optional `mapping` (JSON) and, for bills, `side`. */
async function readForm(request: FastifyRequest): Promise<MoveInForm> {
  if (!request.isMultipart()) throw new AppError('E0001', 400, 'Send the file as multipart/form-data', { file: 'A file must be picked' });
  let file: MoveInForm['file'] | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw new AppError('E0001', 400, 'Upload one file at a time');
        // The type is refused before the bytes are read.
        if (!(MOVE_IN_EXTENSIONS as readonly string[]).includes(extensionOf(part.filename))) {
          throw new AppError('E0001', 400, `${part.filename || 'This file'}: ${MOVE_IN_TYPES_MESSAGE}`, { file: MOVE_IN_TYPES_MESSAGE });
        }
        file = { fileName: part.filename, bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('E0001', 413, `The file is larger than ${MAX_MB} MB: split it`, { file: `At most ${MAX_MB} MB` });
    }
    throw error;
  }
  const kind = MoveInKind.safeParse(fields.kind);
  if (!kind.success) throw new AppError('E0001', 400, `Say what the file holds: ${MOVE_IN_KINDS.join(', ')}`, { kind: `One of ${MOVE_IN_KINDS.join(', ')}` });
  if (!file) throw new AppError('E0001', 400, 'A file must be picked', { file: 'A file must be picked' });
  let side: BillSide | undefined;
  if (fields.side) {
    const parsed = BillSide.safeParse(fields.side);
    if (!parsed.success) throw new AppError('E0001', 400, 'Say whose bills these are: RECEIVABLE (customers owe you) or PAYABLE (you owe suppliers)', { side: 'RECEIVABLE or PAYABLE' });
    side = parsed.data;
  }
  let mapping: MoveInMapping | undefined;
  if (fields.mapping) {
    let json: unknown = null;
    try {
      json = JSON.parse(fields.mapping);
    } catch {
      // answered below
    }
    const parsed = MoveInMapping.safeParse(json);
    if (!parsed.success) throw new AppError('E0001', 400, 'The column mapping is not valid: give each field the number of its column', { mapping: 'Not a valid mapping' });
    mapping = parsed.data;
  }
  return { kind: kind.data, file, mapping, side };
}

/** Settings → Move in (issue 36): the opening date, each file previewed then imported, the report, the difference. */
export const moveInRoutes: FastifyPluginAsyncZod<{ moveIn: MoveInService }> = async (app, { moveIn }) => {
  await app.register(multipart, { limits: { fileSize: MOVE_IN_MAX_BYTES, files: 1, fields: 3, fieldSize: 64 * 1024 } });

  app.get(MOVE_IN_PATHS.report, {
    config: OWNER,
    schema: { tags, summary: 'The move-in: files imported, the books against the files, stock at cost and the opening difference', security, response: replies(MoveInReport) },
    handler: async (request) => ok(await moveIn.report(callerOf(request))),
  });

  app.put(MOVE_IN_PATHS.openingDate, {
    config: OWNER,
    schema: { tags, summary: 'The day the opening balances are as of; fixed once a file is imported (E0026)', security, body: SetMoveInDate, response: replies(MoveInReport) },
    handler: async (request) => ok(await moveIn.setOpeningDate(callerOf(request), request.body)),
  });

  app.post(MOVE_IN_PATHS.imports, {
    config: OWNER,
    schema: {
      tags,
      summary: 'Reads a file (multipart: kind, file XLSX/XLS/CSV/Tally XML, optional mapping JSON, side for bills) and keeps it as a preview; imports nothing',
      security,
      response: replies(MoveInImport),
    },
    handler: async (request) => ok(await moveIn.preview(callerOf(request), await readForm(request))),
  });

  app.get(routePattern(MOVE_IN_PATHS.detail, 'importId'), {
    config: OWNER,
    schema: { tags, summary: 'One move-in file: its preview, and its result once imported', security, params: ImportParams, response: replies(MoveInImport) },
    handler: async (request) => ok(await moveIn.detail(callerOf(request), request.params.importId)),
  });

  app.get(routePattern(MOVE_IN_PATHS.rejected, 'importId'), {
    config: OWNER,
    schema: { tags, summary: 'The rejected rows of a move-in file with their reasons (CSV)', security, params: ImportParams, produces: [CONTENT_TYPES.csv] },
    handler: async (request, reply) => sendFile(reply, await moveIn.rejectedCsv(callerOf(request), request.params.importId)),
  });

  app.post(routePattern(MOVE_IN_PATHS.confirm, 'importId'), {
    config: OWNER,
    schema: {
      tags,
      summary: 'Imports a previewed file all-or-nothing; a file imported before answers its earlier result and changes nothing',
      security,
      params: ImportParams,
      body: ConfirmMoveInImport,
      response: replies(MoveInImport),
    },
    handler: async (request) => ok(await moveIn.confirm(callerOf(request), request.params.importId, request.body)),
  });

  app.post(MOVE_IN_PATHS.difference, {
    config: OWNER,
    schema: { tags, summary: 'Posts the opening difference the owner saw to "Difference in Opening Balances" (a stale figure: E0026)', security, body: ConfirmOpeningDifference, response: replies(MoveInReport) },
    handler: async (request) => ok(await moveIn.confirmDifference(callerOf(request), request.body)),
  });
};
