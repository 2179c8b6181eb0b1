import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../buttons/Button';
import { theme } from '../theme';
import { Modal } from './Modal';

const ErrorLine = styled.p`
  margin: ${theme.space.md} 0 0;
  color: ${theme.colors.danger};
`;
const Text = styled.div`
  margin: 0;
  color: ${theme.colors.text};
`;

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for destructive actions (red confirm button). */
  variant?: 'primary' | 'danger';
  /**
   * May be async: the confirm button spins and the dialog cannot be dismissed until it settles. The dialog is
   * controlled, so close it (open=false) in here on success. If it throws, the message is shown in the dialog.
   */
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  variant = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => {
    setError(null);
    onCancel();
  };

  return (
    <Modal
      open={open}
      title={title}
      onClose={cancel}
      dismissible={!busy}
      width={440}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={cancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="button" variant={variant} onClick={confirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{message}</Text>
      {error && <ErrorLine role="alert">{error}</ErrorLine>}
    </Modal>
  );
}
