// Reads and validates uploads (analyse.ts) in a worker thread: the parser's garbage (exceljs makes several objects
// per cell) lives and dies in this worker's heap instead of swelling the API's, and the API can store one chunk of
// valid lines while this reads the next (analyse-in-worker.ts). One upload at a time: the API posts its input, this
// answers with its events up to `done` (or `error`), then waits for the next (a kept worker skips the ~1–2 s of
// starting up and loading the parsers that every upload paid).
// Plain JavaScript that registers tsx itself: the worker starts bare (execArgv []) under tsx, node and jest alike.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
require('tsx/cjs/api').register();
const { analyseUpload } = require('./analyse.ts');

parentPort.on('message', async (input) => {
  try {
    await analyseUpload(input, (event, transfer) => parentPort.postMessage(event, transfer));
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
});
