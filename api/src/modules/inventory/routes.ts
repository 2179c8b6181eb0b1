import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddStock,
  CostBasis,
  COUNT_FREE_FIELD,
  ColumnMapping,
  ExpirySummary,
  FixProductHsn,
  INVENTORY_PATHS,
  ITEM_PICKS_FIELD,
  ItemPicks,
  ImportResult,
  InventoryAge,
  InventoryList,
  InventoryQuery,
  ProductHsn,
  STOCK_KEEPING_TYPES,
  StockBatch,
  StockDetail,
  StockReport,
  UPLOAD_MAX_BYTES,
  UploadMode,
  UploadPreview,
} from 'shared-api';
import { z } from 'zod';
import { callerOf, requireRole } from '../../http/access';
import { ok, replies } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { routePattern } from '../../http/paths';
import { fileTypeOf } from './parsers/read-upload';
import type { InventoryService, UploadedFile } from './service';

// Stock is a stockist's (SPEC.md §2): retailers and hospitals have no inventory screens.
// Uploading stock files is a stockist's (SPEC.md §6); every unit that keeps stock reads it and adds a batch by hand.
const UPLOAD = requireRole({ permission: 'UPLOADS', customerTypes: ['STOCKIST'], activeOnly: true });
const READ = requireRole({ permission: 'STOCK_READ', customerTypes: [...STOCK_KEEPING_TYPES] });
const WRITE = requireRole({ permission: 'STOCK_WRITE', customerTypes: [...STOCK_KEEPING_TYPES], activeOnly: true });
const OWNER = requireRole({ permission: 'OWNER_ONLY', customerTypes: [...STOCK_KEEPING_TYPES] });
const security = [{ bearerAuth: [] }];
const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

interface UploadForm {
  file: UploadedFile;
  mode: string | undefined;
  mapping: z.infer<typeof ColumnMapping> | undefined;
  /** whether free quantities count as stock; undefined: the unit's last choice */
  countFree: boolean | undefined;
  /** the seller's products for the preview's uncertain items (issue 36); none: each becomes a new product */
  picks: z.infer<typeof ItemPicks>;
}

/** The multipart form: one file plus the optional `mode`, `mapping` (JSON), `countFree` ('true'|'false') and picks (JSON) fields. */
async function readForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError('E0001', 400, 'Send the file as multipart/form-data', { file: 'A file must be picked' });
  let file: UploadedFile | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw new AppError('E0001', 400, 'Upload one file at a time');
        // The type is refused before the bytes are read: nothing of a wrong file is kept.
        fileTypeOf(part.filename);
        file = { fileName: part.filename, bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('E0001', 413, `The file is larger than ${MAX_MB} MB: split it or remove columns you don't need`, { file: `At most ${MAX_MB} MB` });
    }
    throw error;
  }
  if (!file) throw new AppError('E0001', 400, 'A file must be picked', { file: 'A file must be picked' });
  let mapping: UploadForm['mapping'];
  if (fields.mapping) {
    const parsed = ColumnMapping.safeParse(safeJson(fields.mapping));
    if (!parsed.success) throw new AppError('E0001', 400, 'The column mapping is not valid', { mapping: 'Not a valid mapping' });
    mapping = parsed.data;
  }
  const countFreeText = fields[COUNT_FREE_FIELD];
  if (countFreeText !== undefined && countFreeText !== 'true' && countFreeText !== 'false') {
    throw new AppError('E0001', 400, 'Say whether free goods count as stock: true or false', { [COUNT_FREE_FIELD]: 'true or false' });
  }
  let picks: UploadForm['picks'] = [];
  if (fields[ITEM_PICKS_FIELD]) {
    const parsed = ItemPicks.safeParse(safeJson(fields[ITEM_PICKS_FIELD]));
    if (!parsed.success) {
      throw new AppError('E0001', 400, 'The products chosen for the file’s items are not valid: read the file again', { [ITEM_PICKS_FIELD]: 'A list of { itemKey, productId or NEW }' });
    }
    picks = parsed.data;
  }
  return { file, mode: fields.mode, mapping, countFree: countFreeText === undefined ? undefined : countFreeText === 'true', picks };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** SPEC.md §7 tenants/inventory/* plus the upload's preview and import. */
