/**
 * Search params of the route options, which ship in the first download: read by hand rather than with zod (whose
 * smallest build still costs ~6 KB gzip there). The router JSON-parses values (`?verified=true` arrives as
 * `true`), so a scalar is accepted and read as text; anything else (objects, arrays, empty or over-long text)
 * reads as absent, never as an error page. Unknown params are dropped.
 */
export function textSearchParams<const Limits extends Record<string, number>>(
  limits: Limits,
): (search: Record<string, unknown>) => { [Key in keyof Limits]?: string } {
  return (search) => {
    const read: { [Key in keyof Limits]?: string } = {};
    for (const key of Object.keys(limits) as Array<keyof Limits & string>) {
      const value = search[key];
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
      const text = String(value);
      if (text.length >= 1 && text.length <= (limits[key] as number)) read[key] = text;
    }
    return read;
  };
}
