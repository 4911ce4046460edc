import { Button, Select } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useTenantNames } from '../api/get-tenant-names.ts';
import './tenant-users-bar.css';

interface Props {
  tenantId: string;
  /** Another tenant's co-administrators, or null for the tenant list. */
  onChange: (tenantId: string | null) => void;
}

/** Above the administrator's view of a tenant's co-administrators: back, and which tenant. */
export default function TenantUsersBar({ tenantId, onChange }: Props) {
  const { t } = useTranslation('tenant-list');
  const names = useTenantNames();

  return (
    <div className="tenant-users-bar" data-testid="tenant-users-bar">
      <Button icon={<ArrowLeftOutlined />} onClick={() => onChange(null)} data-testid="tenant-back">
        {t('users.back')}
      </Button>
      <span className="tenant-users-title">{t('users.title')}</span>
      <Select<string>
        className="tenant-users-select"
        showSearch={{ optionFilterProp: 'label' }}
        value={names.data ? tenantId : undefined}
        loading={names.isPending}
        placeholder={t('users.choose')}
        onChange={(id) => onChange(id)}
        options={(names.data?.list ?? []).map((tenant) => ({ value: tenant._id, label: tenant.Name }))}
        optionRender={(option) => (
          <span data-testid={`tenant-option-${String(option.label)}`}>{option.label}</span>
        )}
        aria-label={t('users.choose')}
        data-testid="tenant-select"
      />
    </div>
  );
}
