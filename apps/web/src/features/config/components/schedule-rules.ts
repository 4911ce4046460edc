import { CONFIG_LIMITS, ErrorCode, wirelessGroupInput, type ScheduleRule } from '@netconsole/contract';

/**
 * A wireless group's schedule rules (docs/device-protocol.md §7.9 `schedule[]`): when the SSID is
 * on, in the device's local time. Days are 0 Sunday … 6 Saturday; `End` is exclusive, and an end not
 * after the start runs past midnight into the next day. No rule at all means always on.
 */

export const MAX_SCHEDULE_RULES = CONFIG_LIMITS.scheduleRules;

/** The order days are shown in: Monday first, as a week is read in both languages of the console. */
export const WEEK_ORDER: readonly number[] = [1, 2, 3, 4, 5, 6, 0];

const DAY_MINUTES = 24 * 60;

/** A new rule: working days, office hours. */
export function newScheduleRule(): ScheduleRule {
  return { Days: [1, 2, 3, 4, 5], Start: '08:00', End: '18:00' };
}

/** Minutes after midnight of `HH:MM`, or null when it is not that. */
export function minutesOf(hhmm: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** A rule whose end is before its start: it ends on the next day. */
export function isOvernight(rule: ScheduleRule): boolean {
  const start = minutesOf(rule.Start);
  const end = minutesOf(rule.End);
  return start !== null && end !== null && end < start;
}

/** The days sorted in the week's order (Monday first), each once. */
export function sortDays(days: readonly number[]): number[] {
  return WEEK_ORDER.filter((d) => days.includes(d));
}

export interface ScheduleLabels {
  /** Short day names, index 0 Sunday … 6 Saturday. */
  days: readonly string[];
  alwaysOn: string;
  everyDay: string;
  /** Said right after the end time of a rule that runs past midnight (with its own leading space, if any). */
  nextDay: string;
  /** Between two rules. */
  separator: string;
}

/**
 * The days as a person reads them: runs of three or more days in the week's order joined with a
 * dash ("Mon–Fri"), shorter ones listed ("Sat, Sun"), the whole week as "every day".
 */
export function daysText(days: readonly number[], labels: ScheduleLabels): string {
  const order = sortDays(days);
  if (order.length === 7) return labels.everyDay;
  const runs: number[][] = [];
  for (const day of order) {
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    if (run && prev !== undefined && WEEK_ORDER.indexOf(day) === WEEK_ORDER.indexOf(prev) + 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${labels.days[run[0]!]}–${labels.days[run[run.length - 1]!]}`]
        : run.map((d) => labels.days[d]!),
    )
    .join(', ');
}

/** One rule as text: "Mon–Fri 08:00–18:00", "Fri 22:00–06:00 (next day)". */
export function ruleText(rule: ScheduleRule, labels: ScheduleLabels): string {
  const next = isOvernight(rule) ? labels.nextDay : '';
  return `${daysText(rule.Days, labels)} ${rule.Start}–${rule.End}${next}`;
}

/** The schedule as one line: "always on" without rules, else each rule's text. */
export function scheduleSummary(rules: readonly ScheduleRule[], labels: ScheduleLabels): string {
  return rules.length === 0 ? labels.alwaysOn : rules.map((r) => ruleText(r, labels)).join(labels.separator);
}

/** A stretch of a day when the SSID is on, minutes after midnight, end exclusive. */
export type DaySpan = readonly [start: number, end: number];

/**
 * When the SSID is on, day by day (index 0 Sunday … 6 Saturday): each rule's stretch on its days,
 * a rule past midnight split into its evening and the next day's morning (Saturday's into Sunday's),
 * overlapping stretches merged. No rule: every day whole. A rule that is not valid counts for nothing.
 */
export function weeklySpans(rules: readonly ScheduleRule[]): DaySpan[][] {
  if (rules.length === 0) return Array.from({ length: 7 }, () => [[0, DAY_MINUTES]]);
  const raw: [number, number][][] = Array.from({ length: 7 }, () => []);
  for (const rule of rules) {
    const start = minutesOf(rule.Start);
    const end = minutesOf(rule.End);
    if (start === null || end === null || start === end) continue;
    for (const day of new Set(rule.Days)) {
      if (!Number.isInteger(day) || day < 0 || day > 6) continue;
      if (end > start) raw[day]!.push([start, end]);
      else {
        raw[day]!.push([start, DAY_MINUTES]);
        if (end > 0) raw[(day + 1) % 7]!.push([0, end]);
      }
    }
  }
  return raw.map(merge);
}

function merge(spans: [number, number][]): DaySpan[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Minutes as `HH:MM`; 1440 as 24:00 (the end of a day). */
export function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * What the contract refuses in these rules (the server's own schema, code 14034 for every rule
 * problem): one entry per problem, with the index of the rule (null: the list as a whole, more than
 * 14) and the field (`Days`, `Start`, `End`).
 */
export function scheduleProblems(
  rules: readonly ScheduleRule[],
): { index: number | null; field: string | null; code: number }[] {
  const result = wirelessGroupInput.safeParse({ SSID: 'schedule', Encryption: 'open', Schedule: rules });
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.path[0] === 'Schedule')
    .map((issue) => ({
      index: typeof issue.path[1] === 'number' ? issue.path[1] : null,
      field: typeof issue.path[2] === 'string' ? issue.path[2] : null,
      code: ErrorCode.ScheduleInvalid,
    }));
}
