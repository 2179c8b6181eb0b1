import { useCallback, useEffect, useRef, useState } from 'react';
import { reportPosition } from '../deliveries-common/deliveries-api';

/** At most one report per consignment in this window: enough to show progress, light on a phone's battery and data. */
export const REPORT_EVERY_MS = 30_000;

/** Per tab and per sign-in: closing the tab forgets it, so a shared phone never shares location unasked. */
export const LOCATION_CONSENT_KEY = 'medico.myDeliveries.shareLocation';

/** GeolocationPositionError.PERMISSION_DENIED (the constant lives on instances only). */
const PERMISSION_DENIED = 1;

/** The contract caps the reported accuracy; a coarse first fix (wifi, cell) can claim more. */
const MAX_ACCURACY_M = 100_000;

function readConsent(): boolean {
  try {
    return window.sessionStorage.getItem(LOCATION_CONSENT_KEY) === 'yes';
  } catch {
    // Storage disabled: ask again on each visit rather than assume a yes.
    return false;
  }
}

/** The delivery boy's explicit yes or no to sharing the browser's position, remembered for the tab's session. */
export function useLocationConsent(): [boolean, (consent: boolean) => void] {
  const [consent, setConsent] = useState(readConsent);
  const change = useCallback((next: boolean) => {
    setConsent(next);
    try {
      if (next) window.sessionStorage.setItem(LOCATION_CONSENT_KEY, 'yes');
      else window.sessionStorage.removeItem(LOCATION_CONSENT_KEY);
    } catch {
      // Not remembered; the choice still holds while the page is open.
    }
  }, []);
  return [consent, change];
}

export type PositionProblem = 'denied' | 'unsupported' | null;

/**
 * While `consent` holds and some of the caller's consignments are IN_TRANSIT (`inTransitIds`), watches the browser's
 * position and reports it for each of them, at most once per REPORT_EVERY_MS each. The watch stops as soon as none is
 * in transit, consent is withdrawn or the page unmounts. A refused permission stops it and is returned once, so the
 * page can say it quietly instead of the browser asking again on every fix.
 */
export function usePositionReporting(inTransitIds: readonly string[], consent: boolean): { problem: PositionProblem; retry: () => void } {
  const [denied, setDenied] = useState(false);
  // Read at each render: tests (and a browser extension) may install it late.
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  const problem: PositionProblem = !geolocation ? 'unsupported' : denied ? 'denied' : null;
  const ids = useRef<readonly string[]>(inTransitIds);
  const lastSent = useRef(new Map<string, number>());
  useEffect(() => {
    ids.current = inTransitIds;
  }, [inTransitIds]);

  const watching = consent && inTransitIds.length > 0 && problem === null;
  useEffect(() => {
    if (!watching || !geolocation) return undefined;
    const watchId = geolocation.watchPosition(
      ({ coords }) => {
        const now = Date.now();
        for (const id of ids.current) {
          const last = lastSent.current.get(id);
          if (last !== undefined && now - last < REPORT_EVERY_MS) continue;
          lastSent.current.set(id, now);
          const body = { latitude: coords.latitude, longitude: coords.longitude, ...(Number.isFinite(coords.accuracy) ? { accuracyM: Math.min(coords.accuracy, MAX_ACCURACY_M) } : {}) };
          // A consignment that has just left IN_TRANSIT refuses the report; the list's next refresh drops it.
          reportPosition(id, body).catch(() => undefined);
        }
      },
      (error) => {
        // Timeouts and a lost signal pass on their own; only a refusal is final.
        if (error.code === PERMISSION_DENIED) setDenied(true);
      },
      { enableHighAccuracy: true, maximumAge: 15_000, timeout: 60_000 },
    );
    return () => geolocation.clearWatch(watchId);
  }, [watching, geolocation]);

  const retry = useCallback(() => setDenied(false), []);
  return { problem, retry };
}
