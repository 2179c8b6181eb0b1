import styled, { css } from 'styled-components';
import { theme } from 'shared-ui';

/** A round header control (the cart link, the bell button): one size and hover for all. */
export const headerIcon = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  color: ${theme.colors.text};
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
  }
`;

/** The red count on a header icon (the bell's unread, the cart's items). */
export const CountBadge = styled.span`
  position: absolute;
  top: 0;
  right: -2px;
  min-width: 18px;
  height: 18px;
  padding: 0 4px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.danger};
  color: ${theme.colors.textOnPrimary};
  font-size: 11px;
  font-weight: ${theme.fontWeights.bold};
  line-height: 18px;
  text-align: center;
`;

/** 99+ beyond two digits, so the badge stays one size. */
export const countLabel = (count: number) => (count > 99 ? '99+' : String(count));
