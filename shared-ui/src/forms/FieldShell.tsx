import { type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
`;
const Label = styled.label`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.text};
`;
const Hint = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
`;
export const ErrorText = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.danger};
`;

export interface FieldShellProps {
  id: string;
  label?: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** Label above, control, then the hint or (when there is one) the error. Ids follow `${id}-error` / `${id}-hint`. */
export function FieldShell({ id, label, hint, error, children }: FieldShellProps) {
  return (
    <Wrapper>
      {label !== undefined && <Label htmlFor={id}>{label}</Label>}
      {children}
      {error ? (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      ) : (
        hint !== undefined && <Hint id={`${id}-hint`}>{hint}</Hint>
      )}
    </Wrapper>
  );
}
