/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Third-party analytics script; unset by default because the users are children. */
  readonly VITE_ANALYTICS_URL?: string;
}
