import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contracts from './index.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('the contracts package', () => {
  it('imports nothing from Node, so the browser can load it', () => {
    const sources = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    /** A relative import that stays inside the package's sources (sub-folders import `../values.js`). */
    const withinPackage = (file: string, spec: string) =>
      spec.startsWith('.') && !relative(here, resolve(here, dirname(file), spec)).startsWith('..');
    for (const file of sources) {
      const text = readFileSync(join(here, file), 'utf8');
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const spec of imports) {
        expect(
          withinPackage(file, spec) || ['zod', '@asteasolutions/zod-to-openapi'].includes(spec),
          `${file}: ${spec}`,
        ).toBe(true);
      }
    }
  });

  it('re-exports every topic from its index', () => {
    for (const name of [
      'GAME_TYPES',
      'normalizeGameType',
      'translate',
      'loginRequestSchema',
      'levelForPoints',
      'weekDayIndex',
      'encodeFraction',
      'BADGE_CATALOGUE',
      'generateQuestions',
      'checkAnswer',
      'validateGameResult',
      'formatClock',
      'adjustProfileStatistics',
      'buildOpenApiDocument',
    ]) {
      expect(contracts, name).toHaveProperty(name);
    }
  });
});
