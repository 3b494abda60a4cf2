import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * "Seviye"/"Level" means only the player's level (from points); a game's difficulty is
 * "Zorluk"/"difficulty". The footer once counted the five difficulties as "5 Seviye".
 */
const LEVEL_WORD = { tr: /seviye/i, en: /\blevels?\b/i } as const;

/** Keys whose text is about the player's level (namespace:path). */
const PLAYER_LEVEL_KEYS = new Set([
  'profile:description',
  'profile:header.level',
  'profile:progress.level',
  'profile:progress.barLabel',
  'profile:progress.toNext_one',
  'profile:progress.toNext_other',
  'teacher:progress.level',
  'teacher:detail.level',
  'teacher:report.summary_one',
  'teacher:report.summary_other',
]);

function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}.${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      strings(v, path.endsWith(':') ? `${path}${k}` : `${path}.${k}`),
    );
  return [];
}

describe.each(['tr', 'en'] as const)('the %s texts', (lang) => {
  it("use the level word only for the player's level, never for a difficulty", () => {
    const dir = `${import.meta.dirname}/${lang}/`;
    const found = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        strings(JSON.parse(readFileSync(`${dir}${file}`, 'utf8')), `${file.replace(/\.json$/, '')}:`),
      )
      .filter(([, text]) => LEVEL_WORD[lang].test(text))
      .map(([key]) => key)
      .filter((key) => !PLAYER_LEVEL_KEYS.has(key));
    expect(found).toEqual([]);
  });
});
