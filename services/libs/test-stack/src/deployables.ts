import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is services/libs/test-stack/src/deployables.ts, or its dist twin). */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export type DeployableName =
  | 'auth'
  | 'game-results'
  | 'badges'
  | 'classes'
  | 'statistics-worker'
  | 'badge-worker'
  | 'mail-worker'
  | 'classes-worker'
  | 'gateway';

/** Every process of the product (docs/conventions.md "Deployables, ports, entry points"). */
export interface Deployable {
  name: DeployableName;
  /** Package directory relative to the repository root. */
  dir: string;
  entry: 'main' | 'worker';
  /** The port `make start` gives it (the gateway's can be moved with PORT). */
  port: number;
  /** Whether the gateway forwards to it (and which URL variable tells the gateway where it is). */
  urlVariable?: 'AUTH_URL' | 'GAME_RESULTS_URL' | 'BADGES_URL' | 'CLASSES_URL';
}

/** In start order: the services the gateway and the classes service call come before them. */
export const DEPLOYABLES: readonly Deployable[] = [
  { name: 'auth', dir: 'services/auth', entry: 'main', port: 4001, urlVariable: 'AUTH_URL' },
  {
    name: 'game-results',
    dir: 'services/game-results',
    entry: 'main',
    port: 4002,
    urlVariable: 'GAME_RESULTS_URL',
  },
  { name: 'badges', dir: 'services/badges', entry: 'main', port: 4003, urlVariable: 'BADGES_URL' },
  { name: 'classes', dir: 'services/classes', entry: 'main', port: 4004, urlVariable: 'CLASSES_URL' },
  { name: 'statistics-worker', dir: 'services/game-results', entry: 'worker', port: 4012 },
  { name: 'badge-worker', dir: 'services/badges', entry: 'worker', port: 4013 },
  { name: 'mail-worker', dir: 'services/mail', entry: 'worker', port: 4014 },
  { name: 'classes-worker', dir: 'services/classes', entry: 'worker', port: 4015 },
  { name: 'gateway', dir: 'gateway', entry: 'main', port: 8080 },
];

export const sourceEntry = (d: Deployable) => join(ROOT, d.dir, 'src', `${d.entry}.ts`);
export const builtEntry = (d: Deployable) => join(ROOT, d.dir, 'dist', `${d.entry}.js`);
/** A deployable exists once its owner has written its entry point. */
export const isWritten = (d: Deployable) => existsSync(sourceEntry(d));
/** Whether it serves HTTP others call (the services) or the browser does (the gateway). */
export const isHttp = (d: Deployable) => d.urlVariable !== undefined || d.name === 'gateway';
export const localUrl = (port: number) => `http://127.0.0.1:${port}`;
