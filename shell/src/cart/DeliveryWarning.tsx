import styled from 'styled-components';
import type { Cart } from 'shared-api';
import { theme } from 'shared-ui';

const Note = styled.p`
  margin: 0 0 ${theme.space.sm};
  padding: ${theme.space.xs} ${theme.space.sm};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warning};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * Issue 39: before ordering, the buyer learns that this seller cannot deliver to it by Medico delivery (not in one
 * delivery market) and will dispatch by courier or transport. The API words it (Cart.deliveryWarnings).
 */
export function DeliveryWarning({ cart, sellerUnitCode }: { cart: Cart; sellerUnitCode: string }) {
  const warning = cart.deliveryWarnings.find((w) => w.sellerUnitCode === sellerUnitCode);
  if (!warning) return null;
  return <Note role="note">{warning.message}</Note>;
}
