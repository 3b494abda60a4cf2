import type { Identity } from './identity.js';

declare global {
  namespace Express {
    interface Request {
      /** Who is calling, from the gateway's signed header (anonymous defaults when identity is not required). */
      identity: Identity;
    }
  }
}
