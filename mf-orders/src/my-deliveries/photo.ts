import { PROOF_IMAGE_MAX_BYTES } from 'shared-api';

/** Longest side of a shrunk photo, then a smaller one if that is still too big: enough to read a label or a signature. */
const SIDES = [1600, 1200] as const;

/**
 * A phone camera's photo is often 3–6 MB, over the proof limit: such a photo is redrawn as a JPEG of at most 1600 px
 * (1200 px if needed) before it is sent, instead of sending the delivery boy back to his camera settings. Answers the
 * file itself when it already fits, or null when the browser cannot redraw it (or it still does not fit).
 */
export async function photoThatFits(file: File): Promise<{ blob: Blob; mimeType: string } | null> {
  if (file.size <= PROOF_IMAGE_MAX_BYTES) return { blob: file, mimeType: file.type };
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    for (const side of SIDES) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
      if (blob && blob.size <= PROOF_IMAGE_MAX_BYTES) return { blob, mimeType: 'image/jpeg' };
    }
    return null;
  } finally {
    bitmap.close();
  }
}
