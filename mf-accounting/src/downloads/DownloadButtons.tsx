import { useState } from 'react';
import { isApiError } from 'shared-auth';
import { Button, Stack, toast } from 'shared-ui';

export interface DownloadChoice {
  id: string;
  /** The button's text ("XLSX", "PDF A4"). */
  label: string;
  /** Its accessible name, when the text alone does not say what is downloaded. */
  ariaLabel?: string;
  /** Fetches the file through the API client (bearer token) and saves it: see `downloadFile` in shared-auth. */
  download: () => Promise<void>;
}

/**
 * The one set of download buttons of this remote (PDFs of documents, report spreadsheets, GST files): one file at a
 * time, a spinner on the button that runs, and a toast when the API refuses.
 */
export function DownloadButtons({ choices, failureTitle = 'The file could not be downloaded', size = 'md' }: { choices: readonly DownloadChoice[]; failureTitle?: string; size?: 'sm' | 'md' }) {
  const [busy, setBusy] = useState<string | null>(null);

  async function run(choice: DownloadChoice) {
    setBusy(choice.id);
    try {
      await choice.download();
    } catch (err) {
      toast.error({ title: failureTitle, message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack direction="row" gap="xs" wrap>
      {choices.map((choice) => (
        <Button
          key={choice.id}
          type="button"
          variant="secondary"
          size={size}
          loading={busy === choice.id}
          disabled={busy !== null}
          aria-label={choice.ariaLabel}
          onClick={(e) => {
            // Inside a clickable table row: the row must not open as well.
            e.stopPropagation();
            void run(choice);
          }}
        >
          {choice.label}
        </Button>
      ))}
    </Stack>
  );
}