export const inventoryRoutes: FastifyPluginAsyncZod<{ inventory: InventoryService }> = async (app, { inventory }) => {
  // A field up to 4 MB: the picks of a file with thousands of uncertain items (JSON, ~100 bytes each).
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 4 * 1024 * 1024 } });

  app.post(INVENTORY_PATHS.uploadPreview, {
    config: UPLOAD,
    schema: {
      tags: ['inventory'],
      summary:
        'Reads an uploaded stock file (multipart: file, optional mapping JSON and countFree true|false) and shows what an import would do, with HSN/GST warnings and what the catalogue makes of its items; stores nothing',
      security,
      response: replies(UploadPreview),
    },
    handler: async (request) => {
      const form = await readForm(request);
      return ok(await inventory.preview(callerOf(request), form.file, form.mapping, form.countFree));
    },
  });

  app.post(INVENTORY_PATHS.uploadImport, {
    config: UPLOAD,
    schema: {
      tags: ['inventory'],
      summary:
        'Imports the valid rows of a stock file into the active warehouse (multipart: file, mode REPLACE|ADD, mapping JSON, countFree true|false, remembered for the unit, picks JSON ItemPick[] for the uncertain items, remembered for the seller); every item matched to the one catalogue; one transaction, idempotent per file',
      security,
      response: replies(ImportResult),
    },
    handler: async (request) => {
      const form = await readForm(request);
      const mode = UploadMode.safeParse(form.mode);
      if (!mode.success) throw new AppError('E0001', 400, 'Say whether the file replaces or adds to the stock', { mode: 'REPLACE or ADD' });
      return ok(await inventory.import(callerOf(request), form.file, mode.data, form.mapping, form.countFree, form.picks));
    },
  });

  app.get(INVENTORY_PATHS.all, {
    config: READ,
    schema: { tags: ['inventory'], summary: 'Batches of the active warehouse: search, manufacturer and expiry filters, sort, paging', security, querystring: InventoryQuery, response: replies(InventoryList) },
    handler: async (request) => ok(await inventory.list(callerOf(request), request.query)),
  });

  app.post(INVENTORY_PATHS.add, {
    config: WRITE,
    schema: { tags: ['inventory'], summary: 'Adds one batch by hand to the active warehouse', security, body: AddStock, response: replies(StockBatch) },
    handler: async (request) => ok(await inventory.add(callerOf(request), request.body)),
  });

  // Issue 39 item 5: the owner chooses what stock without a cost is valued at (it sets the books' stock value).
  app.get(INVENTORY_PATHS.costBasis, {
    config: READ,
    schema: { tags: ['inventory'], summary: 'What stock arriving without a cost (no Cost column, added by hand) is valued at', security, response: replies(CostBasis) },
    handler: async (request) => ok(await inventory.costBasis(callerOf(request))),
  });

  app.put(INVENTORY_PATHS.costBasis, {
    config: OWNER,
    schema: { tags: ['inventory'], summary: "Sets it: PTS (else PTR), PTR, or PTR less a margin; stock already in keeps its cost", security, body: CostBasis, response: replies(CostBasis) },
    handler: async (request) => ok(await inventory.setCostBasis(callerOf(request), request.body)),
  });

  app.get(routePattern(INVENTORY_PATHS.batch, 'id'), {
    config: READ,
    schema: { tags: ['inventory'], summary: 'One batch with its movement history', security, params: z.object({ id: z.uuid() }), response: replies(StockDetail) },
    handler: async (request) => ok(await inventory.detail(callerOf(request), request.params.id)),
  });

  app.put(routePattern(INVENTORY_PATHS.productHsn, 'productId'), {
    config: WRITE,
    schema: {
      tags: ['inventory'],
      summary: "Gives a product whose HSN has no GST rate on record one that has (E0021 when the new one has none either); its open orders are repriced",
      security,
      params: z.object({ productId: z.uuid() }),
      body: FixProductHsn,
      response: replies(ProductHsn),
    },
    handler: async (request) => ok(await inventory.fixHsn(callerOf(request), request.params.productId, request.body)),
  });

  app.get(INVENTORY_PATHS.expiry, {
    config: READ,
    schema: { tags: ['inventory'], summary: 'Expired stock and stock expiring within 30, 60 and 90 days', security, response: replies(ExpirySummary) },
    handler: async (request) => ok(await inventory.expiry(callerOf(request))),
  });

  app.get(INVENTORY_PATHS.age, {
    config: READ,
    schema: { tags: ['inventory'], summary: 'Stock by days since it came in', security, response: replies(InventoryAge) },
    handler: async (request) => ok(await inventory.age(callerOf(request))),
  });

  app.get(INVENTORY_PATHS.report, {
    config: READ,
    schema: { tags: ['inventory'], summary: 'Stock value by manufacturer and the last 30 days of movements', security, response: replies(StockReport) },
    handler: async (request) => ok(await inventory.report(callerOf(request))),
  });
};
