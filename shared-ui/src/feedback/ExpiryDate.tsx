import styled from 'styled-components';
import { NEAR_EXPIRY_DAYS } from 'shared-api';
import { formatDate } from '../format';
import { theme } from '../theme';

// The theme's danger colour: 5.6:1 on white, 5.1:1 on surfaceMuted (WCAG AA for small text).
const Red = styled.span`
  color: ${theme.colors.danger};
  font-weight: ${theme.fontWeights.bold};
  white-space: nowrap;
`;

/** Today's calendar day in India ('YYYY-MM-DD'): expiry dates are IST days, whatever the browser's zone. */
export const todayInIndia = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** Whole days from `today` to `date` (both 'YYYY-MM-DD'); negative once expired. */
export function daysUntil(date: string, today = todayInIndia()): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export interface ExpiryDateProps {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** Shown in red with the days left; by default when it expires within NEAR_EXPIRY_DAYS (a near-expiry offer passes true). */
  near?: boolean;
  /** Days left when the caller has them from the API; otherwise counted from today in India. */
  daysLeft?: number;
}

/**
 * An expiry date. Near expiry it is red and says how many days are left, so the colour is never the only cue
 * (a screen reader and a colour-blind buyer get the same warning).
 */
export function ExpiryDate({ date, near, daysLeft }: ExpiryDateProps) {
  const days = daysLeft ?? daysUntil(date);
  if (!(near ?? days <= NEAR_EXPIRY_DAYS)) return <>{formatDate(date)}</>;
  const left = days < 0 ? 'expired' : days === 0 ? 'expires today' : `${days} day${days === 1 ? '' : 's'} left`;
  return (
    <Red>
      {formatDate(date)} · {left}
    </Red>
  );
}
