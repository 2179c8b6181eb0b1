import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { RECALL_DOCUMENT_MAX_BYTES, type RecallDocument } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import type { DownloadFile } from '../../http/file-reply';
import { isUuid } from '../../http/ids';
import { isStaff } from '../registration/repository';

/*
 * The papers a recall rests on: the manufacturer's letter (LETTER) and a certificate of destruction
 * (DESTRUCTION_CERTIFICATE), each a PDF or an image. The type is read from the bytes, never from the name or the
 * header the browser sent, so a renamed file is refused.
 */

export const DOCUMENT_MAX_MB = RECALL_DOCUMENT_MAX_BYTES / 1024 / 1024;

const TYPES: { mime: string; ext: string; is: (b: Buffer) => boolean }[] = [
  { mime: 'application/pdf', ext: 'pdf', is: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  { mime: 'image/png', ext: 'png', is: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', ext: 'jpg', is: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/webp', ext: 'webp', is: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** PDF, PNG, JPEG or WebP by the first bytes; null for anything else. */
export function documentType(bytes: Buffer): { mime: string; ext: string } | null {
  return TYPES.find((t) => t.is(bytes)) ?? null;
}

/** A file name safe to send back in a header: letters, digits, dot, dash and underscore. */
function safeName(name: string, ext: string): string {
  const base = name.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'document';
  return `${base}.${ext}`;
}

export class RecallDocuments {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  async upload(caller: Caller, kind: string | undefined, file: { fileName: string; bytes: Buffer }): Promise<RecallDocument> {
    if (kind !== 'LETTER' && kind !== 'DESTRUCTION_CERTIFICATE') {
      throw new AppError('E0001', 400, "Say what the file is: the manufacturer's letter (LETTER) or a certificate of destruction (DESTRUCTION_CERTIFICATE)", { kind: 'LETTER or DESTRUCTION_CERTIFICATE' });
    }
    if (file.bytes.length === 0) throw new AppError('E0001', 400, 'The file is empty', { file: 'The file is empty' });
    if (file.bytes.length > RECALL_DOCUMENT_MAX_BYTES) throw new AppError('E0001', 413, `The file is larger than ${DOCUMENT_MAX_MB} MB`, { file: `At most ${DOCUMENT_MAX_MB} MB` });
    const type = documentType(file.bytes);
    if (!type) throw new AppError('E0001', 400, 'The file is not a PDF or an image (PNG, JPEG, WebP)', { file: 'A PDF or an image' });
    const id = randomUUID();
    const fileName = safeName(file.fileName, type.ext);
    await this.db
      .insertInto('recall_documents')
      .values({ id, kind, unit_id: caller.unitId, uploaded_by: caller.userId, file_name: fileName, mime_type: type.mime, size_bytes: file.bytes.length, content: file.bytes, created_at: this.config.now() })
      .execute();
    return { documentId: id, fileName };
  }

  /**
   * The file, for the unit that uploaded it, staff, anyone a recall resting on it reaches (a letter), and the raiser of
   * a recall whose quarantine it destroyed (a certificate). Anyone else: 404.
   */
  async download(caller: Caller, documentId: string): Promise<DownloadFile> {
    if (!isUuid(documentId)) throw notFound();
    const doc = await this.db.selectFrom('recall_documents').select(['unit_id', 'file_name', 'mime_type', 'content']).where('id', '=', documentId).executeTakeFirst();
    if (!doc) throw notFound();
    if (doc.unit_id !== caller.unitId && !(await isStaff(this.db, caller.userId))) {
      const { rows } = await sql<{ one: number }>`
        SELECT 1 AS one FROM recalls r
        WHERE (r.letter_document_id = ${documentId}
               OR EXISTS (SELECT 1 FROM non_saleable_stock_movements m WHERE m.recall_id = r.id AND m.source_type = 'RECALL_DESTRUCTION' AND m.source_id = ${documentId}))
          AND (r.raised_by_unit_id = ${caller.unitId}
               OR EXISTS (SELECT 1 FROM recall_parties rp WHERE rp.recall_id = r.id AND rp.unit_id = ${caller.unitId})
               OR EXISTS (SELECT 1 FROM inventory_batches b WHERE b.recall_id = r.id AND b.unit_id = ${caller.unitId}))
        LIMIT 1`.execute(this.db);
      if (!rows.length) throw notFound();
    }
    return { fileName: doc.file_name, contentType: doc.mime_type, body: Buffer.from(doc.content) };
  }
}
