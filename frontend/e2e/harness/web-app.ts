import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The gateway serves `frontend/dist`: build it once when a spec runs on a tree that has none (or an older one). */
export function ensureWebAppBuilt(): void {
  if (existsSync(`${ROOT}frontend/dist/index.html`) && existsSync(`${ROOT}frontend/dist/pages/en/games.html`))
    return;
  const build = spawnSync('npm', ['run', 'build', '-w', '@mathgames/frontend'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web app did not build');
}
