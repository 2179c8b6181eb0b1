import { DownloadButtons } from '../downloads/DownloadButtons';
import { PAPER_SIZES, type PaperSize } from './pdf';

/** "PDF A4" and "PDF A5": a document as printed (A4 portrait, A5 landscape), downloaded with the session's token. */
export function PdfButtons({ documentNumber, download, size = 'md' }: { documentNumber: string; download: (paper: PaperSize) => Promise<void>; size?: 'sm' | 'md' }) {
  return (
    <DownloadButtons
      size={size}
      failureTitle="The PDF could not be downloaded"
      choices={PAPER_SIZES.map((paper) => ({ id: paper, label: `PDF ${paper}`, ariaLabel: `Download ${documentNumber} as PDF ${paper}`, download: () => download(paper) }))}
    />
  );
}
