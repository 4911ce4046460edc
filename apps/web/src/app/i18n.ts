import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { Lang } from '@netconsole/contract';

/**
 * Every folder's `locales/<lang>.json` is one i18next namespace named after the folder
 * (`features/user/locales/en.json` → `user`; `shared/` → `common`; this folder's → `app`). Only
 * the active language is downloaded: switching reloads the page anyway (spec §1).
 */
const bundles = import.meta.glob<Record<string, unknown>>('../**/locales/*.json', { import: 'default' });

/** Glob keys are relative to this file: its own folder's texts come as `./locales/…`. */
export function namespaceOf(file: string): { ns: string; lang: string } | null {
  const match = /([^/]+)\/locales\/([^/]+)\.json$/.exec(file);
  if (!match) return null;
  const [, folder = '', lang = ''] = match;
  const ns = folder === '.' ? 'app' : folder === 'shared' ? 'common' : folder;
  return { ns, lang };
}

/** Loads the language's texts, antd's locale and dayjs's; returns the antd locale to provide. */
export async function initI18n(lang: Lang): Promise<Locale> {
  const namespaces = await Promise.all(
    Object.entries(bundles).flatMap(([file, load]) => {
      const id = namespaceOf(file);
      return id?.lang === lang ? [load().then((texts) => [id.ns, texts] as const)] : [];
    }),
  );
  await i18next.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: Object.fromEntries(namespaces) },
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
