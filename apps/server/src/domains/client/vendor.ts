/**
 * The maker of a client's network adapter, from the IEEE's MA-L registry (oui-data): what the
 * console shows for a client that announced no name. A locally administered MAC (second hex digit
 * 2, 6, A or E) was chosen by the client's OS for privacy and names no maker.
 */
import { createRequire } from 'node:module';
import { isLocalMac, normalizeMac } from '@netconsole/contract';

let names: Map<string, string> | null = null;

/** The registry, read on first use (5 MB of JSON; only the organisation names are kept). */
function registry(): Map<string, string> {
  if (names) return names;
  const raw = createRequire(import.meta.url)('oui-data') as Record<string, string>;
  names = new Map();
  for (const [prefix, entry] of Object.entries(raw)) {
    const name = entry.split('\n', 1)[0]!.trim();
    if (name) names.set(prefix, name);
  }
  return names;
}

/** The registered maker of a MAC's prefix; null for a private MAC or an unregistered prefix. */
export function vendorOf(mac: string): string | null {
  const hex = normalizeMac(mac);
  if (hex === null || isLocalMac(hex)) return null;
  return registry().get(hex.slice(0, 6)) ?? null;
}
