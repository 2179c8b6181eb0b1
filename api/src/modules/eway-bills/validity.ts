import { EWB_CANCEL_WINDOW_HOURS, EWB_EXPIRY_WARNING_HOURS, EWB_KM_PER_DAY } from 'shared-api';

/*
 * How long an e-way bill is valid (rule 138(10) CGST Rules, as amended by Notification No. 94/2020-Central Tax dated
 * 22.12.2020, w.e.f. 01.01.2021): one day for up to 200 km and one more day for every 200 km or part of it (over-
 * dimensional cargo: 20 km). The period is counted from when the validity starts (the e-way bill's generation with
 * Part B, or Part B's first entry when Part A was given alone: Explanation 1 to rule 138(10) and the portal), and
 * "each day shall be counted as the period expiring at midnight of the day immediately following the date of
 * generation": n days end at midnight closing the n-th day after the start date, in India. The portal writes that
 * instant as 11:59 PM, so it is kept here as 23:59:59 IST.
 *
 * Extension (the proviso to rule 138(10) and the portal): from 8 hours before to 8 hours after the validity ends,
 * counted afresh for the remaining distance from when it is extended. Cancellation (rule 138(9)): within 24 hours of
 * generation, and never once verified in transit.
 */

const IST_OFFSET_MS = 330 * 60_000;
const HOUR_MS = 3_600_000;
/** Over-dimensional cargo: km per day of validity (rule 138(10) second row of the table). */
export const EWB_ODC_KM_PER_DAY = 20;
/** Hours either side of the validity's end in which it may be extended (proviso to rule 138(10)). */
export const EWB_EXTENSION_WINDOW_HOURS = 8;

/** 'R' regular vehicle, 'O' over-dimensional cargo (the portal's vehicleType). */
export type VehicleType = 'R' | 'O';

/** Days of validity for a trip of `distanceKm` (at least 1 km). */
export function validityDays(distanceKm: number, vehicleType: VehicleType = 'R'): number {
  const perDay = vehicleType === 'O' ? EWB_ODC_KM_PER_DAY : EWB_KM_PER_DAY;
  return Math.max(1, Math.ceil(Math.max(1, distanceKm) / perDay));
}

/** When an e-way bill whose validity starts at `from` ends: 23:59:59 IST of the start date (in IST) plus `days`. */
export function validUntil(from: Date, distanceKm: number, vehicleType: VehicleType = 'R'): Date {
  const days = validityDays(distanceKm, vehicleType);
  const istStartDay = Math.floor((from.getTime() + IST_OFFSET_MS) / (24 * HOUR_MS));
  // Midnight (IST) closing day `istStartDay + days`, less one second: 23:59:59 IST of that day.
  return new Date((istStartDay + days + 1) * 24 * HOUR_MS - IST_OFFSET_MS - 1000);
}

/** Past its validity (an active bill only). */
export function isExpired(validUntilAt: Date, now: Date): boolean {
  return now.getTime() > validUntilAt.getTime();
}

/** Still valid, but within EWB_EXPIRY_WARNING_HOURS of its end: the consignment page and delivery screen warn. */
export function expiresSoon(validUntilAt: Date, now: Date): boolean {
  const left = validUntilAt.getTime() - now.getTime();
  return left >= 0 && left <= EWB_EXPIRY_WARNING_HOURS * HOUR_MS;
}

/** The extension window: 8 hours before to 8 hours after the end of validity. */
export function extensionWindow(validUntilAt: Date): { opens: Date; closes: Date } {
  return {
    opens: new Date(validUntilAt.getTime() - EWB_EXTENSION_WINDOW_HOURS * HOUR_MS),
    closes: new Date(validUntilAt.getTime() + EWB_EXTENSION_WINDOW_HOURS * HOUR_MS),
  };
}

export function mayExtend(validUntilAt: Date, now: Date): boolean {
  const { opens, closes } = extensionWindow(validUntilAt);
  return now.getTime() >= opens.getTime() && now.getTime() <= closes.getTime();
}

/** Until when a bill generated at `generatedAt` may be cancelled (rule 138(9): within 24 hours). */
export function cancellableUntil(generatedAt: Date): Date {
  return new Date(generatedAt.getTime() + EWB_CANCEL_WINDOW_HOURS * HOUR_MS);
}

export function mayCancel(generatedAt: Date, now: Date): boolean {
  return now.getTime() <= cancellableUntil(generatedAt).getTime();
}
