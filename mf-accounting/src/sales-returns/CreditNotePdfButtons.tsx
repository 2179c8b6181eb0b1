import { useState } from 'react';
import { isApiError } from 'shared-auth';
import { Button, Stack, toast } from 'shared-ui';
import { downloadCreditNotePdf, type PaperSize } from './sales-returns-api';

const SIZES: readonly PaperSize[] = ['A4', 'A5'];

/** "PDF A4" and "PDF A5": the credit note as printed, downloaded with the session's token. */
export function CreditNotePdfButtons({ note }: { note: { creditNoteId: string; creditNoteNumber: string } }) {
  const [busy, setBusy] = useState<PaperSize | null>(null);

  async function download(paper: PaperSize) {
    setBusy(paper);
    try {
      await downloadCreditNotePdf(note, paper);
    } catch (err) {
      toast.error({ title: 'The PDF could not be downloaded', message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack direction="row" gap="xs">
      {SIZES.map((paper) => (
        <Button key={paper} type="button" variant="secondary" loading={busy === paper} disabled={busy !== null} aria-label={`Download ${note.creditNoteNumber} as PDF ${paper}`} onClick={() => void download(paper)}>
          PDF {paper}
        </Button>
      ))}
    </Stack>
  );
}
