import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

const Muted = styled.span`
  color: ${theme.colors.textMuted};
`;

export interface ProductLabelProps {
  name: string;
  pack?: string | null;
  /** The second line: the manufacturer, or what the screen says of this stock (its batch, say). */
  detail?: ReactNode;
}

/** A product as a table cell shows it: the name in bold, the pack beside it, and a muted second line. */
export function ProductLabel({ name, pack, detail }: ProductLabelProps) {
  return (
    <>
      <strong>{name}</strong>
      {pack ? <> <Muted>{pack}</Muted></> : null}
      {detail ? (
        <>
          <br />
          <Muted>{detail}</Muted>
        </>
      ) : null}
    </>
  );
}
