import { type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../buttons/Button';
import { theme } from '../theme';

const Panel = styled.div<{ $tone: 'neutral' | 'danger' }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.xl} ${theme.space.lg};
  text-align: center;
  background: ${({ $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : theme.colors.surface)};
  border: 1px ${({ $tone }) => ($tone === 'danger' ? 'solid' : 'dashed')}
    ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.border)};
  border-radius: ${theme.radii.lg};
`;
const Heading = styled.h2<{ $tone: 'neutral' | 'danger' }>`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  color: ${({ $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.text)};
`;
const Text = styled.p`
  margin: 0;
  max-width: 520px;
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

export interface EmptyStateProps {
  title: ReactNode;
  message?: ReactNode;
  /** E.g. a ButtonLink to create the first item. */
  action?: ReactNode;
}

export function EmptyState({ title, message, action }: EmptyStateProps) {
  return (
    <Panel $tone="neutral">
      <Heading $tone="neutral">{title}</Heading>
      {message && <Text>{message}</Text>}
      {action}
    </Panel>
  );
}

/**
 * A detail page whose id names nothing the caller can see (a mistyped or made-up link, another unit's record: the
 * API answers 404 to both): said plainly, with the way back to its list, and nothing to retry.
 */
export function NotFoundState({ what, back }: { what: string; back: ReactNode }) {
  return <EmptyState title={`No such ${what}`} message={`The link may be mistyped, or the ${what} belongs to another unit.`} action={back} />;
}

export interface ErrorPanelProps {
  title?: ReactNode;
  message?: ReactNode;
  /** Shows a Retry button when given (e.g. reload a remote, refetch a list). */
  onRetry?: () => void;
  retryLabel?: string;
}

export function ErrorPanel({ title = 'Something went wrong', message, onRetry, retryLabel = 'Retry' }: ErrorPanelProps) {
  return (
    <Panel $tone="danger" role="alert">
      <Heading $tone="danger">{title}</Heading>
      {message && <Text>{message}</Text>}
      {onRetry && (
        <Button type="button" variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </Panel>
  );
}

/** The honest state of a route whose screen a later release fills. */
/** The honest state of a screen a later release fills; `note` says in one line what it will hold. */
export function NotAvailableYet({ feature, note }: { feature: string; note?: string }) {
  return (
    <EmptyState
      title={`${feature} is not available yet`}
      message={note ?? 'This screen is part of a later release. Everything else in the portal keeps working.'}
    />
  );
}
