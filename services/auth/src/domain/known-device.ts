import { createHmac } from 'node:crypto';

/**
 * What the known-device mark is keyed by: a keyed hash of the e-mail and the address, never the two themselves, so
 * the mark (kept 30 days) names nobody once an account is erased. The key makes a guessed e-mail useless without it.
 */
export function knownDeviceMarker(key: string) {
  return (email: string, ip: string): string =>
    createHmac('sha256', key)
      .update(`known-device\0${email.trim().toLowerCase()}\0${ip}`)
      .digest('base64url');
}

/** abuse-limits appends an address to the mark's key; the mark holds it already (hashed), so it gets this. */
export const MARK_HOLDS_ADDRESS = '-';
