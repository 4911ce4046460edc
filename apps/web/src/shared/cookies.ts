/** Minimal document.cookie access: the console's cookies are plain tokens and flags, all at path '/'. */

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

/** Without maxAgeSeconds the cookie lives for the browser session. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const age = maxAgeSeconds === undefined ? '' : `; max-age=${Math.max(0, Math.round(maxAgeSeconds))}`;
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax${age}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; SameSite=Lax; max-age=0`;
}
