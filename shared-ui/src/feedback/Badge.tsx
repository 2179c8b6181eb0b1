import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

export type BadgeTone = 'success' | 'danger' | 'warning' | 'info';

const TONES: Record<BadgeTone, { color: string; background: string }> = {
  success: { color: theme.colors.success, background: theme.colors.successSoft },
  danger: { color: theme.colors.danger, background: theme.colors.dangerSoft },
  warning: { color: theme.colors.warning, background: theme.colors.warningSoft },
  info: { color: theme.colors.info, background: theme.colors.infoSoft },
};

const Pill = styled.span<{ $tone: BadgeTone }>`
  display: inline-block;
  padding: 0 ${theme.space.sm};
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.bold};
  line-height: 1.6;
  white-space: nowrap;
  color: ${({ $tone }) => TONES[$tone].color};
  background: ${({ $tone }) => TONES[$tone].background};
  @media print {
    padding: 0;
    color: inherit;
    background: none;
  }
`;

export interface BadgeProps {
  tone: BadgeTone;
  children: ReactNode;
}

/** A short state word in a coloured pill: an order's status, a batch near expiry. Printed as plain text. */
export function Badge({ tone, children }: BadgeProps) {
  return <Pill $tone={tone}>{children}</Pill>;
}
