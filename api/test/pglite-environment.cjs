/**
 * Jest environment that gives each worker ONE embedded PGlite (a cold start costs ~3 s and ~350 MB), shared
 * by the test files that worker runs one after another; helpers.ts truncates and reseeds before every test.
 * It is created here, outside the test sandbox, because PGlite loads its wasm with dynamic import(), which
 * jest's module sandbox does not allow. With DATABASE_URL set no PGlite is started.
 */
const { TestEnvironment } = require(require.resolve('jest-environment-node', { paths: [require.resolve('jest')] }));

let shared = null;
let closeTimer = null;

class PGliteEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    if (process.env.DATABASE_URL) return;
    if (closeTimer) clearTimeout(closeTimer);
    closeTimer = null;
    if (!shared) {
      const { PGlite } = require('@electric-sql/pglite');
      // As database.ts's PGLITE_EXTENSIONS: the extensions the migrations create.
      const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm');
      shared = PGlite.create({ extensions: { pg_trgm } });
    }
    this.global.__PGLITE__ = await shared;
  }

  async teardown() {
    // Postgres keeps a ~10 s stats timer that would hold the worker open after its last file: close the
    // instance unless another file of this worker starts within a second (the timer is unref'd).
    if (shared) {
      const closing = shared;
      closeTimer = setTimeout(() => {
        shared = null;
        void closing.then((db) => db.close());
      }, 1000);
      closeTimer.unref();
    }
    await super.teardown();
  }
}

module.exports = PGliteEnvironment;
