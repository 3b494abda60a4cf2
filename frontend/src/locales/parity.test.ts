import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * A browser journey runs in one language (frontend/e2e/harness `IN_TR` / `IN_EN`): the other language of its
 * screens is held here. Every namespace exists in both, every text of one has its counterpart in the other (plural
 * forms compared by their key, as each language has its own forms), none is empty, and both fill the same
 * variables (`{{name}}`) and mark up the same elements (`<1>…</1>`), so no screen shows a raw key, a blank or a
 * missing value in either language.
 */
const LOCALES = `${import.meta.dirname}/`;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => texts(v, `${path}.${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k));
  return [];
}

const namespaces = (lang: string) =>
  readdirSync(`${LOCALES}${lang}/`)
    .filter((file) => file.endsWith('.json'))
    .sort();
const read = (lang: string, file: string) =>
  new Map(texts(JSON.parse(readFileSync(`${LOCALES}${lang}/${file}`, 'utf8'))));
/** The variables and element tags a text uses, sorted: `{{count}}`, `<1>`. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*[\w.]+\s*\}\}|<\/?\d+>/g)].map((m) => m[0].replace(/\s/g, '')).sort();
/** A plural key's texts all fill the same variables; compare one language's set with the other's. */
const byKey = (all: Map<string, string>) => {
  const keys = new Map<string, Set<string>>();
  for (const [path, text] of all) {
    const key = path.replace(PLURAL, '');
    const seen = keys.get(key) ?? new Set<string>();
    for (const p of placeholders(text)) if (p !== '{{count}}') seen.add(p);
    keys.set(key, seen);
  }
  return keys;
};

describe('the Turkish and English texts', () => {
  it('have the same namespaces', () => {
    expect(namespaces('en')).toEqual(namespaces('tr'));
    expect(namespaces('tr').length).toBeGreaterThan(5);
  });

  describe.each(namespaces('tr'))('%s', (file) => {
    const tr = read('tr', file);
    const en = read('en', file);
    const trKeys = byKey(tr);
    const enKeys = byKey(en);

    it('has every text in both languages', () => {
      expect([...enKeys.keys()].sort()).toEqual([...trKeys.keys()].sort());
    });

    it('has no empty text', () => {
      const empty = [...tr, ...en].filter(([, text]) => text.trim() === '').map(([path]) => path);
      expect(empty).toEqual([]);
    });

    it('fills the same variables and marks up the same elements in both', () => {
      const differ = [...trKeys]
        .filter(
          ([key, used]) => enKeys.has(key) && [...used].sort().join() !== [...enKeys.get(key)!].sort().join(),
        )
        .map(([key, used]) => `${key}: tr ${[...used].join(' ')} / en ${[...enKeys.get(key)!].join(' ')}`);
      expect(differ).toEqual([]);
    });
  });
});
