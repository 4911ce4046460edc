import { useSyncExternalStore } from 'react';
import { isMapType, type Lang, type MapType } from '@netconsole/contract';
import { readLanguage } from '#shared/language.ts';

/** spec §3 local storage: the map type, 'baidu' or 'google'. Anything else counts as not set. */
export const MAP_TYPE_KEY = 'mapType';

const listeners = new Set<() => void>();

/**
 * The type a first visit draws with, by language: the Chinese console the Baidu type (its
 * geocoder answers in Chinese, its default view is China), the English one the Google type.
 */
export function defaultMapType(lang: Lang): MapType {
  return lang === 'zh' ? 'baidu' : 'google';
}

/** The type chosen here (stored), else the language's default; never none (docs/maps.md). */
export function getMapType(): MapType {
  try {
    const value = localStorage.getItem(MAP_TYPE_KEY);
    if (isMapType(value)) return value;
  } catch {
    // Storage refused: the default.
  }
  return defaultMapType(readLanguage());
}

export function setMapType(type: MapType): void {
  try {
    localStorage.setItem(MAP_TYPE_KEY, type);
  } catch {
    // Storage refused (private mode quota): the choice lasts for this page only.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === MAP_TYPE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The map type, following changes from any map on the page or another tab. */
export function useMapType(): MapType {
  return useSyncExternalStore(subscribe, getMapType, getMapType);
}
