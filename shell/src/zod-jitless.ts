import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may; the portal's Content-Security-Policy forbids eval, and
// even zod's caught probe for it is reported as a violation. Imported first by bootstrap.tsx, so it is set before any
// schema (shared-api's, or a remote's: zod is one shared singleton) is built.
z.config({ jitless: true });
