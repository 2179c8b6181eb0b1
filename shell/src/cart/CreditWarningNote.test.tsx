import { render, screen } from '@testing-library/react';
import type { CreditWarning } from 'shared-api';
import { CreditWarningNote } from './CreditWarningNote';

const OVERDUE: CreditWarning = {
  sellerUnitCode: 'STK-PUN-001',
  stockist: 'Agarwal Pharma Distributors',
  overduePaise: 30800,
  oldestDueDate: '2026-11-22',
  creditLimitPaise: null,
  owedPaise: 30800,
  cartPaise: 30800,
  overLimitPaise: 0,
  blocked: false,
  message: 'With Agarwal Pharma Distributors, ₹308.00 is overdue (due since 22-11-2026).',
};
const OVER_LIMIT: CreditWarning = {
  ...OVERDUE,
  sellerUnitCode: 'STK-MUM-001',
  stockist: 'Lohar Chawl Medical Agencies',
  overduePaise: 0,
  oldestDueDate: null,
  creditLimitPaise: 50000,
  overLimitPaise: 11600,
  blocked: true,
};

describe('credit warning in a seller’s cart', () => {
  it('says what is overdue with that seller, and that the order still goes (not blocked)', () => {
    render(<CreditWarningNote warnings={[OVERDUE, OVER_LIMIT]} sellerUnitCode="STK-PUN-001" />);
    const note = screen.getByRole('status', { name: 'Credit with Agarwal Pharma Distributors' });
    expect(note).toHaveTextContent('Credit with Agarwal Pharma Distributors: ₹308.00 overdue (due since 22/11/2026).');
    expect(note).toHaveTextContent('You owe ₹308.00 now; this cart adds ₹308.00 with GST.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says how far over the limit the cart goes, and that a blocking seller will refuse it', () => {
    render(<CreditWarningNote warnings={[OVERDUE, OVER_LIMIT]} sellerUnitCode="STK-MUM-001" />);
    const note = screen.getByRole('alert', { name: 'Credit with Lohar Chawl Medical Agencies' });
    expect(note).toHaveTextContent('Lohar Chawl Medical Agencies will not take this order: this order takes you ₹116.00 over your credit limit of ₹500.00.');
    expect(note).toHaveTextContent('Pay what is due first, or remove these items.');
  });

  it('shows nothing for a seller the buyer is within terms with', () => {
    const { container } = render(<CreditWarningNote warnings={[OVERDUE]} sellerUnitCode="STK-THN-001" />);
    expect(container).toBeEmptyDOMElement();
    render(<CreditWarningNote warnings={undefined} sellerUnitCode="STK-PUN-001" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
