import * as z from 'zod/mini';

/**
 * Search params are validated with zod's tree-shakable "mini" build: route options ship in the first download,
 * where full zod would add ~20 KB gzip. The router JSON-parses values (`?verified=true` arrives as `true`), so a
 * scalar is accepted and read as text; anything else (objects, arrays, over-long text) reads as absent.
 */
const scalarAsText = z.pipe(
  z.union([z.string(), z.number(), z.boolean()]),
  z.transform((value: string | number | boolean) => String(value)),
);

export const optionalTextParam = (maxLength: number) =>
  z.catch(
    z.optional(z.pipe(scalarAsText, z.string().check(z.minLength(1), z.maxLength(maxLength)))),
    undefined,
  );
