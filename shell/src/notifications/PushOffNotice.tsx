import styled from 'styled-components';
import { PUSH_BLOCKED_NOTICE, dismissPushBlocked, usePushBlocked } from 'shared-auth';
import { theme } from 'shared-ui';

const Line = styled.p`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space.sm};
  margin: 0;
  padding: ${theme.space.sm} ${theme.space.md};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  background: ${theme.colors.surfaceMuted};
  border-radius: ${theme.radii.md};
  span {
    flex: 1;
  }
  button {
    border: 0;
    background: transparent;
    color: ${theme.colors.primary};
    font: inherit;
    cursor: pointer;
    padding: 0;
  }
`;

/**
 * The quiet word that browser notifications are off (instead of a red toast at sign-in, issue 16), shown where
 * the user looks for notifications until they close it.
 */
export function PushOffNotice() {
  const blocked = usePushBlocked();
  if (!blocked) return null;
  return (
    <Line role="note">
      <span>{PUSH_BLOCKED_NOTICE}</span>
      <button type="button" onClick={dismissPushBlocked}>
        Dismiss
      </button>
    </Line>
  );
}
