import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@netconsole/contract';
import { readLanguage } from '#shared/language.ts';
import { useSetLanguage } from '../api/set-language.ts';
import { LANGUAGE_NAMES } from './language-names.ts';

/** The top bar's language menu. */
export function LanguageSelect() {
  const { t } = useTranslation('user');
  const current = readLanguage();
  const setLanguage = useSetLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGS.map((lang) => ({
          key: lang,
          label: <span data-testid={`language-option-${lang}`}>{LANGUAGE_NAMES[lang]}</span>,
        })),
        onClick: ({ key }) => {
          if (key !== current) setLanguage.mutate(key as Lang);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        loading={setLanguage.isPending}
        // The visible name first, so "click English" by voice finds it (WCAG 2.5.3).
        aria-label={t('language.button', { language: LANGUAGE_NAMES[current] })}
        data-testid="language-select"
      >
        {LANGUAGE_NAMES[current]}
      </Button>
    </Dropdown>
  );
}
