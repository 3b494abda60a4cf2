import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '@mathgames/test-stack';

export const SPA_INDEX = join(ROOT, 'frontend/dist/index.html');
/** Written last by the build (the pre-rendered pages): its absence means an older or broken build. */
const SPA_LAST_OUTPUT = join(ROOT, 'frontend/dist/pages/en/games.html');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The SPA is stale when any of its inputs (its sources or the shared contracts) is newer than the build. */
export function spaIsStale(): boolean {
  if (!existsSync(SPA_INDEX) || !existsSync(SPA_LAST_OUTPUT)) return true;
  const inputs = [
    'frontend/src',
    'frontend/public',
    'frontend/scripts/prerender.ts',
    'frontend/index.html',
    'frontend/vite.config.ts',
    'services/libs/contracts/src',
  ];
  const newestInput = Math.max(...inputs.map((p) => newestMtime(join(ROOT, p))));
  return newestInput > statSync(SPA_INDEX).mtimeMs;
}

/** Builds the SPA (vite) when stale; returns false when the build failed. */
export function buildSpaIfStale(options: { force?: boolean } = {}): boolean {
  if (!options.force && !spaIsStale()) return true;
  const result = spawnSync('npm', ['run', 'build', '-w', '@mathgames/frontend'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return result.status === 0;
}
