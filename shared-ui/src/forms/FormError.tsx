import { useFormState } from 'react-final-form';
import styled from 'styled-components';
import { theme } from '../theme';

const Box = styled.div`
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${theme.colors.danger};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};
`;

/** The form-level error (FORM_ERROR from toSubmitErrors, e.g. "email/mobile already registered"). Place inside <Form>. */
export function FormError() {
  const { submitError, dirtySinceLastSubmit } = useFormState({ subscription: { submitError: true, dirtySinceLastSubmit: true } });
  if (!submitError || dirtySinceLastSubmit) return null;
  return <Box role="alert">{String(submitError)}</Box>;
}
