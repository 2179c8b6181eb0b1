/*
 * zod compiles object parsers with `new Function` when it may; the portal's Content-Security-Policy forbids eval, and
 * even zod's caught probe for it is reported as a violation. zod 4 keeps its settings on
 * `globalThis.__zod_globalConfig` (what `z.config()` writes) and reads them when it builds a parser, so they are set
 * here without loading zod: the sign-in page needs no zod at all, and the first screen that validates a form loads it
 * (issue 37 item 2). Imported first by bootstrap.tsx; zod-jitless.test.ts checks zod reads it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
