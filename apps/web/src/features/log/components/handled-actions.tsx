import { useState } from 'react';
import { Button, Grid, Space, type TableProps } from 'antd';
import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOG_UPDATE_MAX } from '@netconsole/contract';
import { notify } from '#shared/notify.ts';
import { useUpdateLogList } from '../api/device-log.ts';

export interface HandledActionsProps {
  /** The rows ticked in the list. */
  selected: string[];
  onDone: () => void;
  testId: string;
}

/**
 * PUT /v1/log/updateLogList over the ticked rows: handled (Status 1) or new again (0). Only device
 * entries have a state: the audit log is never changed.
 */
export function HandledActions({ selected, onDone, testId }: HandledActionsProps) {
  const { t } = useTranslation('log-device');
  const update = useUpdateLogList();
  const mark = (Status: 0 | 1) =>
    update.mutate(
      { _ids: selected.slice(0, LOG_UPDATE_MAX), Status },
      {
        onSuccess: (r) => {
          notify.success(t(Status ? 'handled.done' : 'handled.undone', { count: r.updated }));
          onDone();
        },
      },
    );
  const none = selected.length === 0;
  // A phone shows them once a row is ticked: two greyed buttons would push the list down.
  const phone = Grid.useBreakpoint().md === false;
  if (phone && none) return null;
  return (
    <Space wrap>
      <Button
        icon={<CheckOutlined />}
        disabled={none}
        loading={update.isPending && update.variables.Status === 1}
        onClick={() => mark(1)}
        data-testid={`${testId}-handled`}
      >
        {t('handled.mark', { count: selected.length })}
      </Button>
      <Button
        icon={<UndoOutlined />}
        disabled={none}
        loading={update.isPending && update.variables.Status === 0}
        onClick={() => mark(0)}
        data-testid={`${testId}-new`}
      >
        {t('handled.unmark', { count: selected.length })}
      </Button>
    </Space>
  );
}

/**
 * The ticked rows of a list of device entries and its checkboxes, each named by the entry's text;
 * `clear` after the actions are done.
 */
export function useHandledSelection<T extends { Text: string }>() {
  const { t } = useTranslation('log-device');
  const [selected, setSelected] = useState<string[]>([]);
  const rowSelection: TableProps<T>['rowSelection'] = {
    selectedRowKeys: selected,
    onChange: (keys) => setSelected(keys.map(String)),
    getTitleCheckboxProps: () => ({ 'aria-label': t('selectAll') }),
    getCheckboxProps: (e) => ({ 'aria-label': t('select', { text: e.Text }) }),
  };
  return { selected, clear: () => setSelected([]), rowSelection };
}
