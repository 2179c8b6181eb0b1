import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ClearanceOffer } from 'shared-api';
import { NearExpiryTile } from './NearExpiryTile';

const OFFER: ClearanceOffer = {
  offerId: 'o1',
  batchId: 'b1',
  productId: 'p1',
  productName: 'Dolo 650 Tablet',
  manufacturer: 'Micro Labs',
  pack: '15 Tab',
  batchNo: 'DOL26A101',
  expiryDate: '2026-12-10',
  daysToExpiry: 16,
  available: 40,
  mrpPaise: 3360,
  ptrPaise: 2000,
  offerPtrPaise: 1500,
  discountBp: 2500,
  endsOn: '2026-12-09',
  nearbyBuyers: false,
  status: 'ACTIVE',
  sellerUnitCode: 'STK-PUN-001',
  sellerTradeName: 'Agarwal Pharma Distributors',
  city: 'Pune',
  distanceKm: 4.2,
};

const renderTile = (figures: Parameters<typeof NearExpiryTile>[0]['figures']) =>
  render(
    <MemoryRouter>
      <NearExpiryTile figures={figures} base="/app" />
    </MemoryRouter>,
  );

describe('dashboard: near-expiry tile', () => {
  it('shows a buyer how many offers it may buy and the soonest, expiry in red, linking to the search view', () => {
    renderTile({ buying: { offers: 4, soonest: [OFFER] } });
    const tile = screen.getByRole('region', { name: 'Near-expiry offers' });
    expect(tile).toHaveTextContent('4 offers you can buy now, soonest expiry first:');
    const item = within(tile).getByRole('listitem');
    expect(item).toHaveTextContent('Dolo 650 Tablet (DOL26A101) from Agarwal Pharma Distributors · 10/12/2026 · 16 days left · ₹15.00 instead of ₹20.00');
    expect(within(item).getByText('10/12/2026 · 16 days left')).toHaveStyle({ color: '#c62828' });
    expect(within(tile).getByRole('link', { name: 'See all offers' })).toHaveAttribute('href', '/app/search?view=near-expiry');
    expect(screen.queryByRole('region', { name: 'Your near-expiry offers' })).not.toBeInTheDocument();
  });

  it('says so when no offer is open to the buyer', () => {
    renderTile({ buying: { offers: 0, soonest: [] } });
    expect(screen.getByText('No near-expiry offer from your sellers now.')).toBeInTheDocument();
  });

  it('shows a stockist its running offers and units, linking to its clearance screen', () => {
    renderTile({ selling: { running: 2, units: 130 } });
    const tile = screen.getByRole('region', { name: 'Your near-expiry offers' });
    expect(tile).toHaveTextContent('Offers open to buyers2');
    expect(tile).toHaveTextContent('Units left to sell130');
    expect(within(tile).getByRole('link', { name: 'Clear near expiry' })).toHaveAttribute('href', '/app/stocks/clearance');
  });

  it('renders nothing without a side', () => {
    const { container } = renderTile({});
    expect(container).toBeEmptyDOMElement();
  });
});
