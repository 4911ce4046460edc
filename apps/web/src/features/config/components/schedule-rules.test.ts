import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import {
  daysText,
  isOvernight,
  scheduleProblems,
  scheduleSummary,
  weeklySpans,
  type ScheduleLabels,
} from './schedule-rules.ts';

const EN: ScheduleLabels = {
  days: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  alwaysOn: 'Always on',
  everyDay: 'Every day',
  nextDay: ' (next day)',
  separator: '; ',
};

describe('schedule summary', () => {
  it('says always on without rules', () => {
    expect(scheduleSummary([], EN)).toBe('Always on');
  });

  it('joins runs of days with a dash, Monday first, and lists short runs', () => {
    expect(daysText([5, 1, 3, 2, 4], EN)).toBe('Mon–Fri');
    expect(daysText([0, 6], EN)).toBe('Sat, Sun');
    expect(daysText([5, 6, 0], EN)).toBe('Fri–Sun');
    expect(daysText([1, 3, 4, 5], EN)).toBe('Mon, Wed–Fri');
    expect(daysText([0, 1, 2, 3, 4, 5, 6], EN)).toBe('Every day');
  });

  it('writes each rule, marking one that runs past midnight', () => {
    const rules = [
      { Days: [1, 2, 3, 4, 5], Start: '08:00', End: '18:00' },
      { Days: [5], Start: '22:00', End: '06:00' },
    ];
    expect(scheduleSummary(rules, EN)).toBe('Mon–Fri 08:00–18:00; Fri 22:00–06:00 (next day)');
    expect(isOvernight(rules[0]!)).toBe(false);
    expect(isOvernight(rules[1]!)).toBe(true);
  });
});

describe('weekly spans', () => {
  it('is every day whole without rules', () => {
    expect(weeklySpans([])).toEqual(Array.from({ length: 7 }, () => [[0, 1440]]));
  });

  it('splits a rule past midnight into its evening and the next morning, Saturday into Sunday', () => {
    const week = weeklySpans([{ Days: [6], Start: '22:30', End: '02:00' }]);
    expect(week[6]).toEqual([[1350, 1440]]);
    expect(week[0]).toEqual([[0, 120]]);
    expect(week.slice(1, 6).every((d) => d.length === 0)).toBe(true);
  });

  it('runs an end of 00:00 to the end of the day only', () => {
    const week = weeklySpans([{ Days: [1], Start: '18:00', End: '00:00' }]);
    expect(week[1]).toEqual([[1080, 1440]]);
    expect(week[2]).toEqual([]);
  });

  it('merges overlapping rules of one day', () => {
    const week = weeklySpans([
      { Days: [2], Start: '08:00', End: '12:00' },
      { Days: [2], Start: '11:00', End: '14:00' },
      { Days: [2], Start: '16:00', End: '17:00' },
    ]);
    expect(week[2]).toEqual([
      [480, 840],
      [960, 1020],
    ]);
  });
});

describe('schedule problems (the contract’s rules)', () => {
  it('accepts good rules', () => {
    expect(scheduleProblems([{ Days: [0, 6], Start: '09:00', End: '01:00' }])).toEqual([]);
  });

  it('refuses no day, a day twice, a bad time and an end equal to the start, each with 14034', () => {
    const problems = scheduleProblems([
      { Days: [], Start: '08:00', End: '18:00' },
      { Days: [1, 1], Start: '8:00', End: '18:00' },
      { Days: [2], Start: '10:00', End: '10:00' },
    ]);
    expect(problems.map((p) => [p.index, p.field])).toEqual([
      [0, 'Days'],
      [1, 'Days'],
      [1, 'Start'],
      [2, 'End'],
    ]);
    expect(problems.every((p) => p.code === ErrorCode.ScheduleInvalid)).toBe(true);
  });

  it('refuses a 15th rule', () => {
    const rule = { Days: [1], Start: '08:00', End: '09:00' };
    expect(scheduleProblems(Array.from({ length: 15 }, () => rule))).toEqual([
      { index: null, field: null, code: ErrorCode.ScheduleInvalid },
    ]);
  });
});
