/**
 * The factory key from which every device password derives (protocol §2.2). Taken from FACTORY_KEY,
 * else from the file `factory-key` in the data directory, created with a random key on first start.
 * The key itself is never logged or printed: only where it lives.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FACTORY_KEY_RE } from '@netconsole/contract/credentials';

export const FACTORY_KEY_FILE = 'factory-key';

export interface FactoryKey {
  /** 64 lower-case hex digits. */
  hex: string;
  /** 'environment', or the path of the file it was read from or written to. */
  source: string;
  /** The file was created now. */
  created: boolean;
}

export class FactoryKeyError extends Error {}

export function resolveFactoryKey(fromEnv: string | undefined, dataDir: string): FactoryKey {
  if (fromEnv !== undefined) return { hex: fromEnv.toLowerCase(), source: 'environment', created: false };
  const file = path.join(dataDir, FACTORY_KEY_FILE);
  if (fs.existsSync(file)) {
    const hex = fs.readFileSync(file, 'utf8').trim();
    if (!FACTORY_KEY_RE.test(hex)) {
      throw new FactoryKeyError(`${file}: not a factory key (64 hexadecimal digits)`);
    }
    return { hex: hex.toLowerCase(), source: file, created: false };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const hex = randomBytes(32).toString('hex');
  // 'wx': never overwrite a key another process wrote meanwhile; the devices' passwords hang on it.
  try {
    fs.writeFileSync(file, `${hex}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return resolveFactoryKey(undefined, dataDir);
    throw err;
  }
  return { hex, source: file, created: true };
}
