/**
 * The table of help texts. It is declared into the store's `Database` (platform/store/db.ts) below, so
 * queries anywhere see it while the platform imports no domain.
 */

export interface HelpWordTable {
  name: string;
  lang: string;
  contents: string;
  owner: string;
  updated_at: number;
}

declare module '../../platform/store/db.ts' {
  interface Database {
    help_words: HelpWordTable;
  }
}
