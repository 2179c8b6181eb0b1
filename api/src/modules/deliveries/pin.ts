import type { Database } from '../../db/database';

/*
 * Who can receive a consignment's pin (issue 33): the people who receive the goods, never the one carrying them. The
 * receiving unit's members other than the delivery boy get it in the bell (service.ts sendPin, notify's `except`);
 * an OFFLINE SEND's party by SMS. Where that leaves no one, a pin cannot prove the hand-over: the delivery boy marks
 * it delivered without one, and the DELIVERED event says so.
 */

export const NOT_PIN_PROVEN = 'Not pin-proven: no one but the delivery boy could receive the pin';

/** The columns the rule reads. */
export interface PinParties {
  id: string;
  receiver_unit_id: string | null;
  assignee_user_id: string | null;
  to_mobile: string | null;
}

/**
 * The consignments among `rows` whose pin no one but their delivery boy could receive: the receiving unit has no live
 * member besides him, or (no receiving unit) the party's number is missing or his own. One query for all of them.
 */
export async function pinCannotProve(db: Database, rows: readonly PinParties[]): Promise<Set<string>> {
  const carried = rows.filter((r) => r.assignee_user_id);
  if (!carried.length) return new Set();
  const units = [...new Set(carried.flatMap((r) => (r.receiver_unit_id ? [r.receiver_unit_id] : [])))];
  const boys = [...new Set(carried.map((r) => r.assignee_user_id!))];
  const people = await db
    .selectFrom('users')
    .select(['id', 'unit_id', 'mobile'])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('id', 'in', boys), ...(units.length ? [eb('unit_id', 'in', units)] : [])]))
    .execute();
  const cannot = new Set<string>();
  for (const r of carried) {
    const alone = r.receiver_unit_id
      ? !people.some((p) => p.unit_id === r.receiver_unit_id && p.id !== r.assignee_user_id)
      : !r.to_mobile || people.some((p) => p.id === r.assignee_user_id && p.mobile === r.to_mobile);
    if (alone) cannot.add(r.id);
  }
  return cannot;
}
