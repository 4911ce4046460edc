/**
 * The IANA time zones a network can be in (its firmware maintenance windows run in its local
 * time), from the browser's own Intl: no zone database is shipped.
 */

/** The browser's zone: what a new network starts with. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Minutes east of UTC of `zone` at `at` (daylight saving as it is then). */
export function utcOffsetMinutes(zone: string, at: number): number {
  const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  // 'GMT+05:45', 'GMT-03:00', or plain 'GMT' for UTC itself.
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '');
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** 'UTC+08:00', 'UTC-03:30', 'UTC+00:00'. */
export function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

export interface TimeZoneOption {
  value: string;
  /** '(UTC+08:00) Asia/Shanghai': searched by any part of it. */
  label: string;
  offset: number;
}

export function timeZoneOption(zone: string, at: number): TimeZoneOption {
  const offset = utcOffsetMinutes(zone, at);
  return { value: zone, label: `(${offsetText(offset)}) ${zone}`, offset };
}

/**
 * Every zone the browser knows, plus `extra` (a network's saved zone or the browser's own, e.g.
 * 'UTC', which some browsers leave out of their list), west to east, then by name. Building it
 * costs a formatter per zone (tens of milliseconds for ~420 zones): the list is made once.
 */
export function timeZoneOptions(at: number, extra: readonly string[] = []): TimeZoneOption[] {
  const zones = new Set([...Intl.supportedValuesOf('timeZone'), ...extra]);
  return [...zones]
    .map((zone) => timeZoneOption(zone, at))
    .sort((a, b) => a.offset - b.offset || a.value.localeCompare(b.value));
}
