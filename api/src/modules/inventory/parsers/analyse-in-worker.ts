import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from 'shared-api';
import { AppError } from '../../../http/errors';
import type { AnalyseEvent, AnalyseInput } from './analyse';

/**
 * The reading worker's heap ceiling. Reading the 100,000-row benchmark file adds ~120 MB to the process while the
 * worker runs, a 300,000-row file just under the 15 MB upload limit ~180 MB; it is all freed when the worker ends.
 * A file that needs more gets a clear refusal rather than taking the API down. Its young generation is kept small:
 * the reader's garbage dies young, and V8's default (~48 MB) was a third of the reader's memory while the import
 * writes beside it (16 MB: the import's peak ~20 MB lower, the preview ~0.2 s slower; 4 MB thrashed, bench/README.md).
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16 };

/**
 * A reader that finished a file under this size is kept for the next upload; after a larger one it is stopped, so
 * its heap (grown to read that file) goes back to the system at once. Stock statements are mostly far below it.
 */
const KEEP_AFTER_BYTES = 2 * 1024 * 1024;
/** An idle reader holds some tens of MB (its heap, the parsers): stopped when no upload came for this long. */
const IDLE_MS = 5 * 60_000;

type Failure = { kind: 'error'; refusal: boolean; code?: ErrorCode; statusCode?: number; fields?: Record<string, string>; message: string; stack?: string };

/**
 * At most one idle reader, unreferenced so it never keeps the process alive. Listeners are taken off one by one:
 * removeAllListeners() would also drop the hooks by which a Worker keeps its message port referenced.
 */
let idle: { worker: Worker; forget: () => void } | null = null;

function takeReader(): Worker {
  const kept = idle;
  idle = null;
  if (!kept) return new Worker(path.join(__dirname, 'analyse-worker.mjs'), { execArgv: [], resourceLimits: RESOURCE_LIMITS });
  kept.forget();
  kept.worker.ref();
  return kept.worker;
}

function keepReader(worker: Worker): void {
  if (idle) {
    void worker.terminate();
    return;
  }
  // An idle reader that dies (it should not) is simply not used.
  const onExit = () => {
    if (idle?.worker === worker) idle = null;
  };
  const onError = () => undefined;
  worker.once('exit', onExit);
  worker.on('error', onError);
  worker.unref();
  const stop = setTimeout(() => {
    if (idle?.worker !== worker) return;
    idle = null;
    void worker.terminate();
  }, IDLE_MS);
  stop.unref();
  idle = {
    worker,
    forget: () => {
      clearTimeout(stop);
      worker.off('exit', onExit);
      worker.off('error', onError);
    },
  };
}

/**
 * analyseUpload in a worker thread, its events as they come (every file type takes this one path). Refusals keep
 * their code, status and message. The reader is let go as soon as it has sent its last event, while the caller may
 * still be storing the chunks before it (an import writes as it reads): one that read a file to its end is kept for
 * the next upload (see KEEP_AFTER_BYTES), a larger one stopped, so its heap is not held beside the database's growth
 * for the rest of the import. Leaving the loop early, or any failure, stops it.
 */
export async function* analyseInWorker(input: AnalyseInput): AsyncGenerator<AnalyseEvent> {
  const worker = takeReader();
  const queue: (AnalyseEvent | Failure | Error)[] = [];
  let wake: (() => void) | undefined;
  let released = false;
  const release = (finished: boolean) => {
    if (released) return;
    released = true;
    worker.off('message', push);
    worker.off('error', onError);
    worker.off('exit', onExit);
    if (finished && input.bytes.length <= KEEP_AFTER_BYTES) keepReader(worker);
    else {
      worker.on('error', () => undefined); // whatever it says now, nobody is listening
      void worker.terminate();
    }
  };
  function push(item: AnalyseEvent | Failure | Error) {
    queue.push(item);
    if (!(item instanceof Error) && item.kind === 'done') release(true);
    wake?.();
  }
  function onError(error: Error & { code?: string }) {
    push(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('E0001', 400, 'This file has too many rows to read at once: split it into smaller files') : error);
  }
  function onExit(code: number) {
    push(new Error(`The upload reader stopped before it finished (exit code ${code})`));
  }
  worker.on('message', push);
  worker.once('error', onError);
  worker.once('exit', onExit);
  worker.postMessage(input);
  try {
    for (;;) {
      // A turn of the event loop first: the messages the reader sent meanwhile are taken in now, not one per item the
      // caller has finished with (each message event runs the caller's work on the last one as its microtasks), so
      // its `done` arrives, and it is let go, as soon as it has read the file.
      await new Promise<void>((resolve) => setImmediate(resolve));
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
    release(false);
  }
}
