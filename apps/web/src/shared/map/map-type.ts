import { useSyncExternalStore } from 'react';
import { isMapType, type MapType } from '@netconsole/contract';

/** spec §3 local storage: the map type, 'baidu' or 'google'. Anything else counts as not set. */
export const MAP_TYPE_KEY = 'mapType';

const listeners = new Set<() => void>();

export function getMapType(): MapType | null {
  try {
    const value = localStorage.getItem(MAP_TYPE_KEY);
    return isMapType(value) ? value : null;
  } catch {
    return null;
  }
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

/** The stored map type (null: none set), following changes from any map on the page or another tab. */
export function useMapType(): MapType | null {
  return useSyncExternalStore(subscribe, getMapType, () => null);
}
