import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { Lang } from '@netconsole/contract';

/**
 * Texts live beside their code, one i18next namespace per file:
 * - `<folder>/locales/<lang>.json` is the namespace named after the folder
 *   (`features/user/locales/en.json` → `user`; `shared/` → `common`; this folder's → `app`). These
 *   load before the first render: they are the shell's and the first screens' (login, dashboard).
 * - `<folder>/locales/<screen>/<lang>.json` is the namespace `<folder>-<screen>`
 *   (`features/user/locales/profile/en.json` → `user-profile`). It loads with the screen that uses
 *   it (`withTexts` in the registry), so a new screen does not weigh on every first load; a
 *   component that asks for it before then suspends until it arrives.
 * Only the active language is downloaded: switching reloads the page anyway (spec §1).
 */
const bundles = import.meta.glob<Record<string, unknown>>(
  ['../**/locales/*.json', '../**/locales/*/*.json'],
  {
    import: 'default',
  },
);

export interface NamespaceFile {
  ns: string;
  lang: string;
  /** Loaded before the first render (a folder's own texts), else with its screen. */
  preload: boolean;
}

/** Glob keys are relative to this file: its own folder's texts come as `./locales/…`. */
export function namespaceOf(file: string): NamespaceFile | null {
  const match = /([^/]+)\/locales\/(?:([^/]+)\/)?([^/]+)\.json$/.exec(file);
  if (!match) return null;
  const [, folder = '', screen, lang = ''] = match;
  const base = folder === '.' ? 'app' : folder === 'shared' ? 'common' : folder;
  return screen ? { ns: `${base}-${screen}`, lang, preload: false } : { ns: base, lang, preload: true };
}

function loaderOf(lang: string, ns: string): (() => Promise<Record<string, unknown>>) | undefined {
  for (const [file, load] of Object.entries(bundles)) {
    const id = namespaceOf(file);
    if (id?.lang === lang && id.ns === ns) return load;
  }
  return undefined;
}

/** Serves the screens' namespaces from the build's chunks when i18next first needs them. */
const screenTexts: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lang, ns, done) => {
    const load = loaderOf(lang, ns);
    if (!load) return done(null, {});
    load().then(
      (texts) => done(null, texts),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** A screen's loader that fetches its namespaces alongside its code rather than after it. */
export function withTexts<T>(load: () => Promise<T>, ...namespaces: string[]): () => Promise<T> {
  return () => Promise.all([load(), i18next.loadNamespaces(namespaces)]).then(([module]) => module);
}

/** Loads the language's texts, antd's locale and dayjs's; returns the antd locale to provide. */
export async function initI18n(lang: Lang): Promise<Locale> {
  const namespaces = await Promise.all(
    Object.entries(bundles).flatMap(([file, load]) => {
      const id = namespaceOf(file);
      return id?.lang === lang && id.preload ? [load().then((texts) => [id.ns, texts] as const)] : [];
    }),
  );
  await i18next
    .use(screenTexts)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      load: 'currentOnly',
      resources: { [lang]: Object.fromEntries(namespaces) },
      // The bundled namespaces above, the others through the backend when first needed.
      partialBundledLanguages: true,
      ns: namespaces.map(([ns]) => ns),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  if (lang !== 'zh') return enUS;
  // The ES build of antd's locale: the CommonJS one silently stays English under Vite (stack-notes).
  // dayjs loads only here: no first screen formats dates through it in English.
  const [{ default: zhCN }, { default: dayjs }] = await Promise.all([
    import('antd/es/locale/zh_CN'),
    import('dayjs'),
    import('dayjs/locale/zh-cn'),
  ]);
  dayjs.locale('zh-cn');
  return zhCN;
}
