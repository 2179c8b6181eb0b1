import styled from 'styled-components';
import { nextSchemeStep, schemeFreeFor } from 'shared-api';
import { theme } from 'shared-ui';

const Hint = styled.small`
  display: block;
  margin-top: 2px;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
`;

/**
 * Where the buyer chooses a quantity: the seller's scheme in words and what the chosen quantity qualifies for, by
 * the same rule the cart checks (shared-api scheme.ts), so "10 + 1" never silently gives 0 free.
 */
export function SchemeHint({ quantity, freeQuantity, schemeBuy, schemeFree }: { quantity: number; freeQuantity: number; schemeBuy: number | null; schemeFree: number | null }) {
  const next = nextSchemeStep(quantity, schemeBuy, schemeFree);
  if (!schemeBuy || !schemeFree || !next) return null;
  const qualified = schemeFreeFor(quantity, schemeBuy, schemeFree);
  let outcome = `Add ${next.quantity - quantity} more to get ${next.freeQuantity} free`;
  // The free box is the buyer's to set: say plainly when it asks for less than the quantity earns.
  if (qualified > 0) outcome = freeQuantity === qualified ? `You get ${qualified} free` : `${quantity} qualifies for ${qualified} free`;
  return (
    <Hint aria-live="polite">
      Buy {schemeBuy}, get {schemeFree} free · {outcome}
    </Hint>
  );
}
