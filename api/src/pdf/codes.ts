import type { QrFormat } from 'shared-api';
import { AppError } from '../http/errors';
import { CONTENT_TYPES, type DownloadFile } from '../http/file-reply';

/*
 * The one barcode/QR module (ARCHITECTURE.md decision 9): QR codes of UPI links for screens (PNG, SVG) and for
 * documents (drawn into PDFs as PNG), error correction M so a printed QR still scans with a smudge; Code 128 for
 * consignment labels (bwip-js), read by the hand scanners at dispatch. Both libraries are loaded with the first code
 * made, not at start (~10 and ~8 MB of memory a server that makes none, an import say, does not need).
 */

const OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** E0054 when the text cannot be encoded (too long for a QR code). */
const qrError = (error: unknown) => new AppError('E0054', 422, `QR code can't be generated: ${error instanceof Error ? error.message : String(error)}`);

const qrcode = async () => (await import('qrcode')).default;

export async function qrPng(text: string, widthPx = 320): Promise<Buffer> {
  const QRCode = await qrcode();
  try {
    return await QRCode.toBuffer(text, { ...OPTIONS, type: 'png', width: widthPx });
  } catch (error) {
    throw qrError(error);
  }
}

export async function qrSvg(text: string): Promise<string> {
  const QRCode = await qrcode();
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

// ---------------------------------------------------------------------------------------------------------------
// Code 128 (consignment barcode ids such as MB2611000123: bwip-js picks code sets B and C for the shortest symbol)

/** E0054 when the text cannot be encoded (Code 128 holds ASCII only). */
const barcodeError = (error: unknown) => new AppError('E0054', 422, `Barcode can't be generated: ${error instanceof Error ? error.message : String(error)}`);

const bwip = async () => (await import('bwip-js/node')).default;

/**
 * The symbol as module widths, bar first, alternating bar and space, quiet zones not included: what a PDF draws
 * as vector bars (crisp at any printer resolution, no image to embed).
 */
export async function code128Bars(text: string): Promise<number[]> {
  const bwipjs = await bwip();
  try {
    const [symbol] = bwipjs.raw({ bcid: 'code128', text });
    if (!symbol || !('sbs' in symbol)) throw new Error('no bars');
    return symbol.sbs;
  } catch (error) {
    throw barcodeError(error);
  }
}

/** The barcode as SVG with its text under it (for screens and the SVG label); scale 2 px per module. */
export async function code128Svg(text: string, options: { heightMm?: number; includeText?: boolean } = {}): Promise<string> {
  const bwipjs = await bwip();
  try {
    return bwipjs.toSVG({ bcid: 'code128', text, scale: 2, height: options.heightMm ?? 15, includetext: options.includeText ?? true, textxalign: 'center', paddingwidth: 10 });
  } catch (error) {
    throw barcodeError(error);
  }
}

/** The barcode as PNG with its text under it; `scale` px per module (3 prints well at 203 dpi). */
export async function code128Png(text: string, scale = 3, heightMm = 15): Promise<Buffer> {
  const bwipjs = await bwip();
  try {
    return await bwipjs.toBuffer({ bcid: 'code128', text, scale, height: heightMm, includetext: true, textxalign: 'center', paddingwidth: 10 });
  } catch (error) {
    throw barcodeError(error);
  }
}
