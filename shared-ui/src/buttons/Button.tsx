import { type ComponentProps, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Spinner } from '../feedback/Spinner';
import { theme } from '../theme';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

const palette: Record<ButtonVariant, { bg: string; fg: string; border: string; hover: string }> = {
  primary: { bg: theme.colors.primary, fg: theme.colors.textOnPrimary, border: theme.colors.primary, hover: theme.colors.primaryHover },
  secondary: { bg: theme.colors.surface, fg: theme.colors.primary, border: theme.colors.primary, hover: theme.colors.primarySoft },
  danger: { bg: theme.colors.danger, fg: theme.colors.textOnPrimary, border: theme.colors.danger, hover: theme.colors.dangerHover },
  ghost: { bg: 'transparent', fg: theme.colors.text, border: 'transparent', hover: theme.colors.surfaceMuted },
};

export interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
}

/** Shared by Button and ButtonLink so a link that looks like a button is pixel-identical. ButtonLink (and so
 * react-router) lives in its own file: the shell's sign-in page uses Button without the router (shell README). */
export const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  min-height: ${({ $size }) => ($size === 'sm' ? '30px' : '38px')};
  padding: 0 ${({ $size }) => ($size === 'sm' ? theme.space.sm : theme.space.md)};
  font-size: ${({ $size }) => ($size === 'sm' ? theme.fontSizes.sm : theme.fontSizes.md)};
  font-weight: ${theme.fontWeights.medium};
  line-height: 1;
  text-decoration: none;
  white-space: nowrap;
  border-radius: ${theme.radii.md};
  border: 1px solid ${({ $variant }) => palette[$variant].border};
  background: ${({ $variant }) => palette[$variant].bg};
  color: ${({ $variant }) => palette[$variant].fg};
  cursor: pointer;
  transition: background 120ms ease;

  &:hover:not(:disabled) {
    background: ${({ $variant }) => palette[$variant].hover};
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;
export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
  icon?: ReactNode;
}

/** Native `type` semantics are kept: inside a form a Button submits unless you pass type="button". */
export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  icon,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const spinnerColor = variant === 'primary' || variant === 'danger' ? theme.colors.textOnPrimary : theme.colors.primary;
  return (
    <StyledButton
      {...rest}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner size={14} label="Working" color={spinnerColor} /> : icon}
      {children}
    </StyledButton>
  );
}
