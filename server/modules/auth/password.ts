/**
 * Password hashing with argon2id (m = 19 MiB, t = 2, p = 1: OWASP's minimum, ~19 ms here).
 * Other modules (staff: add user, seeds, create-admin) hash through these two functions.
 *
 * @example
 * const hash = await hashPassword('admin123');
 * await verifyPassword(hash, 'admin123'); // true
 */
import { hash, verify, type Options } from '@node-rs/argon2';

const OPTIONS: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed stored hash (never throws on user input). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// Verified against when the username is unknown, so the answer takes as long as for a real account
// and response time does not reveal which usernames exist.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  return (dummy ??= hashPassword('not-a-real-password-' + Math.random()));
}
