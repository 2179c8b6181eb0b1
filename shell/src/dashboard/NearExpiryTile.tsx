import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { NearExpiryFigures } from 'shared-api';
import { Card, ExpiryDate, FigureTiles, formatCount, formatNumber, formatRupees, theme } from 'shared-ui';

const More = styled(Link)`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.primary};
`;
const Offers = styled.ul`
  list-style: none;
  margin: ${theme.space.sm} 0 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.xs};
  li {
    overflow-wrap: anywhere;
  }
`;
const Tiles = styled.div`
  display: grid;
  gap: ${theme.space.md};
  margin-bottom: ${theme.space.md};
  min-width: 0;
`;
const Muted = styled.span`
  color: ${theme.colors.textMuted};
`;

/**
 * The dashboard's near-expiry tile (issue 18): for a buyer, the offers it may buy now and the soonest to expire; for a
 * stockist, its offers open to buyers. The API sends only the side the caller's type has.
 */
export function NearExpiryTile({ figures, base }: { figures: NearExpiryFigures; base: string }) {
  const { buying, selling } = figures;
  if (!buying && !selling) return null;
  return (
    <Tiles>
      {buying && (
        <Card title="Near-expiry offers" aria-label="Near-expiry offers" actions={<More to={`${base}/search?view=near-expiry`}>See all offers</More>}>
          {buying.offers === 0 ? (
            <p style={{ margin: 0 }}>No near-expiry offer from your sellers now.</p>
          ) : (
            <>
              <p style={{ margin: 0 }}>{formatCount(buying.offers, 'offer')} you can buy now, soonest expiry first:</p>
              <Offers>
                {buying.soonest.map((o) => (
                  <li key={o.offerId}>
                    <strong>{o.productName}</strong> <Muted>({o.batchNo})</Muted> from {o.sellerTradeName} · <ExpiryDate date={o.expiryDate} near daysLeft={o.daysToExpiry} /> ·{' '}
                    {formatRupees(o.offerPtrPaise)} <Muted>instead of {formatRupees(o.ptrPaise)}</Muted>
                  </li>
                ))}
              </Offers>
            </>
          )}
        </Card>
      )}
      {selling && (
        <Card title="Your near-expiry offers" aria-label="Your near-expiry offers" actions={<More to={`${base}/stocks/clearance`}>Clear near expiry</More>}>
          <FigureTiles
            tiles={[
              { label: 'Offers open to buyers', value: formatNumber(selling.running) },
              { label: 'Units left to sell', value: formatNumber(selling.units) },
            ]}
          />
        </Card>
      )}
    </Tiles>
  );
}
