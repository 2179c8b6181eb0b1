import { type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

type Space = keyof typeof theme.space;

const StyledStack = styled.div<{
  $direction: 'row' | 'column';
  $gap: Space;
  $align?: CSSProperties['alignItems'];
  $justify?: CSSProperties['justifyContent'];
  $wrap: boolean;
}>`
  display: flex;
  flex-direction: ${({ $direction }) => $direction};
  gap: ${({ $gap }) => theme.space[$gap]};
  align-items: ${({ $align }) => $align ?? 'stretch'};
  justify-content: ${({ $justify }) => $justify ?? 'flex-start'};
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
`;

export interface StackProps extends ComponentProps<'div'> {
  /** column (default) stacks vertically; row lines things up. */
  direction?: 'row' | 'column';
  gap?: Space;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
}

/** Flex layout with theme spacing: the one way to space things apart. */
export function Stack({ direction = 'column', gap = 'md', align, justify, wrap = false, ...rest }: StackProps) {
  return <StyledStack {...rest} $direction={direction} $gap={gap} $align={align} $justify={justify} $wrap={wrap} />;
}

const Section = styled.section`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.sm};
`;
// Wraps: on a phone the actions go under the title rather than off the card's edge.
const CardHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  padding: ${theme.space.md} ${theme.space.lg};
  border-bottom: 1px solid ${theme.colors.border};
`;
const CardTitle = styled.h2`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
`;
const CardBody = styled.div`
  padding: ${theme.space.lg};
  @media ${theme.media.phone} {
    padding: ${theme.space.md};
  }
`;

export interface CardProps extends Omit<ComponentProps<'section'>, 'title'> {
  title?: ReactNode;
  actions?: ReactNode;
}

/** A white panel; with a title it gets a header row (title left, actions right). */
export function Card({ title, actions, children, ...rest }: CardProps) {
  return (
    <Section {...rest}>
      {(title || actions) && (
        <CardHeader>
          {title && <CardTitle>{title}</CardTitle>}
          {actions}
        </CardHeader>
      )}
      <CardBody>{children}</CardBody>
    </Section>
  );
}

/** Label–value pairs in two columns (`<dt>` muted, `<dd>` beside it): an order's facts, a profile's details. */
export const DetailList = styled.dl`
  display: grid;
  /* minmax(0, …): a long unbroken value (an email, a GSTIN list) wraps instead of widening the page on a phone. */
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${theme.space.xs} ${theme.space.lg};
  margin: 0;
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/**
 * A row of filter fields (period, head, month…) above a report: labels stacked over their inputs, wrapping on a
 * narrow screen, never printed. Render it `as="form"` when it has an Apply button.
 */
export const FilterRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space.sm};
  label {
    display: flex;
    flex-direction: column;
    gap: ${theme.space.xxs};
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
  @media print {
    display: none;
  }
`;

const Tiles = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
  gap: ${theme.space.sm};
  list-style: none;
  margin: 0;
  padding: 0;
`;
const Tile = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  padding: ${theme.space.sm} ${theme.space.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  span {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.sm};
  }
  strong {
    font-size: ${theme.fontSizes.lg};
  }
`;

export interface FigureTile {
  label: string;
  /** The figure as shown (formatted); undefined while it loads. */
  value: ReactNode | undefined;
  /** Under the figure (a count, a note). */
  detail?: ReactNode;
}

/** A row of labelled figures on top of a page (totals by kind, money due): each tile is named by its label. */
export function FigureTiles({ tiles, ...rest }: { tiles: readonly FigureTile[] } & ComponentProps<'ul'>) {
  return (
    <Tiles {...rest}>
      {tiles.map((t) => (
        <Tile key={t.label} aria-label={t.label}>
          <span>{t.label}</span>
          <strong>{t.value ?? '…'}</strong>
          {t.detail}
        </Tile>
      ))}
    </Tiles>
  );
}
