/**
 * Search-param readers for route `validateSearch`. Plain functions rather than zod: route options ship in the first
 * download, where zod would add ~20 KB gzip. The router JSON-parses values (`?verified=true` arrives as `true`).
 */
export function optionalText(value: unknown, maxLength: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  const text = String(value);
  return text.length > 0 && text.length <= maxLength ? text : undefined;
}
