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
/**
 * The line under a field, kept even when empty: an error appearing on blur then fills space that was already
 * there instead of pushing the fields and the submit button below it down (a click whose mousedown caused the
 * blur would otherwise land where the button used to be, and be lost).
 */
const MessageLine = styled.div`
  min-height: calc(${theme.fontSizes.sm} * 1.5);
  line-height: 1.5;
`;
const Hint = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
`;
const ErrorText = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.danger};
`;

/** The hint or, when there is one, the error, in the line reserved under every field. */
export function FieldMessage({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <MessageLine>
      {error ? (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      ) : (
        hint !== undefined && <Hint id={`${id}-hint`}>{hint}</Hint>
      )}
    </MessageLine>
  );
}

export interface FieldShellProps {
  id: string;
  label?: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** Label above, control, then the hint or the error. Ids follow `${id}-error` / `${id}-hint`. */
export function FieldShell({ id, label, hint, error, children }: FieldShellProps) {
  return (
    <Wrapper>
      {label !== undefined && <Label htmlFor={id}>{label}</Label>}
      {children}
      <FieldMessage id={id} hint={hint} error={error} />
    </Wrapper>
  );
}
