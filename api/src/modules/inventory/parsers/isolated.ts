import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../http/errors';
import type { Cell } from './header-detect';

export interface PdfItem {
  x: number;
  w: number;
  s: string;
}

/** A legacy XLS date cell: its day number and display format (dates.ts dateCellValue decides what it means). */
export interface XlsDateCell {
  serial: number;
  format: string;
}

interface Answers {
  XLS: { rows: (Cell | XlsDateCell)[][] };
  PDF: { lines: PdfItem[][] };
}

const TIME_LIMIT_MS = 30_000;
const MEMORY_LIMIT_MB = 384;

/** Runs isolated-parse-worker.mjs on the bytes; refuses with 400 when the file cannot be read in time. */
export function readIsolated<K extends keyof Answers>(kind: K, bytes: Buffer): Promise<Answers[K]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'isolated-parse-worker.mjs'), {
      workerData: { kind, bytes },
      resourceLimits: { maxOldGenerationSizeMb: MEMORY_LIMIT_MB },
    });
    const what = kind === 'XLS' ? 'Excel (XLS) file' : 'PDF';
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new AppError('E0001', 400, `This ${what} took too long to read`));
    }, TIME_LIMIT_MS);
    worker.once('message', (message: { ok: true; result: Answers[K] } | { ok: false; message: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.ok) resolve(message.result);
      else reject(new AppError('E0001', 400, `This ${what} cannot be read: ${message.message.slice(0, 200)}`));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(new AppError('E0001', 400, `This ${what} cannot be read: ${error.message.slice(0, 200)}`));
    });
  });
}
