import { financialYear, financialYearRange, type BooksSettings } from 'shared-api';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { AppError } from '../../http/errors';
import { printedDate } from '../../pdf/pdf';
import { istDate } from '../search/text';

/*
 * The days a journal or a payment may be dated (issue 32): not after today, or, where the owner allows forward
 * dating (books_settings, migration 037, off by default), not after the last day of the open financial year (the
 * year of today); not before the unit's first financial year, the year before the one it joined in (its books of
 * that year can still be brought in). A far date is refused, so document numbers, whose year prints as 'YY-YY',
 * never meet a year a century away.
 */

const startOfYearBefore = (fy: string) => financialYearRange(financialYear(`${Number(fy.slice(0, 4)) - 1}-04-01`)).from;

/** The unit's rules and the range they allow today. */
export async function booksSettings(db: Kysely<DB>, unitId: string, now: Date): Promise<BooksSettings> {
  const row = await db
    .selectFrom('units as u')
    .leftJoin('books_settings as s', 's.unit_id', 'u.id')
    .select(['u.created_at', 's.allow_forward_dating'])
    .where('u.id', '=', unitId)
    .executeTakeFirstOrThrow();
  const today = istDate(now);
  const allowForwardDating = row.allow_forward_dating ?? false;
  return {
    allowForwardDating,
    earliestDate: startOfYearBefore(financialYear(istDate(new Date(row.created_at)))),
    latestDate: allowForwardDating ? financialYearRange(financialYear(today)).to : today,
  };
}

/** The owner's choice on forward dating; answers the rules as they now are. */
export async function saveBooksSettings(db: Kysely<DB>, unitId: string, input: { allowForwardDating: boolean }, now: Date): Promise<BooksSettings> {
  await db
    .insertInto('books_settings')
    .values({ unit_id: unitId, allow_forward_dating: input.allowForwardDating, updated_at: now })
    .onConflict((oc) => oc.column('unit_id').doUpdateSet({ allow_forward_dating: input.allowForwardDating, updated_at: now }))
    .execute();
  return booksSettings(db, unitId, now);
}

/** E0022 (400, on `field`) unless `date` is in the range the unit's rules allow today. */
export async function assertEntryDate(db: Kysely<DB>, unitId: string, date: string, now: Date, field: string): Promise<void> {
  const { earliestDate, latestDate, allowForwardDating } = await booksSettings(db, unitId, now);
  if (date >= earliestDate && date <= latestDate) return;
  const range = `from ${printedDate(earliestDate)} to ${printedDate(latestDate)}`;
  const why = date > latestDate ? (allowForwardDating ? 'after the open financial year' : 'in the future') : "before your books' first financial year";
  throw new AppError('E0022', 400, `This date is outside the allowed range: ${printedDate(date)} is ${why}; entries can be dated ${range}`, { [field]: `Choose a date ${range}` });
}
