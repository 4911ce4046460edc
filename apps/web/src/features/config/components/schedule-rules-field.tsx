import type { KeyboardEvent } from 'react';
import { Button, TimePicker } from 'antd';
import { DeleteOutlined, MoonOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText, type Lang, type ScheduleRule } from '@netconsole/contract';
import {
  MAX_SCHEDULE_RULES,
  WEEK_ORDER,
  hhmmOf,
  isOvernight,
  minutesOf,
  newScheduleRule,
  scheduleProblems,
  scheduleSummary,
  sortDays,
  weeklySpans,
  type ScheduleLabels,
} from './schedule-rules.ts';
import './schedule-rules.css';

/** The texts of the schedule helpers in the user's language (namespace `config-wireless`). */
export function useScheduleLabels(): ScheduleLabels {
  const { t } = useTranslation('config-wireless');
  return {
    days: t('schedule.days', { returnObjects: true }) as string[],
    alwaysOn: t('schedule.alwaysOn'),
    everyDay: t('schedule.everyDay'),
    nextDay: t('schedule.nextDay'),
    separator: t('schedule.separator'),
  };
}

export interface ScheduleRulesFieldProps {
  /** Given by the Form.Item around it. */
  value?: ScheduleRule[];
  onChange?: (rules: ScheduleRule[]) => void;
  /** Given by the Form.Item: the field's element id, which its label points to. */
  id?: string;
  /** The field's name for assistive technology. */
  label: string;
  /** The test ids' prefix, e.g. `group-1`. */
  testId: string;
}

/**
 * Enter in a time picker takes the typed time; it must not also submit the form around it (the
 * browser's implicit submission), which would save a rule half typed.
 */
function stayInForm(event: KeyboardEvent<HTMLElement>): void {
  if (event.key === 'Enter') event.preventDefault();
}

/** `HH:MM` as the time picker's value. */
function timeOf(hhmm: string): Dayjs | null {
  const minutes = minutesOf(hhmm);
  return minutes === null
    ? null
    : dayjs()
        .hour(Math.floor(minutes / 60))
        .minute(minutes % 60)
        .second(0)
        .millisecond(0);
}

/**
 * A wireless group's schedule (docs/device-protocol.md §7.9): rules of days (toggle chips, Monday
 * first) and a start and end time; at most 14. No rule: the SSID is always on. A rule whose end is
 * before its start runs past midnight and says so. Below the rules, the week as bars of when the
 * SSID is on. A problem of a rule (the contract's own check) shows on that rule; the Form.Item
 * around the field refuses the value with the same code.
 */
