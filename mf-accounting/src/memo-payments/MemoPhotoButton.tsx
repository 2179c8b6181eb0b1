import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { PAYMENTS_PATHS } from 'shared-api';
import { api, saveBlob } from 'shared-auth';
import { Button, Modal, toast } from 'shared-ui';

const Photo = styled.img`
  display: block;
  max-width: 100%;
  height: auto;
`;

/**
 * The memo's photo, fetched with the session's token (an <img src> to the API would carry none): an image opens in
 * a dialog, a PDF scan is saved as a file (a browser cannot show a PDF in an <img>).
 */
export function MemoPhotoButton({ requestId, memoNumber }: { requestId: string; memoNumber: string }) {
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  // The object URL lives as long as the dialog.
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  async function open() {
    setBusy(true);
    try {
      const blob = await api.blob(PAYMENTS_PATHS.requestImage(requestId));
      if (blob.type.startsWith('image/')) setUrl(URL.createObjectURL(blob));
      else saveBlob(`memo-${memoNumber.replace(/[^\w.-]+/g, '-')}.pdf`, blob);
    } catch (err) {
      toast.error({ title: 'The photo could not be opened', message: err instanceof Error ? err.message : 'Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button type="button" size="sm" variant="ghost" loading={busy} onClick={() => void open()} aria-label={`View photo of memo ${memoNumber}`}>
        View photo
      </Button>
      <Modal open={url !== null} title={`Memo ${memoNumber}`} onClose={() => setUrl(null)} width={720}>
        {url && <Photo src={url} alt={`Photo of memo ${memoNumber}`} />}
      </Modal>
    </>
  );
}
