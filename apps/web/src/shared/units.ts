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

/** Steps of a value axis within one unit; the next after 500 is 1 of the next unit (1024). */
const NICE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500] as const;

export interface ByteAxis {
  /** Top of the axis, a whole number of steps. */
  max: number;
  /** Bytes between two ticks: 1, 2 or 5 × 10ⁿ of one unit of 1024ⁿ (spec §9), or 1 unit. */
  interval: number;
  /** The unit the ticks are written in (0 B, 1 KB, 2 MB, …). */
  power: number;
}

/**
 * A value axis for bytes with ticks on round values of the spec's base-1024 units (0, 2, 4, 6,
 * 8 MB rather than ECharts' decimal 0, 3, 6, 9 million bytes, shown as 2.9 / 5.7 / 8.6 MB), about
 * `splits` steps up to at least `maxValue`.
 */
export function byteAxis(maxValue: number, splits = 4): ByteAxis {
  const raw = Math.max(maxValue, 1) / splits;
  let power = raw < 1 ? 0 : Math.min(Math.floor(Math.log2(raw) / 10), BYTE_UNITS.length - 1);
  const inUnit = raw / 1024 ** power;
  let step: number = NICE_STEPS.find((s) => s >= inUnit) ?? 1024;
  if (step === 1024 && power < BYTE_UNITS.length - 1) {
    power += 1;
    step = 1;
  }
  const interval = step * 1024 ** power;
  return { max: Math.max(interval, Math.ceil(maxValue / interval) * interval), interval, power };
}

/** A tick of a byte axis in the axis's unit, without needless decimals: `0 B`, `512 KB`, `1.5 MB`. */
export function byteTickText(bytes: number, power: number): string {
  const value = bytes / 1024 ** power;
  return `${Number(value.toFixed(2))} ${bytes === 0 ? 'B' : BYTE_UNITS[power]}`;
}
