import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { theme } from '../theme';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.modal};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${theme.space.md};
  background: ${theme.colors.overlay};
`;
const Dialog = styled.div<{ $width: number }>`
  width: 100%;
  max-width: ${({ $width }) => $width}px;
  max-height: calc(100vh - 2 * ${theme.space.md});
  overflow: auto;
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.lg};
  &:focus {
    outline: none;
  }
`;
const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  padding: ${theme.space.md} ${theme.space.lg};
  border-bottom: 1px solid ${theme.colors.border};
`;
const Title = styled.h2`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;
const CloseButton = styled.button`
  all: unset;
  cursor: pointer;
  padding: ${theme.space.xs} ${theme.space.sm};
  border-radius: ${theme.radii.sm};
  font-size: ${theme.fontSizes.xl};
  line-height: 1;
  color: ${theme.colors.textMuted};
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
  }
`;
const Body = styled.div`
  padding: ${theme.space.lg};
`;
const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${theme.space.sm};
  padding: ${theme.space.md} ${theme.space.lg};
  border-top: 1px solid ${theme.colors.border};
`;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Called on Escape, backdrop click and the close button, unless `dismissible` is false. */
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  width?: number;
  /** False while something must finish (e.g. a delete in flight). */
  dismissible?: boolean;
}

/**
 * A dialog rendered into document.body (works from any React root). Escape closes, focus moves in on open,
 * Tab cycles inside (a light trap), and focus returns to where it was on close.
 */
export function Modal({ open, title, onClose, children, footer, width = 520, dismissible = true }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Latest values for the key handler without re-running the open/close effect.
  const latest = useRef({ onClose, dismissible });
  useEffect(() => {
    latest.current = { onClose, dismissible };
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const focusables = () => Array.from(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    // Prefer the first control in the body/footer over the header's close button.
    const firstControl = focusables().find((el) => !el.dataset.modalClose) ?? dialog;
    firstControl?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (latest.current.dismissible) {
          event.stopPropagation();
          latest.current.onClose();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
    >
      <Dialog ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} $width={width}>
        <Header>
          <Title id={titleId}>{title}</Title>
          <CloseButton type="button" aria-label="Close" data-modal-close="true" disabled={!dismissible} onClick={onClose}>
            ×
          </CloseButton>
        </Header>
        <Body>{children}</Body>
        {footer && <Footer>{footer}</Footer>}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
