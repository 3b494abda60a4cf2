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
