// Reads and validates one upload (analyse.ts) in a worker thread: the parser's garbage (exceljs makes several
// objects per cell) lives and dies in this worker's heap instead of swelling the API's, and the API can store one
// chunk of valid lines while this reads the next (analyse-in-worker.ts).
// Plain JavaScript that registers tsx itself: the worker starts bare (execArgv []) under tsx, node and jest alike.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
require('tsx/cjs/api').register();
const { analyseUpload } = require('./analyse.ts');

try {
  await analyseUpload(workerData, (event, transfer) => parentPort.postMessage(event, transfer));
} catch (error) {
  // An AppError (a refusal the user sees) crosses with its code, status and fields; anything else is a bug (500).
  parentPort.postMessage({
    kind: 'error',
    refusal: error?.name === 'AppError',
    code: error?.code,
    statusCode: error?.statusCode,
    fields: error?.fields,
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
}
