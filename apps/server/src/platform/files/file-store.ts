/**
 * Uploaded files (logos now; firmware, floor images and ads later). The embedded store is a folder
 * under DATA_DIR; an S3-compatible store can take its place behind the same interface.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Keys directly under a folder key, e.g. list('logos/<tenant>'). */
  list(folder: string): Promise<string[]>;
}

/** Keys are '/'-separated names of letters, digits, '-', '_' and '.', never '..'. */
const KEY_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

export function isFileKey(key: string): boolean {
  return KEY_RE.test(key) && !key.split('/').includes('..');
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    // Keys come from our own code, but a bad one must never reach outside the root.
    if (!isFileKey(key)) throw new Error(`bad file key ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async list(folder: string): Promise<string[]> {
    try {
      const names = await fs.readdir(this.pathOf(folder));
      return names.filter((n) => !n.endsWith('.tmp')).map((n) => `${folder}/${n}`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }
}