export function ScheduleRulesField({
  value,
  onChange,
  id: elementId,
  label,
  testId: id,
}: ScheduleRulesFieldProps) {
  const { t, i18n } = useTranslation('config-wireless');
  const lang = i18n.language as Lang;
  const labels = useScheduleLabels();
  const long = t('schedule.daysLong', { returnObjects: true }) as string[];
  const rules = value ?? [];
  const problems = scheduleProblems(rules);
  const set = (next: ScheduleRule[]) => onChange?.(next);
  const change = (index: number, patch: Partial<ScheduleRule>) =>
    set(rules.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  return (
    <div
      id={elementId}
      role="group"
      aria-label={label}
      className="schedule-field"
      data-testid={`${id}-schedule`}
    >
      {rules.length === 0 ? (
        <p className="schedule-note" data-testid={`${id}-schedule-always`}>
          {t('schedule.alwaysOnHint')}
        </p>
      ) : (
        <ol className="schedule-rules">
          {rules.map((rule, index) => {
            const n = index + 1;
            const ruleId = `${id}-schedule-${n}`;
            const overnight = isOvernight(rule);
            const wrong = problems.some((p) => p.index === index);
            return (
              <li
                key={index}
                className={`schedule-rule${wrong ? ' schedule-rule-wrong' : ''}`}
                aria-label={t('schedule.rule', { n })}
                data-testid={ruleId}
              >
                <div className="schedule-days" role="group" aria-label={t('schedule.daysOf', { n })}>
                  {WEEK_ORDER.map((day) => {
                    const on = rule.Days.includes(day);
                    return (
                      <Button
                        key={day}
                        size="small"
                        shape="round"
                        // Two Chinese characters stay together ("周一", not "周 一").
                        autoInsertSpace={false}
                        type={on ? 'primary' : 'default'}
                        aria-pressed={on}
                        // The chip's own short name is its accessible name (axe
                        // label-content-name-mismatch); the whole name shows on hover.
                        title={long[day]}
                        onClick={() =>
                          change(index, {
                            Days: on ? rule.Days.filter((d) => d !== day) : sortDays([...rule.Days, day]),
                          })
                        }
                        data-testid={`${ruleId}-day-${day}`}
                      >
                        {labels.days[day]}
                      </Button>
                    );
                  })}
                </div>
                <div className="schedule-times">
                  <TimePicker
                    format="HH:mm"
                    allowClear={false}
                    needConfirm={false}
                    value={timeOf(rule.Start)}
                    onChange={(time) => time && change(index, { Start: time.format('HH:mm') })}
                    onKeyDown={stayInForm}
                    aria-label={t('schedule.start', { n })}
                    placeholder={t('schedule.startShort')}
                    className="schedule-time"
                    data-testid={`${ruleId}-start`}
                  />
                  <span aria-hidden="true">–</span>
                  <TimePicker
                    format="HH:mm"
                    allowClear={false}
                    needConfirm={false}
                    value={timeOf(rule.End)}
                    onChange={(time) => time && change(index, { End: time.format('HH:mm') })}
                    onKeyDown={stayInForm}
                    aria-label={t('schedule.end', { n })}
                    placeholder={t('schedule.endShort')}
                    className="schedule-time"
                    data-testid={`${ruleId}-end`}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('schedule.remove', { n })}
                    onClick={() => set(rules.filter((_, i) => i !== index))}
                    data-testid={`${ruleId}-remove`}
                  />
                </div>
                {overnight && (
                  <p className="schedule-note schedule-overnight" data-testid={`${ruleId}-overnight`}>
                    <MoonOutlined aria-hidden="true" />{' '}
                    {t('schedule.overnight', { start: rule.Start, end: rule.End })}
                  </p>
                )}
                {wrong && (
                  <p className="schedule-problem" role="alert" data-testid={`${ruleId}-problem`}>
                    {problemText(
                      rule,
                      new Set(problems.filter((p) => p.index === index).map((p) => p.field)),
                      t,
                    )}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <Button
        type="dashed"
        size="small"
        icon={<PlusOutlined />}
        disabled={rules.length >= MAX_SCHEDULE_RULES}
        onClick={() => set([...rules, newScheduleRule()])}
        data-testid={`${id}-schedule-add`}
      >
        {t('schedule.add', { count: rules.length, max: MAX_SCHEDULE_RULES })}
      </Button>
      {problems.some((p) => p.index === null) && (
        <p className="schedule-problem" role="alert">
          {errorText(problems[0]!.code, lang)}
        </p>
      )}
      <ScheduleWeek rules={rules} id={id} />
    </div>
  );
}

/** What is wrong with one rule, in words: a hint for each field the contract refused. */
function problemText(
  rule: ScheduleRule,
  fields: ReadonlySet<string | null>,
  t: (key: string) => string,
): string {
  const texts: string[] = [];
  if (fields.has('Days')) texts.push(t('schedule.problem.days'));
  if (fields.has('Start') || (fields.has('End') && rule.Start !== rule.End))
    texts.push(t('schedule.problem.time'));
  else if (fields.has('End')) texts.push(t('schedule.problem.same'));
  return texts.join(' ');
}

const HOUR_MARKS = [0, 6, 12, 18, 24];

/**
 * The week at a glance: a row a day (Monday first), a bar where the SSID is on. The picture is one
 * image to assistive technology, named by the schedule's summary.
 */
export function ScheduleWeek({ rules, id }: { rules: readonly ScheduleRule[]; id: string }) {
  const { t } = useTranslation('config-wireless');
  const labels = useScheduleLabels();
  const week = weeklySpans(rules);
  return (
    <figure className="schedule-week" data-testid={`${id}-schedule-week`}>
      <figcaption className="schedule-week-title">{t('schedule.week')}</figcaption>
      <div role="img" aria-label={scheduleSummary(rules, labels)} className="schedule-week-grid">
        {WEEK_ORDER.map((day) => (
          <div key={day} className="schedule-week-row">
            <span className="schedule-week-day">{labels.days[day]}</span>
            <span className="schedule-week-track">
              {week[day]!.map(([start, end]) => (
                <span
                  key={start}
                  className="schedule-week-on"
                  style={{ left: `${(start / 1440) * 100}%`, width: `${((end - start) / 1440) * 100}%` }}
                  title={`${hhmmOf(start)}–${hhmmOf(end)}`}
                />
              ))}
            </span>
          </div>
        ))}
        <div className="schedule-week-row schedule-week-axis" aria-hidden="true">
          <span className="schedule-week-day" />
          <span className="schedule-week-track">
            {HOUR_MARKS.map((h) => (
              <span key={h} className="schedule-week-mark" style={{ left: `${(h / 24) * 100}%` }}>
                {h}
              </span>
            ))}
          </span>
        </div>
      </div>
    </figure>
  );
}
