/**
 * Uploaded files (logos, configuration files, firmware images; floor images and ads later). The
 * embedded store is a folder under DATA_DIR; an S3-compatible store (s3-store.ts, FILE_STORE=s3)
 * takes its place behind the same interface. Small files go through `put`/`read`; large ones
 * (firmware) are streamed: `putFile` takes a finished temporary file, `createReadStream` hands out a
 * byte range, so no file is ever held in memory whole.
 */
import { createReadStream as fsReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Keys directly under a folder key, e.g. list('logos/<tenant>'). */
  list(folder: string): Promise<string[]>;
  /**
   * Stores the finished file at `localPath` under `key` and removes the local file (moved when it
   * can be, uploaded otherwise). The caller measured it while writing it; nothing is read twice.
   */
  putFile(key: string, localPath: string): Promise<void>;
  /** The stored size in bytes, or null when there is no such file. */
  stat(key: string): Promise<{ size: number } | null>;
  /**
   * The bytes `start`..`end` (inclusive, as in an HTTP Range) of a file, streamed; the caller
   * checked the range against `stat`. A missing file fails the stream (or the promise).
   */
  createReadStream(key: string, range?: { start?: number; end?: number }): Promise<Readable>;
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

  async putFile(key: string, localPath: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    try {
      // The temporary file usually sits on the same disk (DATA_DIR): a rename, no copy.
      await fs.rename(localPath, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.copyFile(localPath, tmp);
      await fs.rename(tmp, file);
      await fs.rm(localPath, { force: true });
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const st = await fs.stat(this.pathOf(key));
      return st.isFile() ? { size: st.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async createReadStream(key: string, range: { start?: number; end?: number } = {}): Promise<Readable> {
    const file = this.pathOf(key);
    // Opened here so a missing file rejects the promise instead of failing a reply already begun.
    const handle = await fs.open(file, 'r');
    // The stream owns the handle and closes it at the end, on an error or when destroyed.
    return fsReadStream(file, { fd: handle, start: range.start, end: range.end, autoClose: true });
  }
}
