/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Third-party analytics script; unset by default because the users are children. */
  readonly VITE_ANALYTICS_URL?: string;
  /** Footer social links, `Name=https://…` separated by commas; none by default. */
  readonly VITE_SOCIAL_LINKS?: string;
}
