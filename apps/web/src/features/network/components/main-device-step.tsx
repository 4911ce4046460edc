import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChosenDevice } from './wizard-state.ts';

/** spec §2 optional step 3: the main device among the chosen switches (single, page size 10). */
export function MainDeviceStep({
  switches,
  main,
  onChange,
}: {
  switches: ChosenDevice[];
  main: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('network-dialogs');
  return (
    <div className="network-step" data-testid="wizard-step-main">
      <h4 className="network-step-title">{t('wizard.mainTitle')}</h4>
      <p className="network-hint">{t('wizard.mainHint')}</p>
      <Table<ChosenDevice>
        size="small"
        rowKey="_id"
        dataSource={switches}
        columns={[
          { key: 'alias', title: t('wizard.columns.alias'), dataIndex: 'Alias' },
          { key: 'sn', title: t('wizard.columns.sn'), dataIndex: 'SN' },
        ]}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: main ? [main] : [],
          onChange: (keys) => keys[0] !== undefined && onChange(String(keys[0])),
        }}
        onRow={(d) => ({ 'data-testid': `wizard-main-${d.SN}`, onClick: () => onChange(d._id) })}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        data-testid="wizard-main-table"
      />
    </div>
  );
}
