import { sql } from 'kysely';
import type { RecallNetwork } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/errors';
import { isStaff } from '../registration/repository';
import { addDays, istDate } from '../search/text';
import { matches, sameCompany } from './matching';
import { recallScope, type RecallDetail } from './trace';

/** Days the timeline goes back at most (a recall open longer shows its last half year). */
const TIMELINE_DAYS = 183;
/** IST midnight of a day, as an instant. */
const istStart = (date: string) => new Date(`${date}T00:00:00+05:30`);

/*
 * The network view of a recall (issue 35): units still on shelves everywhere, by district, and how that fell day by
 * day. "On shelves" = units on hand in a matching batch (blocked, but on a shelf) + units in quarantine under the
 * recall not yet returned up the chain or destroyed. Keyed by the recall: its batches by product and batch key
 * (inventory_batches_recall_key, 050), their movements by batch (stock_movements_batch), its quarantine by recall id.
 */
export class RecallNetworkView {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly detail: RecallDetail,
  ) {}

  /** Staff, the product's manufacturer and the unit that raised it; 404 to whom the recall does not reach, 403 to other units. */
  async network(caller: Caller, recallId: string): Promise<RecallNetwork> {
    const recall = await this.detail(caller, recallId);
    const scope = await recallScope(this.db, recallId);
    if (!(await this.maySee(caller, scope))) {
      throw new AppError('E0040', 403, `Only back-office staff, ${scope.manufacturer} and the unit that raised ${scope.recallNumber} see its network view`);
    }
    const batches = await sql<{ id: string; unit_id: string; quantity: number }>`
      SELECT b.id, b.unit_id, b.quantity FROM inventory_batches b WHERE ${matches('b', scope)}`.execute(this.db);
    const store = await sql<{ unit_id: string; quarantined: number; returned: number; destroyed: number }>`
      SELECT unit_id, sum(quantity_delta)::int AS quarantined,
        coalesce(-sum(quantity_delta) FILTER (WHERE source_type IN ('DEBIT_NOTE', 'DEBIT_NOTE_CANCELLED')), 0)::int AS returned,
        coalesce(-sum(quantity_delta) FILTER (WHERE source_type = 'RECALL_DESTRUCTION'), 0)::int AS destroyed
      FROM non_saleable_stock_movements WHERE recall_id = ${recallId}::uuid GROUP BY unit_id`.execute(this.db);

    const shelves = new Map<string, number>();
    for (const b of batches.rows) shelves.set(b.unit_id, (shelves.get(b.unit_id) ?? 0) + b.quantity);
    for (const s of store.rows) shelves.set(s.unit_id, (shelves.get(s.unit_id) ?? 0) + s.quarantined);
    const holding = [...shelves].filter(([, units]) => units > 0);

    const places = holding.length
      ? await sql<{ id: string; state: string; district: string }>`
          SELECT u.id, coalesce(nullif(r.state, ''), u.state, '') AS state, coalesce(nullif(r.district, ''), u.city) AS district
          FROM units u LEFT JOIN LATERAL (SELECT state, district FROM registrations WHERE unit_id = u.id ORDER BY created_at DESC LIMIT 1) r ON true
          WHERE u.id = ANY(${holding.map(([id]) => id)}::uuid[])`.execute(this.db)
      : { rows: [] };
    const placeOf = new Map(places.rows.map((p) => [p.id, p]));
    const districts = new Map<string, { state: string; district: string; holders: number; onShelves: number }>();
    for (const [unitId, units] of holding) {
      const p = placeOf.get(unitId) ?? { state: '', district: '' };
      const key = `${p.state}\u0000${p.district}`;
      const d = districts.get(key) ?? { state: p.state, district: p.district, holders: 0, onShelves: 0 };
      d.holders += 1;
      d.onShelves += units;
      districts.set(key, d);
    }
    const onShelves = holding.reduce((n, [, units]) => n + units, 0);
    const sum = (k: 'quarantined' | 'returned' | 'destroyed') => store.rows.reduce((n, s) => n + s[k], 0);

    return {
      recall,
      totals: { holders: holding.length, onShelves, quarantined: sum('quarantined'), returned: sum('returned'), destroyed: sum('destroyed') },
      byDistrict: [...districts.values()].sort((a, b) => b.onShelves - a.onShelves || a.state.localeCompare(b.state) || a.district.localeCompare(b.district)),
      timeline: await this.timeline(scope.id, scope.raisedAt, batches.rows.map((b) => b.id), onShelves),
    };
  }

  /**
   * Units on shelves at the end of each day since the raise, counted back from today's figure: a day's end is the
   * next day's less what moved on it (the batches' stock movements and the recall's quarantine movements; a unit
   * moved from a batch into quarantine cancels out).
   */
  private async timeline(recallId: string, raisedAt: Date, batchIds: readonly string[], now: number): Promise<RecallNetwork['timeline']> {
    const today = istDate(this.config.now());
    const first = [istDate(raisedAt), addDays(today, -(TIMELINE_DAYS - 1))].sort()[1]!;
    const since = istStart(first);
    const moved = await sql<{ day: string; delta: number }>`
      SELECT to_char((created_at AT TIME ZONE 'Asia/Kolkata')::date, 'YYYY-MM-DD') AS day, sum(delta)::int AS delta FROM (
        SELECT created_at, quantity_delta AS delta FROM stock_movements WHERE batch_id = ANY(${batchIds}::uuid[]) AND created_at >= ${since}
        UNION ALL
        SELECT created_at, quantity_delta FROM non_saleable_stock_movements WHERE recall_id = ${recallId}::uuid AND created_at >= ${since}
      ) m GROUP BY 1`.execute(this.db);
    const deltaOf = new Map(moved.rows.map((m) => [m.day, m.delta]));
    const days: RecallNetwork['timeline'] = [];
    let units = now;
    for (let day = today; day >= first; day = addDays(day, -1)) {
      days.push({ date: day, onShelves: units });
      units -= deltaOf.get(day) ?? 0;
    }
    return days.reverse();
  }

  private async maySee(caller: Caller, scope: { raisedByUnitId: string; manufacturer: string }): Promise<boolean> {
    if (scope.raisedByUnitId === caller.unitId || (await isStaff(this.db, caller.userId))) return true;
    if (caller.customerType !== 'MANUFACTURER') return false;
    const unit = await this.db.selectFrom('units').select('trade_name').where('id', '=', caller.unitId).executeTakeFirstOrThrow();
    return sameCompany(unit.trade_name, scope.manufacturer);
  }
}
