import type { Sharp, SharpOptions } from 'sharp';
import { AppError } from '../../http/errors';

/*
 * Proof photos are decoded and re-encoded before they are kept (issue 33): the first bytes say nothing about the
 * rest (a 4-byte JPEG header was stored as a photo; a PNG followed by HTML was served back as image/png). What the
 * image decoder (libvips, through sharp) cannot read is refused; what it reads is kept as a fresh JPEG made from its
 * pixels alone, so nothing that trailed or hid in the upload survives, nor the EXIF a phone adds (its location).
 */

/** The longest side kept (px): enough to read a label or a signature, and a bound on what a photo costs to store. */
const MAX_SIDE = 2048;
/** Refused before decoding: a small file that unpacks to a huge picture (50 megapixels is more than any phone's). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * libvips is loaded with the first photo, not at start: it holds ~20 MB of the API's memory, and only deliveries'
 * proof photos use it (pdf.ts loads pdfkit the same way).
 */
let loading: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;
function loadSharp() {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // A photo is decoded once: libvips' operation cache would only keep uploads in memory.
    sharp.cache(false);
    return sharp;
  }));
}

/** The upload's picture as a JPEG without metadata; 400 E0001 when it does not decode (truncated, not an image). */
export async function reencodePhoto(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
      // Turned as the camera's EXIF orientation says before the EXIF goes (sharp writes no metadata unless asked).
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      // A transparent PNG or WebP on white, as it looked on the screen.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('E0001', 400, 'The photo could not be read as an image: take it again', { file: 'Not a readable JPEG, PNG or WebP image' });
  }
}
