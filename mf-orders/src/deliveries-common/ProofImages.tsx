import styled from 'styled-components';
import { DELIVERY_PATHS, type ProofImage } from 'shared-api';
import { ApiImage, downloadFile } from 'shared-auth';
import { Button, formatDateTime, theme } from 'shared-ui';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: ${theme.space.sm};
  list-style: none;
  margin: 0;
  padding: 0;
`;
const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xxs};
  figcaption {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.xs};
  }
`;

const KIND_LABELS: Record<ProofImage['kind'], string> = { PARCEL: 'Parcel', SIGNATURE: 'Signature', POD: 'Proof of delivery' };

/** The delivery boy's proof photos, fetched with the session's token (only the parties and the assignee may see them). */
export function ProofImages({ consignmentId, images }: { consignmentId: string; images: readonly ProofImage[] }) {
  if (images.length === 0) return <p>No photos yet.</p>;
  return (
    <Grid aria-label="Proof photos">
      {images.map((image) => (
        <li key={image.id}>
          <Figure>
            {/* A transport's proof of delivery may be the PDF the courier sent: downloaded, not shown. */}
            {image.mimeType === 'application/pdf' ? (
              <Button type="button" variant="secondary" onClick={() => void downloadFile(DELIVERY_PATHS.image(consignmentId, image.id), `proof-of-delivery-${image.id.slice(0, 8)}.pdf`)}>
                Download PDF
              </Button>
            ) : (
              <ApiImage path={DELIVERY_PATHS.image(consignmentId, image.id)} alt={`${KIND_LABELS[image.kind]} photo, ${formatDateTime(image.uploadedAt)}`} width={120} />
            )}
            <figcaption>
              {KIND_LABELS[image.kind]} · {formatDateTime(image.uploadedAt)} · {image.uploadedBy}
            </figcaption>
          </Figure>
        </li>
      ))}
    </Grid>
  );
}
