import { loadConfig } from '@mathgames/platform';
import { z } from 'zod';

export const classesConfigShape = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  // Auth owns identities: the service asks it whether a caller is a verified teacher before creating a class.
  AUTH_URL: z.url().default('http://127.0.0.1:4001'),
};

export type ClassesConfig = ReturnType<typeof loadClassesConfig>;

export function loadClassesConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(classesConfigShape, env, { deployable: 'classes' });
}
