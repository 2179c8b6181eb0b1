import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from 'shared-api';
import { AppError } from '../../../http/errors';
import type { AnalyseEvent, AnalyseInput } from './analyse';

/**
 * The reading worker's heap ceiling. Reading the 100,000-row benchmark file adds ~120 MB to the process while the
 * worker runs, a 300,000-row file just under the 15 MB upload limit ~180 MB; it is all freed when the worker ends.
 * A file that needs more gets a clear refusal rather than taking the API down.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256 };

type Failure = { kind: 'error'; refusal: boolean; code?: ErrorCode; statusCode?: number; fields?: Record<string, string>; message: string; stack?: string };

/**
 * analyseUpload in a fresh worker thread, its events as they come (every file type takes this one path). Refusals
 * keep their code, status and message. Leaving the loop early (or an error) stops the worker.
 */
export async function* analyseInWorker(input: AnalyseInput): AsyncGenerator<AnalyseEvent> {
  const worker = new Worker(path.join(__dirname, 'analyse-worker.mjs'), { workerData: input, execArgv: [], resourceLimits: RESOURCE_LIMITS });
  const queue: (AnalyseEvent | Failure | Error)[] = [];
  let wake: (() => void) | undefined;
  const push = (item: AnalyseEvent | Failure | Error) => {
    queue.push(item);
    wake?.();
  };
  worker.on('message', push);
  worker.once('error', (error: Error & { code?: string }) =>
    push(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('E0001', 400, 'This file has too many rows to read at once: split it into smaller files') : error),
  );
  worker.once('exit', (code) => push(new Error(`The upload reader stopped before it finished (exit code ${code})`)));
  try {
    for (;;) {
      if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const item = queue.shift()!;
      if (item instanceof Error) throw item;
      if (item.kind === 'error') {
        if (item.refusal) throw new AppError(item.code!, item.statusCode!, item.message, item.fields);
        throw Object.assign(new Error(item.message), { stack: item.stack });
      }
      yield item;
      if (item.kind === 'done') return;
    }
  } finally {
    worker.removeAllListeners();
    worker.on('error', () => undefined); // whatever it says now, nobody is listening
    void worker.terminate();
  }
}
