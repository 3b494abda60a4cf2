import { loadConfig, portWithDefault } from '@mathgames/platform';
import { z } from 'zod';

export const classesConfigShape = {
  PORT: portWithDefault(4004),
  // Auth owns identities: the service asks it whether a caller is a verified teacher before creating a class.
  AUTH_URL: z.url().default('http://127.0.0.1:4001'),
};

export type ClassesConfig = ReturnType<typeof loadClassesConfig>;

export function loadClassesConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(classesConfigShape, env, { deployable: 'classes' });
}

export const classesWorkerConfigShape = { PORT: portWithDefault(4015) };

export type ClassesWorkerConfig = ReturnType<typeof loadClassesWorkerConfig>;

export function loadClassesWorkerConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(classesWorkerConfigShape, env, { deployable: 'classes-worker' });
}
