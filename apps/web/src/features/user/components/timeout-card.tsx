import { useState } from 'react';
import { Button, Card, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ONLINE_MINUTES } from '@netconsole/contract';
import { notify } from '#shared/notify.ts';
import { useMinute } from '../api/get-minute.ts';
import { useUpdateTimeout } from '../api/update-timeout.ts';

/** How long the console waits without activity before signing out (spec §4: default 3 minutes). */
export function TimeoutCard() {
  const { t } = useTranslation('user-profile');
  const minute = useMinute();
  const update = useUpdateTimeout();
  const [chosen, setChosen] = useState<number | null>(null);
  const value = chosen ?? minute.data?.Minute;

  const save = () => {
    if (value === undefined) return;
    update.mutate(value, {
      onSuccess: (reply) => {
        setChosen(null);
        notify.success(t('timeout.saved', { count: reply.Timeout }));
      },
    });
  };

  return (
    <Card title={t('timeout.title')} className="profile-card" data-testid="profile-timeout">
      <p className="profile-muted profile-note">{t('timeout.hint')}</p>
      <div className="profile-timeout-label">{t('timeout.label')}</div>
      <Space wrap>
        <Select<number>
          className="profile-timeout-select"
          value={value}
          loading={minute.isPending}
          onChange={setChosen}
          options={ONLINE_MINUTES.map((minutes) => ({
            value: minutes,
            label: t('timeout.minutes', { count: minutes }),
          }))}
          // The test id on the dropdown's options only, not on the chosen value shown in the box.
          optionRender={(option) => (
            <span data-testid={`timeout-option-${String(option.value)}`}>{option.label}</span>
          )}
          aria-label={t('timeout.label')}
          data-testid="timeout-select"
        />
        <Button
          type="primary"
          onClick={save}
          loading={update.isPending}
          disabled={value === undefined || value === minute.data?.Minute}
          data-testid="timeout-submit"
        >
          {t('timeout.submit')}
        </Button>
      </Space>
    </Card>
  );
}
