import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

// OWASP's argon2id minimum (19 MiB, t=2, p=1): ~50 ms here, affordable on 2 cores, costly to brute-force.
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Computes the throw-away hash at start, so the first unknown-address login is not the slow one. */
export function warmUpPasswordHashing(): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-just-equal-timing');
  return dummyHash.then(() => undefined);
}

/**
 * Verifies a password against a stored hash. With no hash (unknown account) it still spends one
 * verification against a throw-away hash, so response timing does not reveal which addresses exist.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await warmUpPasswordHashing();
    await argon2.verify(await dummyHash!, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(storedHash, password);
  } catch {
    // A malformed stored hash must read as a failed login, never a 500.
    return false;
  }
}

export function passwordNeedsRehash(storedHash: string): boolean {
  try {
    return argon2.needsRehash(storedHash, PASSWORD_HASH_OPTIONS);
  } catch {
    return true;
  }
}

/**
 * Picture passwords (docs/decisions/0055-keyed-picture-hash.md): a secret of a few thousand values gains nothing
 * from argon2id (a leaked hash falls to every value in seconds however slow each try is) and argon2id costs ~50 ms
 * of a core per sign-in, a class at the bell 30 of them at once. So the stored form is an HMAC-SHA-256 keyed with
 * PICTURE_KEY, a secret held outside the database: a leaked database alone reveals nothing, and a check costs
 * microseconds. A per-pupil random salt keeps two pupils with the same pictures from sharing a hash.
 * `$pk1$<salt>$<mac>` (base64url). Hashes from before (argon2id) still verify and are replaced at the next right
 * sign-in (`rehash`).
 */
const PICTURE_HASH_PREFIX = '$pk1$';
const PICTURE_SALT_BYTES = 16;

function pictureMac(key: string, salt: Buffer, secret: string): Buffer {
  return createHmac('sha256', key).update('picture-password\0').update(salt).update(secret).digest();
}

export interface PictureCheck {
  valid: boolean;
  /** The keyed form to store in place of an older hash after a right guess; null when nothing to replace. */
  rehash: string | null;
}

/** Hashes and checks picture passwords with the deployment's PICTURE_KEY. */
export class PicturePasswords {
  /** A throw-away hash: an unknown pupil costs the same one HMAC as a known one. */
  private readonly dummy: string;

  constructor(private readonly key: string) {
    this.dummy = this.hash('not-a-real-picture-password');
  }

  hash(secret: string): string {
    const salt = randomBytes(PICTURE_SALT_BYTES);
    return `${PICTURE_HASH_PREFIX}${salt.toString('base64url')}$${pictureMac(this.key, salt, secret).toString('base64url')}`;
  }

  /** Constant-time: the MAC is compared with timingSafeEqual. A malformed stored hash reads as a wrong guess. */
  async verify(storedHash: string | null | undefined, secret: string): Promise<PictureCheck> {
    if (!storedHash) {
      this.verifyKeyed(this.dummy, secret);
      return { valid: false, rehash: null };
    }
    if (storedHash.startsWith(PICTURE_HASH_PREFIX))
      return { valid: this.verifyKeyed(storedHash, secret), rehash: null };
    // A hash from before the keyed form (argon2id): checked as it was, replaced once right.
    const valid = await verifyPassword(storedHash, secret);
    return { valid, rehash: valid ? this.hash(secret) : null };
  }

  private verifyKeyed(storedHash: string, secret: string): boolean {
    const [salt, mac] = storedHash
      .slice(PICTURE_HASH_PREFIX.length)
      .split('$')
      .map((part) => Buffer.from(part, 'base64url'));
    if (!salt || !mac || salt.length !== PICTURE_SALT_BYTES || mac.length !== 32) return false;
    return timingSafeEqual(pictureMac(this.key, salt, secret), mac);
  }
}
