import { useMemo, useState, type HTMLAttributes } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Table,
  Tag,
  type ButtonProps,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LIMIT,
  DNS_DOMAIN_MAX,
  DNS_REMARK_MAX,
  dnsCategoryLabels,
  dnsPrivacyLabels,
  normalizeDomain,
  type DeviceBehaviourRow,
  type DnsCategory,
  type DnsWatchRow,
  type Lang,
} from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { formatDateTime } from '#shared/format.ts';
import { notify } from '#shared/notify.ts';
import {
  fetchDnsRows,
  useBehaviour,
  usePrivacy,
  useTopDomains,
  useWatchChange,
  useWatchList,
} from '../api/behaviour.ts';
import { FLOW_COLORS, rankOption } from './chart-options.ts';
import type { CsvColumn } from './csv.ts';
import { ExportCsvButton } from './export-csv-button.tsx';
import { FlowChart } from './flow-chart.tsx';
import type { PeriodValue } from './period-picker.tsx';

const TOP = 10;

export interface DnsBehaviourProps {
  period: PeriodValue;
  network: string | undefined;
}

/**
 * The DNS behaviour of the tenant's clients for the page's period and network: what the privacy
 * setting keeps, the top domains and categories, every domain asked for (paged, CSV), and the
 * tenant's watch list with who visited each watched domain (add, remove, CSV).
 */
