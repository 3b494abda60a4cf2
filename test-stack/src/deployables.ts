import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Deployable } from '@mathgames/platform';

/** Every process of the product: platform's one table (docs/conventions.md "Deployables, ports, entry points"). */
export { DEPLOYABLES, type Deployable, type DeployableName } from '@mathgames/platform';

/** The repository root (this file is test-stack/src/deployables.ts, or its dist twin). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const sourceEntry = (d: Deployable) => join(ROOT, d.dir, 'src', `${d.entry}.ts`);
export const builtEntry = (d: Deployable) => join(ROOT, d.dir, 'dist', `${d.entry}.js`);
/** A deployable exists once its owner has written its entry point. */
export const isWritten = (d: Deployable) => existsSync(sourceEntry(d));
/** Whether it serves HTTP others call (the services) or the browser does (the gateway). */
export const isHttp = (d: Deployable) => d.urlVariable !== undefined || d.name === 'gateway';
export const localUrl = (port: number) => `http://127.0.0.1:${port}`;
