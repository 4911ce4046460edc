import { useState } from 'react';
import { Button, Card, Input } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type ConfigItem, type ConfigType } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { notify } from '#shared/notify.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useDeleteConfig } from '../api/delete-config.ts';
import { useConfigs, type ConfigListParams } from '../api/get-configs.ts';
import { CONFIG_SORT, ConfigTable, type ConfigTableProps } from './config-table.tsx';

/** The server refuses longer searches (configListQuery). */
const SEARCH_MAX = 64;

export interface ProfileListProps {
  type: ConfigType;
  /** The form page: add opens it empty, edit with `?id=`, copy with `?copy=`. */
  formPath: string;
  summary: ConfigTableProps['summary'];
  empty: string;
}

/**
 * A device type's profiles (spec §2 /deviceconf/ap, switch, routerConfig): search (name or
 * description), sort, page; add, edit and copy open the type's form; removal asks first. A refusal
 * (e.g. 14017 for a profile another user removed) is toasted in the user's language by the app's
 * error policy.
 */
export function ProfileList({ type, formPath, summary, empty }: ProfileListProps) {
  const { t } = useTranslation('config-ap');
  const navigate = useNavigate();
  const [params, setParams] = useState<ConfigListParams>({
    page: 1,
    limit: DEFAULT_LIMIT,
    sort: CONFIG_SORT.fallback,
    search: '',
    type,
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
          onClick={() => void navigate(formPath)}
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
        onEdit={(p) => void navigate(`${formPath}?id=${encodeURIComponent(p._id)}`)}
        onCopy={(p) => void navigate(`${formPath}?copy=${encodeURIComponent(p._id)}`)}
        onRemove={removeProfile}
        summary={summary}
        empty={empty}
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
