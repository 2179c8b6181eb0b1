import { type ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { buttonStyles, type ButtonSize, type ButtonVariant, type StyleProps } from './Button';

const StyledLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;

export interface ButtonLinkProps extends ComponentProps<typeof Link> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** A react-router link that looks like a Button (navigation, not an action). */
export function ButtonLink({ variant = 'primary', size = 'md', fullWidth = false, ...rest }: ButtonLinkProps) {
  return <StyledLink {...rest} $variant={variant} $size={size} $fullWidth={fullWidth} />;
}
