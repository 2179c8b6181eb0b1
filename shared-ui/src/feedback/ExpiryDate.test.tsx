import { render, screen } from '@testing-library/react';
import { NEAR_EXPIRY_DAYS } from 'shared-api';
import { theme } from '../theme';
import { ExpiryDate, daysUntil, todayInIndia } from './ExpiryDate';

describe('ExpiryDate', () => {
  it('counts days between IST calendar days, whatever the hour', () => {
    expect(daysUntil('2026-12-24', '2026-11-24')).toBe(30);
    expect(daysUntil('2027-03-01', '2027-02-28')).toBe(1);
    expect(daysUntil('2026-11-23', '2026-11-24')).toBe(-1);
    // 20:00 UTC on 24 Nov is already 25 Nov in India.
    expect(todayInIndia(new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
  });

  it('shows a near expiry in the danger colour with the days left in words', () => {
    render(<ExpiryDate date="2026-12-10" near daysLeft={16} />);
    expect(screen.getByText('10/12/2026 · 16 days left')).toHaveStyle({ color: theme.colors.danger });
  });

  it('says "expires today" and "expired" rather than a count', () => {
    render(
      <>
        <ExpiryDate date="2026-11-24" near daysLeft={0} />
        <ExpiryDate date="2026-11-20" near daysLeft={-4} />
      </>,
    );
    expect(screen.getByText('24/11/2026 · expires today')).toBeInTheDocument();
    expect(screen.getByText('20/11/2026 · expired')).toBeInTheDocument();
  });

  it(`is plain beyond ${NEAR_EXPIRY_DAYS} days unless marked near`, () => {
    const { container } = render(<ExpiryDate date="2028-06-30" daysLeft={NEAR_EXPIRY_DAYS + 1} />);
    expect(container.textContent).toBe('30/06/2028');
    expect(container.querySelector('span')).toBeNull();
    render(<ExpiryDate date="2027-02-01" daysLeft={NEAR_EXPIRY_DAYS} />);
    expect(screen.getByText(`01/02/2027 · ${NEAR_EXPIRY_DAYS} days left`)).toBeInTheDocument();
  });
});
