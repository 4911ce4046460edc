import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is a const enum in the typings; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummy: Promise<string> | undefined;

/** Verifies, and spends the same time when there is no stored hash, so unknown names don't answer faster. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('not-a-real-password-1');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
