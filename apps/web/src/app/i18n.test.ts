import { describe, expect, it } from 'vitest';
import { namespaceOf } from './i18n.ts';

// The same files the app loads, read eagerly here.
const files = import.meta.glob<Record<string, unknown>>(['../**/locales/*.json', '../**/locales/*/*.json'], {
  eager: true,
  import: 'default',
});

function leaves(texts: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const byNamespace = new Map<string, Record<string, Map<string, string>>>();
  for (const [file, texts] of Object.entries(files)) {
    const id = namespaceOf(file)!;
    byNamespace.set(id.ns, { ...byNamespace.get(id.ns), [id.lang]: leaves(texts) });
  }

  it("names a folder's namespace after it, and a screen's after folder and screen", () => {
    expect(namespaceOf('./locales/en.json')).toEqual({ ns: 'app', lang: 'en', preload: true });
    expect(namespaceOf('../shared/locales/zh.json')).toEqual({ ns: 'common', lang: 'zh', preload: true });
    expect(namespaceOf('../features/user/locales/profile/zh.json')).toEqual({
      ns: 'user-profile',
      lang: 'zh',
      preload: false,
    });
    expect(namespaceOf('../features/user/en.json')).toBeNull();
  });

  it('names the namespaces after their folders', () => {
    expect([...byNamespace.keys()].sort()).toEqual(
      expect.arrayContaining(['app', 'common', 'dashboard', 'help', 'user']),
    );
  });

  for (const [ns, langs] of byNamespace) {
    it(`${ns}: English and Chinese have the same keys, placeholders and no empty text`, () => {
      const { en, zh } = langs;
      expect(en, `${ns} has no en.json`).toBeDefined();
      expect(zh, `${ns} has no zh.json`).toBeDefined();
      expect([...zh!.keys()].sort()).toEqual([...en!.keys()].sort());
      for (const [key, text] of en!) {
        expect(text.trim(), `${ns}:${key}`).not.toBe('');
        expect(zh!.get(key)!.trim(), `${ns}:${key} (zh)`).not.toBe('');
        expect(placeholders(zh!.get(key)!), `${ns}:${key}`).toEqual(placeholders(text));
      }
    });
  }
});
