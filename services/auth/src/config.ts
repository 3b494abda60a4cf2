import { configLoader, mailTokenConfigShape } from '@mathgames/platform';

export const authConfigShape = mailTokenConfigShape;
export const loadAuthConfig = configLoader('auth', authConfigShape);
export type AuthConfig = ReturnType<typeof loadAuthConfig>;
