import { useState } from 'react';
import { isApiError } from 'shared-auth';
import { Button, Stack, toast } from 'shared-ui';
import { downloadInvoicePdf, type PaperSize } from './sales-invoices-api';

const SIZES: readonly PaperSize[] = ['A4', 'A5'];

/** "PDF A4" and "PDF A5": the invoice as printed (A4 portrait, A5 landscape), downloaded with the session's token. */
export function InvoicePdfButtons({ invoice, size = 'sm' }: { invoice: { invoiceId: string; invoiceNumber: string }; size?: 'sm' | 'md' }) {
  const [busy, setBusy] = useState<PaperSize | null>(null);

  async function download(paper: PaperSize) {
    setBusy(paper);
    try {
      await downloadInvoicePdf(invoice, paper);
    } catch (err) {
      toast.error({ title: 'The PDF could not be downloaded', message: isApiError(err) ? err.message : 'Please try again.' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack direction="row" gap="xs">
      {SIZES.map((paper) => (
        <Button
          key={paper}
          type="button"
          variant="secondary"
          size={size}
          loading={busy === paper}
          disabled={busy !== null}
          aria-label={`Download ${invoice.invoiceNumber} as PDF ${paper}`}
          onClick={(e) => {
            // Inside a clickable table row: the row must not open the invoice as well.
            e.stopPropagation();
            void download(paper);
          }}
        >
          PDF {paper}
        </Button>
      ))}
    </Stack>
  );
}
