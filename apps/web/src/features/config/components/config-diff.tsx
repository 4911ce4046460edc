import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadSwitchLabels, type Lang, type UploadSwitch } from '@netconsole/contract';
import type { DiffLine, DiffSection, DiffValue } from './config-diff-lines.ts';
import './config-diff.css';

export interface ConfigDiffProps {
  sections: readonly DiffSection[];
  /** The column headers: the older version on the left, the newer on the right. */
  leftLabel: string;
  rightLabel: string;
  /** The short names of the two versions (`r1`) over each value when rows stack on a phone. */
  leftShort: string;
  rightShort: string;
}

/**
 * Two versions of a profile side by side (the history screen): one table, a header row per section
 * (basics, IP, each radio, wireless group and port, …) and a row per setting with the value of each
 * version. A row that differs is highlighted and says how (changed, added, removed) in words, not
 * by colour alone. On a phone each row stacks: the setting, then each version's value under its
 * label.
 */
export function ConfigDiff({ sections, leftLabel, rightLabel, leftShort, rightShort }: ConfigDiffProps) {
  const { t, i18n } = useTranslation('config-history');
  const lang = i18n.language as Lang;

  const fieldLabel = (field: string) =>
    field.startsWith('Upload.')
      ? uploadSwitchLabels[field.slice(7) as UploadSwitch][lang]
      : t(`field.${field}`);

  const valueText = (line: DiffLine, v: DiffValue | null, side: 'left' | 'right') => {
    if (v === null) return <span className="config-diff-absent">{t('value.absent')}</span>;
    switch (v.kind) {
      case 'text':
        return v.text;
      case 'bool':
        return v.on ? t('value.on') : t('value.off');
      case 'word':
        return t(`value.${v.word}`);
      case 'secret': {
        const shown = v.set ? t('value.set') : t('value.notSet');
        // Both sides set and still a change: a new password or key, said on the newer side.
        const renewed =
          side === 'right' && line.status === 'changed' && v.set && line.left?.kind === 'secret';
        if (!renewed || !line.left || line.left.kind !== 'secret' || !line.left.set) return shown;
        return `${shown} (${line.field === 'Group.Key' ? t('diff.keyChanged') : t('diff.passwordChanged')})`;
      }
    }
  };

  const sectionTitle = (s: DiffSection) => t(`section.${s.kind}`, { name: s.name });

  return (
    <table className="config-diff" data-testid="config-diff">
      <thead>
        <tr>
          <th scope="col" className="config-diff-field">
            {t('diff.field')}
          </th>
          <th scope="col">{leftLabel}</th>
          <th scope="col">{rightLabel}</th>
        </tr>
      </thead>
      <tbody>
        {sections.map((s) => (
          <Fragment key={s.key}>
            <tr className={`config-diff-section is-${s.status}`} data-testid={`diff-section-${s.key}`}>
              <th scope="colgroup" colSpan={3}>
                {sectionTitle(s)}
                {s.status !== 'same' && <span className="config-diff-mark">{t(`status.${s.status}`)}</span>}
              </th>
            </tr>
            {s.lines.map((line) => (
              <tr
                key={line.field}
                className={`config-diff-line is-${line.status}`}
                data-testid={`diff-line-${s.key}-${line.field}`}
                data-status={line.status}
              >
                <th scope="row" className="config-diff-field">
                  {fieldLabel(line.field)}
                  {line.status !== 'same' && s.status === 'changed' && (
                    <span className="config-diff-mark">{t(`status.${line.status}`)}</span>
                  )}
                </th>
                <td data-label={leftShort} data-testid={`diff-line-${s.key}-${line.field}-left`}>
                  {valueText(line, line.left, 'left')}
                </td>
                <td data-label={rightShort} data-testid={`diff-line-${s.key}-${line.field}-right`}>
                  {valueText(line, line.right, 'right')}
                </td>
              </tr>
            ))}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
