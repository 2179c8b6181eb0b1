import { useState } from 'react';
import { isApiError } from 'shared-auth';
import { Button, Stack, toast } from 'shared-ui';
import { PAPER_SIZES, type PaperSize } from './pdf';

/** "PDF A4" and "PDF A5": a document as printed (A4 portrait, A5 landscape), downloaded with the session's token. */
export function PdfButtons({ documentNumber, download, size = 'md' }: { documentNumber: string; download: (paper: PaperSize) => Promise<void>; size?: 'sm' | 'md' }) {
  const [busy, setBusy] = useState<PaperSize | null>(null);

  async function run(paper: PaperSize) {
    setBusy(paper);
    try {
      await download(paper);
    } catch (err) {
      toast.error({ title: 'The PDF could not be downloaded', message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack direction="row" gap="xs">
      {PAPER_SIZES.map((paper) => (
        <Button
          key={paper}
          type="button"
          variant="secondary"
          size={size}
          loading={busy === paper}
          disabled={busy !== null}
          aria-label={`Download ${documentNumber} as PDF ${paper}`}
          onClick={(e) => {
            // Inside a clickable table row: the row must not open the document as well.
            e.stopPropagation();
            void run(paper);
          }}
        >
          PDF {paper}
        </Button>
      ))}
    </Stack>
  );
}
