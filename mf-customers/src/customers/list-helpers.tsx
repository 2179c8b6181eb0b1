import styled from 'styled-components';
import { theme } from 'shared-ui';

/** Search box, filters and a button on one line (wrapping on narrow screens); inputs are full width by default. */
export const Toolbar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${theme.space.sm};
  align-items: center;
`;

export function TradeName({ name, code }: { name: string; code: string }) {
  return (
    <span>
      {name}
      <br />
      <small>{code}</small>
    </span>
  );
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

