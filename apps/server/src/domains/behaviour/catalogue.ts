/**
 * The domain → category catalogue: the shipped, versioned file `catalogue/domains.json` with the
 * administrator's edits (`dns_catalogue_edits`) laid over it. A name takes its own entry or that
 * of its nearest parent (www.youtube.com → youtube.com); no entry: `other`. Categories are looked
 * up when answering, not stored with the queries, so an edit applies to the past too.
 */
import fs from 'node:fs';
import { DNS_CATEGORIES, DNS_UNCATEGORISED, type DnsCategory } from '@netconsole/contract';
import type { Db } from '../../platform/store/db.ts';
import { deleteCatalogueEdit, readCatalogueEdits, upsertCatalogueEdit } from './store.ts';

interface ShippedFile {
  version: string;
  domains: Record<string, string>;
}

const CATEGORY_SET = new Set<string>(DNS_CATEGORIES);

export function isCategory(value: string): value is DnsCategory {
  return CATEGORY_SET.has(value);
}

export function loadShipped(): { version: string; domains: Map<string, DnsCategory> } {
  const file = JSON.parse(
    fs.readFileSync(new URL('./catalogue/domains.json', import.meta.url), 'utf8'),
  ) as ShippedFile;
  const domains = new Map<string, DnsCategory>();
  for (const [d, c] of Object.entries(file.domains)) {
    if (!isCategory(c)) throw new Error(`catalogue: ${d} has unknown category ${c}`);
    domains.set(d, c);
  }
  return { version: file.version, domains };
}

/** Lookups remembered per name; cleared on every change. */
const CACHE_MAX = 100_000;

export class Catalogue {
  readonly version: string;
  private readonly shipped: Map<string, DnsCategory>;
  /** Edited entries: a category, or null where a shipped entry is hidden. */
  private edits = new Map<string, DnsCategory | null>();
  private editedAt: number | null = null;
  private cache = new Map<string, DnsCategory>();

  constructor(private readonly db: Db) {
    const { version, domains } = loadShipped();
    this.version = version;
    this.shipped = domains;
  }

  /** Reads the edits from the store (at start, after a change, and now and then for other nodes' edits). */
  async load(): Promise<void> {
    const rows = await readCatalogueEdits(this.db);
    const edits = new Map<string, DnsCategory | null>();
    let at: number | null = null;
    for (const r of rows) {
      edits.set(r.domain, r.category !== null && isCategory(r.category) ? r.category : null);
      at = Math.max(at ?? 0, r.updated_at);
    }
    this.edits = edits;
    this.editedAt = at;
    this.cache = new Map();
  }

  /** The category of a stored (normalised) name. */
  categoryOf(domain: string): DnsCategory {
    const hit = this.cache.get(domain);
    if (hit) return hit;
    let found: DnsCategory = DNS_UNCATEGORISED;
    let name = domain;
    for (;;) {
      const own = this.entry(name);
      if (own) {
        found = own;
        break;
      }
      const dot = name.indexOf('.');
      if (dot < 0) break;
      name = name.slice(dot + 1);
    }
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(domain, found);
    return found;
  }

  private entry(name: string): DnsCategory | undefined {
    if (this.edits.has(name)) return this.edits.get(name) ?? undefined;
    return this.shipped.get(name);
  }

  /** Every entry in force, sorted by domain. */
  entries(): { Domain: string; Category: DnsCategory; Source: 'shipped' | 'edited' }[] {
    const out: { Domain: string; Category: DnsCategory; Source: 'shipped' | 'edited' }[] = [];
    for (const [d, c] of this.shipped) {
      if (!this.edits.has(d)) out.push({ Domain: d, Category: c, Source: 'shipped' });
    }
    for (const [d, c] of this.edits) if (c !== null) out.push({ Domain: d, Category: c, Source: 'edited' });
    return out.sort((a, b) => (a.Domain < b.Domain ? -1 : a.Domain > b.Domain ? 1 : 0));
  }

  /** The shipped version, `+N` when N entries are edited. */
  versionLabel(): string {
    return this.edits.size === 0 ? this.version : `${this.version}+${this.edits.size}`;
  }

  updatedAt(): number | null {
    return this.editedAt;
  }

  has(domain: string): boolean {
    return this.entry(domain) !== undefined;
  }

  async set(domain: string, category: DnsCategory, now: number): Promise<void> {
    // An entry equal to the shipped one is no edit.
    if (this.shipped.get(domain) === category) await deleteCatalogueEdit(this.db, domain);
    else await upsertCatalogueEdit(this.db, domain, category, now);
    await this.load();
  }

  async remove(domain: string, now: number): Promise<void> {
    if (this.shipped.has(domain)) await upsertCatalogueEdit(this.db, domain, null, now);
    else await deleteCatalogueEdit(this.db, domain);
    await this.load();
  }
}
