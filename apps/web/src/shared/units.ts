/** spec §9: byte units step by 1024 (1 MB = 1048576 bytes). */
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** A byte count in the largest unit that keeps it at or above 1: `1.5 MB`, `512 B`. */
export function bytesText(bytes: number): string {
  const b = Math.max(0, bytes);
  const power = b < 1 ? 0 : Math.min(Math.floor(Math.log2(b) / 10), BYTE_UNITS.length - 1);
  const value = b / 1024 ** power;
  const digits = power === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${BYTE_UNITS[power]}`;
}

/** Bytes per second. */
export function rateText(bytesPerSecond: number): string {
  return `${bytesText(bytesPerSecond)}/s`;
}

/** Seconds as days, hours and minutes, the two largest that are not zero: `3d 4h`, `5m`. */
export function durationText(seconds: number, units: { d: string; h: string; m: string; s: string }): string {
  const total = Math.max(0, Math.floor(seconds));
  const parts = [
    { n: Math.floor(total / 86_400), u: units.d },
    { n: Math.floor(total / 3600) % 24, u: units.h },
    { n: Math.floor(total / 60) % 60, u: units.m },
    { n: total % 60, u: units.s },
  ];
  const start = parts.findIndex((p) => p.n > 0);
  if (start < 0) return `0${units.s}`;
  return parts
    .slice(start, start + 2)
    .filter((p) => p.n > 0)
    .map((p) => `${p.n}${p.u}`)
    .join(' ');
}
