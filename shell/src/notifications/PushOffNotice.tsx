import styled from 'styled-components';
import { PUSH_ASK_NOTICE, PUSH_BLOCKED_NOTICE, dismissPushNotice, enablePush, usePushOffState } from 'shared-auth';
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
 * The quiet word about browser notifications (instead of asking unprompted and a red toast at sign-in, issue 16),
 * where the user looks for notifications: Turn on asks the browser from this click; when they are blocked it says
 * where to change that. Closed for good with Not now / Dismiss.
 */
export function PushOffNotice() {
  const state = usePushOffState();
  if (!state) return null;
  return (
    <Line role="note">
      <span>{state === 'ask' ? PUSH_ASK_NOTICE : PUSH_BLOCKED_NOTICE}</span>
      {state === 'ask' && (
        <button type="button" onClick={() => void enablePush()}>
          Turn on
        </button>
      )}
      <button type="button" onClick={dismissPushNotice}>
        {state === 'ask' ? 'Not now' : 'Dismiss'}
      </button>
    </Line>
  );
}
