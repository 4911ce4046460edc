import { useState } from 'react';
import { Button, Card, Input } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, DeviceType, type ConfigItem } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { notify } from '#shared/notify.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useDeleteConfig } from '../api/delete-config.ts';
import { useConfigs, type ConfigListParams } from '../api/get-configs.ts';
import { CONFIG_SORT, ConfigTable } from '../components/config-table.tsx';
import { AP_FORM_PATH } from './paths.ts';
import './config.css';

/** The server refuses longer searches (configListQuery). */
const SEARCH_MAX = 64;

/**
 * spec §2 /deviceconf/ap: the tenant's AP profiles — search (name or description), sort, page; add,
 * edit and copy open /deviceconf/apform; removal asks first. A refusal (e.g. 14017 for a profile
 * another user removed) is toasted in the user's language by the app's error policy.
 */
export default function ApListPage() {
  const { t } = useTranslation('config-ap');
  const navigate = useNavigate();
  const [params, setParams] = useState<ConfigListParams>({
    page: 1,
    limit: DEFAULT_LIMIT,
    sort: CONFIG_SORT.fallback,
    search: '',
    type: DeviceType.AP,
  });
  const search = useTypedSearch(setParams);
  const profiles = useConfigs(params);
  const remove = useDeleteConfig();

  const removeProfile = (profile: ConfigItem) =>
    remove.mutateAsync(profile._id).then(
      () => {
        notify.success(t('list.message.removed', { name: profile.Name }));
        // The last row of a later page is gone: show the page before it.
        if (profiles.data?.list.length === 1) setParams((p) => (p.page > 1 ? { ...p, page: p.page - 1 } : p));
      },
      // Already toasted by the app's error policy; the confirmation just closes.
      () => undefined,
    );

  return (
    <Card className="config-list" data-testid="config-list-page">
      <div className="config-list-toolbar">
        <Input
          className="config-list-search"
          prefix={<SearchOutlined className="config-list-muted" />}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.searchPlaceholder')}
          allowClear
          maxLength={SEARCH_MAX}
          {...search}
          data-testid="config-search"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => void navigate(AP_FORM_PATH)}
          data-testid="config-add"
        >
          {t('list.add')}
        </Button>
      </div>
      <ConfigTable
        profiles={profiles.data?.list ?? []}
        loading={profiles.isFetching}
        sort={params.sort}
        onSort={(sort) => setParams((p) => (p.sort === sort ? p : { ...p, sort, page: 1 }))}
        onEdit={(p) => void navigate(`${AP_FORM_PATH}?id=${encodeURIComponent(p._id)}`)}
        onCopy={(p) => void navigate(`${AP_FORM_PATH}?copy=${encodeURIComponent(p._id)}`)}
        onRemove={removeProfile}
      />
      <div className="config-list-pagination">
        <Pagination
          total={profiles.data?.count ?? 0}
          page={params.page}
          limit={params.limit}
          onChange={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
        />
      </div>
    </Card>
  );
}
