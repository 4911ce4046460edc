import { createHash, randomBytes } from 'node:crypto';

/** Opaque session tokens: 256 random bits; only their SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
