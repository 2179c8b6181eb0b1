import QRCode from 'qrcode';
import type { QrFormat } from 'shared-api';
import { AppError } from '../http/errors';
import { CONTENT_TYPES, type DownloadFile } from '../http/file-reply';

/*
 * The one barcode/QR module (ARCHITECTURE.md decision 9): QR codes of UPI links for screens (PNG, SVG) and for
 * documents (drawn into PDFs as PNG). Error correction M: a printed QR still scans with a smudge.
 */

const OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** E0054 when the text cannot be encoded (too long for a QR code). */
const qrError = (error: unknown) => new AppError('E0054', 422, `QR code can't be generated: ${error instanceof Error ? error.message : String(error)}`);

export async function qrPng(text: string, widthPx = 320): Promise<Buffer> {
  try {
    return await QRCode.toBuffer(text, { ...OPTIONS, type: 'png', width: widthPx });
  } catch (error) {
    throw qrError(error);
  }
}

export async function qrSvg(text: string): Promise<string> {
  try {
    return await QRCode.toString(text, { ...OPTIONS, type: 'svg' });
  } catch (error) {
    throw qrError(error);
  }
}

/** A QR image to answer with sendFile (PNG or SVG), named after what it pays. */
export async function qrFile(text: string, format: QrFormat, baseName: string): Promise<DownloadFile> {
  const safe = baseName.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80) || 'upi-qr';
  return format === 'svg'
    ? { fileName: `${safe}.svg`, contentType: CONTENT_TYPES.svg, body: await qrSvg(text) }
    : { fileName: `${safe}.png`, contentType: CONTENT_TYPES.png, body: await qrPng(text) };
}
