const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The Intl.DateTimeFormat for `key`, made once and kept: building one costs far more than formatting with it.
 * Internal to contracts (not re-exported): the key must name everything `make` depends on.
 */
export function dateTimeFormatFor(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}
