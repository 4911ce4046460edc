import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS } from '@netconsole/contract';
import { readLanguage } from '#shared/language.ts';
import { useSetLanguage } from '../api/set-language.ts';
import { LANGUAGE_NAMES } from './language-names.ts';

/**
 * The login page's language choice: every language shown at once. Same test ids as the top bar's
 * menu; no dropdown, which keeps the menu component off the first load of /login.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('user');
  const current = readLanguage();
  const setLanguage = useSetLanguage();
  return (
    <span
      role="group"
      aria-label={t('language.label')}
      data-testid="language-select"
      className="language-switch"
    >
      <GlobalOutlined aria-hidden />
      {LANGS.map((lang) => (
        <Button
          key={lang}
          type="text"
          size="small"
          aria-pressed={lang === current}
          disabled={setLanguage.isPending}
          onClick={() => lang !== current && setLanguage.mutate(lang)}
          data-testid={`language-option-${lang}`}
          className={lang === current ? 'language-switch-current' : undefined}
        >
          {LANGUAGE_NAMES[lang]}
        </Button>
      ))}
    </span>
  );
}
