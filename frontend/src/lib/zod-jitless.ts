import { config } from 'zod/v4/core';

/**
 * Zod builds a fast parser for each object schema with `new Function`, and probes once, when the first object
 * schema is defined, whether eval is allowed (`Function('')`). The gateway's Content-Security-Policy has no
 * 'unsafe-eval', so the probe raised a CSP violation on every page that loads the contracts schemas. In the
 * browser zod parses without eval (jitless); it is set before any schema is defined, so main.tsx imports this
 * module first. Servers keep the compiled parsers.
 */
config({ jitless: true });
