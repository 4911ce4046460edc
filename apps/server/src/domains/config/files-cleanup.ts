/**
 * Uploaded configuration files no version names are removed a day after their upload
 * (docs/configuration.md, "Configuration files"): an upload is kept while the tenant may still
 * save the profile it was made for, then only while a version of a profile names it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/store/db.ts';
import type { Clock } from '../../platform/ids.ts';
import type { ConfigFiles } from './files.ts';
import { referencedFiles } from './store.ts';

export const JOB_FILES_CLEANUP = 'config.files-cleanup';
/** How long an upload no version names is kept. */
export const UPLOAD_KEEP_MS = 24 * 3_600_000;

export class ConfigFileCleanup {
  /** Uploads without metadata at the last run: their age is unknown, so they go at the next. */
  private unmeasured = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly files: ConfigFiles,
    private readonly clock: Clock,
    /** The tenants to look at besides the folders the file store lists. */
    private readonly tenantIds: () => Promise<string[]>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One pass over every tenant's uploads; resolves to how many were removed. */
  async run(): Promise<number> {
    const cutoff = this.clock() - UPLOAD_KEEP_MS;
    const tenants = new Set([...(await this.tenantIds()), ...(await this.files.uploadTenants())]);
    const unmeasured = new Set<string>();
    let removed = 0;
    for (const tenantId of tenants) {
      const uploads = await this.files.uploads(tenantId);
      for (const u of uploads) if (u.uploadedAt === null) unmeasured.add(u.key);
      const old = uploads.filter((u) =>
        u.uploadedAt === null ? this.unmeasured.has(u.key) : u.uploadedAt < cutoff,
      );
      if (old.length === 0) continue;
      // Read after the listing, so a profile saved before this read keeps its file; only a save of a
      // day-old upload in the instant between this read and the removal could lose it.
      const named = await referencedFiles(this.db, { tenantId, admin: false });
      for (const u of old) {
        if (named.has(u.key)) continue;
        await this.files.remove(u.key);
        removed++;
      }
    }
    this.unmeasured = unmeasured;
    if (removed > 0) this.log.info({ removed }, 'unused configuration files removed');
    return removed;
  }
}
