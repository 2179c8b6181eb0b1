import type { ChangeEvent, ReactNode } from 'react';
import { Button } from '../buttons/Button';
import { Card, Stack } from '../layout/layout';
import { ProgressBar } from './ProgressBar';

/**
 * Step 1 of an upload with preview (the stock file, the regulator's recall list): what to export, the file input,
 * the read button, the refusal and the progress of sending and reading.
 */
export function FilePickCard(props: {
  title: string;
  /** What the file should hold and how large it may be. */
  children: ReactNode;
  /** The input's label ("Stock file"). */
  label: string;
  accept: string;
  /** Changing it empties the input (a new file after an import). */
  inputKey: number;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
  readLabel: string;
  onRead: () => void;
  canRead: boolean;
  problem: string | null;
  progress: { fraction: number | null; label: string } | null;
}) {
  const busy = props.progress !== null;
  return (
    <Card title={props.title}>
      <Stack gap="sm">
        {props.children}
        <label>
          {props.label}{' '}
          <input key={props.inputKey} type="file" accept={props.accept} onChange={props.onPick} disabled={busy} aria-label={props.label} />
        </label>
        <div>
          <Button type="button" onClick={props.onRead} disabled={busy || !props.canRead}>
            {props.readLabel}
          </Button>
        </div>
        {props.problem && (
          <p role="alert" style={{ color: '#c62828' }}>
            {props.problem}
          </p>
        )}
        {props.progress && <ProgressBar fraction={props.progress.fraction} label={props.progress.label} />}
      </Stack>
    </Card>
  );
}