export function DnsBehaviour({ period, network }: DnsBehaviourProps) {
  const { t, i18n } = useTranslation(['flow-client', 'flow-common']);
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const query = { ...period, Network: network };
  const privacy = usePrivacy();
  const topDomains = useTopDomains({ ...query, By: 'domain', Top: TOP });
  const topCategories = useTopDomains({ ...query, By: 'category', Top: TOP });
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const [category, setCategory] = useState<DnsCategory | 'all'>('all');
  const behaviourFilters = { ...query, Category: category === 'all' ? undefined : category };
  const behaviour = useBehaviour({ ...behaviourFilters, ...paging });
  const categoryName = (c: DnsCategory) => dnsCategoryLabels[c]?.[lang] ?? c;

  const domainsOption = useMemo(() => {
    const rows = topDomains.data?.list ?? [];
    if (rows.length === 0) return null;
    return rankOption({
      names: rows.map((r) => r.Key),
      value: 'count',
      series: [{ name: t('dns.queries'), data: rows.map((r) => r.Queries), color: FLOW_COLORS.rx }],
    });
  }, [topDomains.data, t]);
  const categoriesOption = useMemo(() => {
    const rows = topCategories.data?.list ?? [];
    if (rows.length === 0) return null;
    return rankOption({
      names: rows.map((r) => dnsCategoryLabels[r.Key as DnsCategory]?.[lang] ?? r.Key),
      value: 'count',
      series: [{ name: t('dns.queries'), data: rows.map((r) => r.Queries), color: FLOW_COLORS.users }],
    });
  }, [topCategories.data, lang, t]);

  const mode = privacy.data?.Privacy;
  const columns: TableColumnsType<DeviceBehaviourRow> = [
    {
      key: 'domain',
      title: t('dns.domain'),
      render: (_, r) => (
        <span className="flow-wrap flow-mono">
          {r.Domain}{' '}
          {r.Watched && (
            <Tag icon={<EyeOutlined />} color="blue" bordered={false}>
              {t('dns.watched')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'category', title: t('dns.category'), render: (_, r) => categoryName(r.Category) },
    { key: 'queries', title: t('dns.queries'), render: (_, r) => r.Queries },
    { key: 'clients', title: t('dns.clients'), responsive: ['sm'], render: (_, r) => r.Clients },
    {
      key: 'last',
      title: t('dns.lastSeen'),
      responsive: ['md'],
      render: (_, r) => <span className="flow-nowrap">{r.LastSeen ? formatDateTime(r.LastSeen) : '—'}</span>,
    },
  ];
  const csvColumns: CsvColumn<DeviceBehaviourRow>[] = [
    { title: t('dns.domain'), value: (r) => r.Domain },
    { title: t('dns.category'), value: (r) => categoryName(r.Category) },
    { title: t('dns.queries'), value: (r) => r.Queries },
    { title: t('dns.clients'), value: (r) => r.Clients },
    { title: t('dns.lastSeen'), value: (r) => (r.LastSeen ? formatDateTime(r.LastSeen) : '') },
    { title: t('dns.watched'), value: (r) => (r.Watched ? 1 : 0) },
  ];

  return (
    <div className="flow-page">
      {mode && (
        <Alert
          type={mode === 'off' ? 'warning' : 'info'}
          showIcon
          message={t('dns.privacy', { mode: dnsPrivacyLabels[mode][lang] })}
          description={
            mode === 'full'
              ? t('dns.privacyFull', { days: privacy.data?.RetentionDays })
              : mode === 'aggregated'
                ? t('dns.privacyAggregated')
                : t('dns.privacyOff')
          }
          data-testid="flow-dns-privacy"
        />
      )}
      <div className="flow-charts">
        <FlowChart
          title={t('dns.topDomains', { n: TOP })}
          option={domainsOption}
          loading={topDomains.isPending}
          fileName="top-domains"
          emptyText={t('dns.empty')}
          testId="flow-dns-top-domains"
        />
        <FlowChart
          title={t('dns.topCategories')}
          option={categoriesOption}
          loading={topCategories.isPending}
          fileName="top-categories"
          emptyText={t('dns.empty')}
          testId="flow-dns-top-categories"
        />
      </div>
      <Card size="small" title={t('dns.domains')}>
        <div className="flow-toolbar" style={{ marginBottom: 12 }}>
          <Segmented<DnsCategory | 'all'>
            size="small"
            value={category}
            onChange={(c) => {
              setCategory(c);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={[
              { value: 'all', label: t('dns.allCategories') },
              ...(topCategories.data?.list ?? []).map((r) => ({
                value: r.Key as DnsCategory,
                label: categoryName(r.Key as DnsCategory),
              })),
            ]}
            aria-label={t('dns.category')}
            style={{ maxWidth: '100%', overflowX: 'auto' }}
          />
          <ExportCsvButton
            fileName="dns-domains"
            columns={csvColumns}
            rows={async () =>
              (
                await fetchDnsRows<DeviceBehaviourRow>(
                  queryClient,
                  '/v1/devicebehavior/getAll',
                  behaviourFilters,
                )
              ).list
            }
            disabled={!behaviour.data?.count}
            testId="flow-dns-csv"
          />
        </div>
        <div className="flow-table">
          <Table<DeviceBehaviourRow>
            rowKey={(r) => `${r.Domain}|${r.MAC ?? ''}|${r.Network ?? ''}`}
            size="middle"
            columns={columns}
            dataSource={behaviour.data?.list ?? []}
            loading={behaviour.isFetching && !behaviour.data}
            pagination={false}
            locale={{ emptyText: <span data-testid="flow-dns-empty">{t('dns.empty')}</span> }}
            onRow={(r) => ({ 'data-testid': `flow-dns-row-${r.Domain}` }) as HTMLAttributes<HTMLElement>}
            data-testid="flow-dns-table"
          />
        </div>
        <div className="flow-pagination">
          <Pagination
            total={behaviour.data?.count ?? 0}
            page={paging.page}
            limit={paging.limit}
            onChange={(page, limit) => setPaging({ page, limit })}
          />
        </div>
      </Card>
      <WatchList period={period} network={network} />
    </div>
  );
}

/** The tenant's watch list: domains to keep an eye on, with who visited them in the period. */
function WatchList({ period, network }: DnsBehaviourProps) {
  const { t, i18n } = useTranslation(['flow-client', 'flow-common']);
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const watch = useWatchList({ ...period, Network: network, ...paging });
  const change = useWatchChange();
  const [form] = Form.useForm<{ Domain: string; Remark?: string }>();
  const [adding, setAdding] = useState(false);

  const add = (values: { Domain: string; Remark?: string }) =>
    change.add.mutate(
      { Domain: values.Domain.trim(), Remark: values.Remark?.trim() || undefined },
      {
        onSuccess: () => {
          form.resetFields();
          setAdding(false);
          notify.success(t('watch.added'));
        },
      },
    );

  const clientsText = (r: DnsWatchRow) => (r.ClientsExact ? String(r.Clients) : `≥ ${r.Clients}`);
  const columns: TableColumnsType<DnsWatchRow> = [
    {
      key: 'domain',
      title: t('dns.domain'),
      render: (_, r) => (
        <div className="flow-stack">
          <span className="flow-wrap flow-mono">{r.Domain}</span>
          {r.Remark && <span className="flow-small flow-muted flow-wrap">{r.Remark}</span>}
        </div>
      ),
    },
    {
      key: 'category',
      title: t('dns.category'),
      responsive: ['md'],
      render: (_, r) => dnsCategoryLabels[r.Category]?.[lang] ?? r.Category,
    },
    { key: 'queries', title: t('dns.queries'), render: (_, r) => r.Queries },
    {
      key: 'clients',
      title: t('dns.clients'),
      responsive: ['sm'],
      render: (_, r) => <span title={r.ClientsExact ? undefined : t('watch.atLeast')}>{clientsText(r)}</span>,
    },
    { key: 'networks', title: t('watch.networks'), responsive: ['lg'], render: (_, r) => r.Networks },
    {
      key: 'last',
      title: t('dns.lastSeen'),
      responsive: ['md'],
      render: (_, r) => <span className="flow-nowrap">{r.LastSeen ? formatDateTime(r.LastSeen) : '—'}</span>,
    },
    {
      key: 'actions',
      title: t('watch.actions'),
      width: 80,
      render: (_, r) => (
        <Popconfirm
          title={t('watch.removeConfirm', { domain: r.Domain })}
          okText={t('watch.remove')}
          cancelText={t('watch.cancel')}
          onConfirm={() => change.remove.mutateAsync({ _id: r._id })}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('watch.removeOne', { domain: r.Domain })}
            data-testid={`flow-watch-del-${r.Domain}`}
          />
        </Popconfirm>
      ),
    },
  ];
  const csvColumns: CsvColumn<DnsWatchRow>[] = [
    { title: t('dns.domain'), value: (r) => r.Domain },
    { title: t('watch.remark'), value: (r) => r.Remark },
    { title: t('dns.category'), value: (r) => dnsCategoryLabels[r.Category]?.[lang] ?? r.Category },
    { title: t('dns.queries'), value: (r) => r.Queries },
    { title: t('dns.clients'), value: (r) => r.Clients },
    { title: t('watch.networks'), value: (r) => r.Networks },
    { title: t('dns.lastSeen'), value: (r) => (r.LastSeen ? formatDateTime(r.LastSeen) : '') },
  ];

  return (
    <Card
      size="small"
      title={t('watch.title')}
      extra={
        <div className="flow-card-extra">
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="flow-watch-open"
          >
            {t('watch.add')}
          </Button>
          <ExportCsvButton
            fileName="dns-watch-list"
            columns={csvColumns}
            rows={async () =>
              (
                await fetchDnsRows<DnsWatchRow>(queryClient, '/v1/dns/getAll', {
                  ...period,
                  Network: network,
                })
              ).list
            }
            disabled={!watch.data?.count}
            testId="flow-watch-csv"
          />
        </div>
      }
    >
      <Modal
        open={adding}
        title={t('watch.addTitle')}
        okText={t('watch.add')}
        cancelText={t('watch.cancel')}
        confirmLoading={change.add.isPending}
        onOk={() => form.submit()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'flow-watch-add' } as ButtonProps}
      >
        <Form form={form} layout="vertical" onFinish={add} data-testid="flow-watch-form">
          <Form.Item
            name="Domain"
            label={t('dns.domain')}
            extra={t('watch.domainHint')}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  value && normalizeDomain(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('watch.badDomain'))),
              },
            ]}
          >
            <Input maxLength={DNS_DOMAIN_MAX} placeholder="example.com" data-testid="flow-watch-domain" />
          </Form.Item>
          <Form.Item name="Remark" label={t('watch.remark')}>
            <Input maxLength={DNS_REMARK_MAX} data-testid="flow-watch-remark" />
          </Form.Item>
        </Form>
      </Modal>
      <div className="flow-table">
        <Table<DnsWatchRow>
          rowKey="_id"
          size="middle"
          columns={columns}
          dataSource={watch.data?.list ?? []}
          loading={watch.isFetching && !watch.data}
          pagination={false}
          locale={{ emptyText: <span data-testid="flow-watch-empty">{t('watch.empty')}</span> }}
          onRow={(r) => ({ 'data-testid': `flow-watch-row-${r.Domain}` }) as HTMLAttributes<HTMLElement>}
          data-testid="flow-watch-table"
        />
      </div>
      <div className="flow-pagination">
        <Pagination
          total={watch.data?.count ?? 0}
          page={paging.page}
          limit={paging.limit}
          onChange={(page, limit) => setPaging({ page, limit })}
        />
      </div>
    </Card>
  );
}
