import { sql } from 'kysely';
import { formatPaise, GST_STATES, type EwayBillRequirement } from 'shared-api';
import type { Database } from '../../db/database';
import { istDate } from '../search/text';
import { estimateRoadDistanceKm, ROUGH_DISTANCE_KM, type Point } from './distance';

/*
 * Whether a move of goods needs an e-way bill (rule 138 CGST Rules): between states above the inter-state value
 * (₹50,000), inside a state above that state's own value, or never inside a state that requires none. The values live
 * in eway_bill_thresholds (migration 045), one row per state and date, each citing its notification.
 *
 * valuePaise is rule 138's consignment value: the documents' value INCLUDING GST and cess, EXCLUDING exempt goods
 * invoiced with taxable ones (Explanation 2 to rule 138(1)); the caller adds it up that way. "Exceeding" is strict:
 * exactly the threshold needs none.
 */

export interface RequirementInput {
  /** 2-digit GST state codes of where the goods leave from and where they go. */
  fromStateCode: string;
  toStateCode: string;
  valuePaise: number;
  /** The day of the move (an IST date 'YYYY-MM-DD', or an instant read in IST). */
  on: string | Date;
  /** For the distance estimate; a missing one falls back on the states. */
  fromPincode?: string | null;
  toPincode?: string | null;
  /** Coordinates of the two ends when known (a warehouse's map pin), better than the PIN's office. */
  from?: Point | null;
  to?: Point | null;
}

interface ThresholdRow {
  state_name: string;
  intra_state_paise: number | null;
  inter_state_paise: number;
  note: string | null;
  source: string;
}

/** Whole rupees as India writes them: 10000000 → "₹1,00,000" (paise shown only when there are some). */
export const rupees = (paise: number) => `₹${formatPaise(paise).replace(/\.00$/, '')}`;

/** The row in force on the day for the state: the latest effective_from on or before it. */
export async function thresholdOn(db: Database, stateCode: string, on: string): Promise<ThresholdRow | null> {
  const { rows } = await sql<ThresholdRow>`
    SELECT state_name, intra_state_paise, inter_state_paise, note, source FROM eway_bill_thresholds
    WHERE state_code = ${stateCode} AND effective_from <= ${on}::date
    ORDER BY effective_from DESC LIMIT 1`.execute(db);
  const row = rows[0];
  return row ? { ...row, intra_state_paise: row.intra_state_paise === null ? null : Number(row.intra_state_paise), inter_state_paise: Number(row.inter_state_paise) } : null;
}

export async function ewayBillRequirement(db: Database, input: RequirementInput): Promise<EwayBillRequirement> {
  const { fromStateCode, toStateCode, valuePaise } = input;
  const on = typeof input.on === 'string' ? input.on : istDate(input.on);
  const intra = fromStateCode === toStateCode;
  const estimatedDistanceKm =
    input.fromPincode && input.toPincode
      ? estimateRoadDistanceKm({ fromPincode: input.fromPincode, toPincode: input.toPincode, from: input.from, to: input.to }).km
      : intra
        ? ROUGH_DISTANCE_KM.sameRegion
        : ROUGH_DISTANCE_KM.otherZone;

  const row = await thresholdOn(db, fromStateCode, on);
  if (!row) {
    // No rule on record (an unknown code, or a day before the state's first row): asking for one is the safe answer.
    const name = GST_STATES[fromStateCode] ?? `state ${fromStateCode}`;
    return {
      needed: valuePaise > 0,
      valuePaise,
      thresholdPaise: null,
      rule: `No e-way bill rule on record for ${name} on ${on}: generate one to be safe`,
      source: 'none on record (eway_bill_thresholds)',
      estimatedDistanceKm,
    };
  }
  const note = row.note ? ` (${row.note})` : '';
  if (!intra) {
    const to = GST_STATES[toStateCode] ?? `state ${toStateCode}`;
    return {
      needed: valuePaise > row.inter_state_paise,
      valuePaise,
      thresholdPaise: row.inter_state_paise,
      rule: `Between states (${row.state_name} to ${to}): consignments above ${rupees(row.inter_state_paise)} need one`,
      source: row.source,
      estimatedDistanceKm,
    };
  }
  if (row.intra_state_paise === null) {
    return {
      needed: false,
      valuePaise,
      thresholdPaise: null,
      rule: `${row.state_name}: moves inside it need none${note}`,
      source: row.source,
      estimatedDistanceKm,
    };
  }
  return {
    needed: valuePaise > row.intra_state_paise,
    valuePaise,
    thresholdPaise: row.intra_state_paise,
    rule: `${row.state_name}: moves inside the state above ${rupees(row.intra_state_paise)} need one${note}`,
    source: row.source,
    estimatedDistanceKm,
  };
}
