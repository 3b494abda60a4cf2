/**
 * `make lint`'s check of the API document: writes /api/openapi.json as the gateway serves it and lints it with
 * Redocly's recommended rules (no configuration, no ignore file). Warnings fail it too: the document is kept clean.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '@mathgames/contracts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const file = join(root, '.tmp', 'openapi.json');
mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2));

const run = (format: string) => {
  try {
    return execFileSync(join(root, 'node_modules', '.bin', 'redocly'), ['lint', file, `--format=${format}`], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? '');
  }
};
const { totals } = JSON.parse(run('json')) as { totals: { errors: number; warnings: number } };
if (totals.errors + totals.warnings > 0) {
  process.stdout.write(run('stylish'));
  console.error(`OpenAPI lint: ${totals.errors} errors, ${totals.warnings} warnings`);
  process.exit(1);
}
console.log('OpenAPI lint: no problems (Redocly recommended rules)');
