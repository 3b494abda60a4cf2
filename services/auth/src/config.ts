import { loadConfig, mailTokenConfigShape, portWithDefault } from '@mathgames/platform';

export const authConfigShape = {
  PORT: portWithDefault(4001),
  ...mailTokenConfigShape,
};

export type AuthConfig = ReturnType<typeof loadAuthConfig>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(authConfigShape, env, { deployable: 'auth' });
}
