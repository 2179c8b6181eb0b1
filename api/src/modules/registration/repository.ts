import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { RegistrationsTable } from '../../db/types';
import type { Selectable, Updateable } from 'kysely';

export type RegistrationRow = Selectable<RegistrationsTable>;

/** Applications whose identifiers count as taken: submitted (awaiting staff) or approved. */
const LIVE = ['SUBMITTED', 'APPROVED'] as const;

export function findByTokenHash(db: Database, tokenHash: string) {
  return db.selectFrom('registrations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findDraftByMobile(db: Database, mobile: string) {
  return db.selectFrom('registrations').selectAll().where('mobile', '=', mobile).where('status', '=', 'DRAFT').executeTakeFirst();
}

export function findById(db: Database, id: string, forUpdate = false) {
  const query = db.selectFrom('registrations').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The unit's application (the latest, should a rejected applicant ever apply again). */
export function findByUnit(db: Database, unitId: string) {
  return db.selectFrom('registrations').selectAll().where('unit_id', '=', unitId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

export async function insertDraft(db: Database, row: { id: string; mobile: string; token_hash: string; now: Date }): Promise<void> {
  await db
    .insertInto('registrations')
    .values({ id: row.id, mobile: row.mobile, token_hash: row.token_hash, status: 'DRAFT', step: 1, created_at: row.now, updated_at: row.now })
    .execute();
}

export async function update(db: Database, id: string, values: Updateable<RegistrationsTable>): Promise<void> {
  await db.updateTable('registrations').set(values).where('id', '=', id).execute();
}

export async function emailTaken(db: Database, email: string, exceptId: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (user) return true;
  const other = await db
    .selectFrom('registrations')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('status', 'in', LIVE)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return Boolean(other);
}

/** Which of the given identifiers another live application already holds. */
export async function takenIdentifiers(
  db: Database,
  exceptId: string,
  ids: { gstin?: string; pan?: string; food?: string; drugLicences: string[] },
): Promise<{ gstinOrPan: boolean; food: boolean; drugLicence: boolean }> {
  const rows = await db
    .selectFrom('registrations')
    .select(['gstin', 'pan', 'food_licence', 'drug_licence_1', 'drug_licence_2'])
    .where('status', 'in', LIVE)
    .where('id', '<>', exceptId)
    .where((eb) => {
      const ors = [];
      if (ids.gstin) ors.push(eb('gstin', '=', ids.gstin));
      if (ids.pan) ors.push(eb('pan', '=', ids.pan));
      if (ids.food) ors.push(eb('food_licence', '=', ids.food));
      for (const dl of ids.drugLicences) ors.push(eb('drug_licence_1', '=', dl), eb('drug_licence_2', '=', dl));
      return ors.length ? eb.or(ors) : eb.val(false);
    })
    .execute();
  return {
    gstinOrPan: rows.some((r) => (ids.gstin && r.gstin === ids.gstin) || (ids.pan && r.pan === ids.pan)),
    food: rows.some((r) => ids.food && r.food_licence === ids.food),
    drugLicence: rows.some((r) => ids.drugLicences.some((dl) => dl === r.drug_licence_1 || dl === r.drug_licence_2)),
  };
}

/** Live retailer applications at a pincode (E0028: the same shop registered twice). */
export function retailersAt(db: Database, pincode: string, exceptId: string) {
  return db
    .selectFrom('registrations')
    .select(['trade_name'])
    .where('status', 'in', LIVE)
    .where('customer_type', '=', 'RETAILER')
    .where('pincode', '=', pincode)
    .where('id', '<>', exceptId)
    .execute();
}

export function listDocuments(db: Database, registrationIds: string[]) {
  if (registrationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('registration_documents')
    .select(['id', 'registration_id', 'kind', 'file_name', 'mime_type', 'size_bytes'])
    .where('registration_id', 'in', registrationIds)
    .orderBy('created_at')
    .execute();
}

export async function upsertDocument(
  db: Database,
  row: { id: string; registration_id: string; kind: string; file_name: string; mime_type: string; size_bytes: number; content: Uint8Array; created_at: Date },
): Promise<void> {
  await db
    .insertInto('registration_documents')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['registration_id', 'kind']).doUpdateSet({
        id: row.id,
        file_name: row.file_name,
        mime_type: row.mime_type,
        size_bytes: row.size_bytes,
        content: row.content,
        created_at: row.created_at,
      }),
    )
    .execute();
}

export function findDocument(db: Database, id: string) {
  return db
    .selectFrom('registration_documents as d')
    .innerJoin('registrations as r', 'r.id', 'd.registration_id')
    .select(['d.id', 'd.kind', 'd.file_name', 'd.mime_type', 'd.size_bytes', 'd.content', 'r.unit_id'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function isStaff(db: Database, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('staff_members').select('user_id').where('user_id', '=', userId).executeTakeFirst());
}

/** Next free unit code like RTL-MUM-002 (prefix by type, first three letters of the city). */
export async function nextUnitCode(db: Database, prefix: string, city: string): Promise<string> {
  const place = city.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 3).padEnd(3, 'X');
  const stem = `${prefix}-${place}-`;
  const rows = await db.selectFrom('units').select('unit_code').where('unit_code', 'like', `${stem}%`).execute();
  const used = rows.map((r) => Number(r.unit_code.slice(stem.length))).filter((n) => Number.isInteger(n));
  const next = (used.length ? Math.max(...used) : 0) + 1;
  return `${stem}${String(next).padStart(3, '0')}`;
}

export function findLiveUserByMobile(db: Database, mobile: string) {
  return db.selectFrom('users').select('id').where('mobile', '=', mobile).where('deleted_at', 'is', null).executeTakeFirst();
}
