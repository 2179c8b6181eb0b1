import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { theme } from '../theme';
import { getToasts, subscribeToasts, toast, type ToastKind } from './toastStore';

// Below the 60 px header, so a toast never covers its controls (bell, cart, Logout); at the bottom on a phone,
// where the thumb is and the header's controls sit close together.
const Region = styled.div`
  position: fixed;
  top: calc(${theme.layout.header}px + ${theme.space.sm});
  right: ${theme.space.md};
  z-index: ${theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  width: min(360px, calc(100vw - 2 * ${theme.space.md}));
  pointer-events: none;
  @media ${theme.media.phone} {
    top: auto;
    bottom: ${theme.space.md};
    left: ${theme.space.sm};
    right: ${theme.space.sm};
    width: auto;
    flex-direction: column-reverse;
  }
`;

const accent: Record<ToastKind, { border: string; background: string; title: string }> = {
  success: { border: theme.colors.success, background: theme.colors.successSoft, title: theme.colors.success },
  error: { border: theme.colors.danger, background: theme.colors.dangerSoft, title: theme.colors.danger },
  info: { border: theme.colors.info, background: theme.colors.infoSoft, title: theme.colors.info },
};

const Card = styled.div<{ $kind: ToastKind }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: ${theme.space.sm};
  padding: ${theme.space.sm} ${theme.space.md};
  background: ${({ $kind }) => accent[$kind].background};
  border: 1px solid ${({ $kind }) => accent[$kind].border};
  border-left-width: 4px;
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.md};
`;
const Content = styled.div`
  flex: 1;
  min-width: 0;
`;
const Title = styled.p<{ $kind: ToastKind }>`
  margin: 0;
  font-weight: ${theme.fontWeights.bold};
  color: ${({ $kind }) => accent[$kind].title};
`;
const Message = styled.p`
  margin: ${theme.space.xxs} 0 0;
  color: ${theme.colors.text};
  overflow-wrap: anywhere;
`;
const Action = styled.button`
  align-self: center;
  padding: ${theme.space.xxs} ${theme.space.sm};
  border: 1px solid ${theme.colors.primary};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.primaryHover};
  font-weight: ${theme.fontWeights.medium};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
  }
`;
const Close = styled.button`
  all: unset;
  cursor: pointer;
  padding: 0 ${theme.space.xs};
  font-size: ${theme.fontSizes.lg};
  line-height: 1.2;
  color: ${theme.colors.textMuted};
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
  }
`;

/** Top-right stack of toasts. Render once (the shell does); it shows toasts pushed from every React root. */
export function ToastContainer() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return createPortal(
    <Region aria-label="Notifications" role="region">
      {toasts.map((t) => (
        // Errors interrupt (alert); success and info wait their turn (status).
        <Card key={t.id} $kind={t.kind} role={t.kind === 'error' ? 'alert' : 'status'} aria-atomic="true">
          <Content>
            <Title $kind={t.kind}>{t.title}</Title>
            {t.message && <Message>{t.message}</Message>}
          </Content>
          {t.action && (
            <Action
              type="button"
              onClick={() => {
                toast.dismiss(t.id);
                t.action?.onClick();
              }}
            >
              {t.action.label}
            </Action>
          )}
          <Close type="button" aria-label="Dismiss notification" onClick={() => toast.dismiss(t.id)}>
            ×
          </Close>
        </Card>
      ))}
    </Region>,
    document.body,
  );
}
