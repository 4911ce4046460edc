import { LANGS, type Lang } from '@netconsole/contract';
import { readCookie, writeCookie } from './cookies.ts';

/** spec §1: the language choice lives in this cookie; the server reads it for its messages too. */
export const LANGUAGE_COOKIE = 'language';
export const DEFAULT_LANGUAGE: Lang = 'en';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export function isLang(value: unknown): value is Lang {
  return (LANGS as readonly unknown[]).includes(value);
}

export function readLanguage(): Lang {
  const value = readCookie(LANGUAGE_COOKIE);
  return isLang(value) ? value : DEFAULT_LANGUAGE;
}

export function writeLanguage(lang: Lang): void {
  writeCookie(LANGUAGE_COOKIE, lang, ONE_YEAR_SECONDS);
}
