import { loadConfig, mailTokenConfigShape } from '@mathgames/platform';
import { z } from 'zod';

export const authConfigShape = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  ...mailTokenConfigShape,
};

export type AuthConfig = ReturnType<typeof loadAuthConfig>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(authConfigShape, env, { deployable: 'auth' });
}
