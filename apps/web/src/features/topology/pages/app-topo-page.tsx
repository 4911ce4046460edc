import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Empty, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLang, readLanguage, writeLanguage } from '#shared/language.ts';
import { formatDateTime } from '#shared/format.ts';
import { TokenRejected, useAppLldpInfo, useAppNetworks, useAppOpenAlarms } from '../api/app-topology.ts';
import { TopologyChart } from '../components/topology-chart.tsx';
import { TopologyLegend } from '../components/topology-legend.tsx';
import { errorMessage } from '#shared/api-client.ts';
import { OrientSwitch } from '../components/orient-switch.tsx';
import type { TopologyOrient } from '../components/topology-model.ts';
import './topology.css';

/**
 * spec §1, §2 /appTopo (public): the topology as the mobile app shows it in a web view. The app
 * opens `/appTopo?token=<session token>&_id=<network>[&language=zh|en][&orient=TB|LR]`; the page
 * calls the topology API with that token (the browser's own session, if any, is not used or
 * touched). Without `_id` the user picks one of the account's networks. A missing or refused token
 * says so plainly.
 */
export default function AppTopoPage() {
  const { t } = useTranslation('topology-view');
  const [search, setSearch] = useSearchParams();
  const token = search.get('token') || search.get('Token');
  const network = search.get('_id') || search.get('id');
  const orientParam = search.get('orient');
  const orient: TopologyOrient = orientParam === 'TB' ? 'TB' : 'LR';
  const networks = useAppNetworks(token);
  const info = useAppLldpInfo(token, network);
  // The nodes' alarm marks, when the token may read them (else none, silently).
  const alarms = useAppOpenAlarms(token, network);

  // The app may ask for a language; the console's choice lives in a cookie and needs a reload.
  const language = search.get('language') ?? search.get('lang');
  useEffect(() => {
    if (isLang(language) && language !== readLanguage()) {
      writeLanguage(language);
      window.location.reload();
    }
  }, [language]);

  const set = (key: string, value: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const list = networks.data?.list ?? [];
  // Opened without a network: the account's first.
  const first = list[0]?._id;
  useEffect(() => {
    if (!network && first) set('_id', first);
  }, [network, first]); // eslint-disable-line react-hooks/exhaustive-deps
  const name = list.find((n) => n._id === network)?.Name;
  const failure = networks.error ?? info.error;

  let body: ReactNode;
  if (!token) {
    body = <Alert type="warning" showIcon message={t('app.noToken')} data-testid="app-topo-no-token" />;
  } else if (failure instanceof TokenRejected) {
    body = <Alert type="error" showIcon message={t('app.rejected')} data-testid="app-topo-rejected" />;
  } else if (failure) {
    body = (
      <Alert
        type="error"
        showIcon
        message={t('app.failed', { message: errorMessage(failure) })}
        action={
          <Button size="small" onClick={() => void (network ? info.refetch() : networks.refetch())}>
            {t('app.retry')}
          </Button>
        }
        data-testid="app-topo-error"
      />
    );
  } else if (!network) {
    body = networks.isPending ? (
      <Spin />
    ) : (
      <Empty description={list.length === 0 ? t('noNetworks') : t('app.pick')} />
    );
  } else if (info.isPending) {
    body = <Spin />;
  } else if (!info.data?.list) {
    body = <Empty description={t('noMain')} data-testid="topology-empty" />;
  } else {
    body = (
      <>
        {info.data.CreateTime !== null && (
          <div className="topology-muted" data-testid="topology-caption">
            {t('currentSince', { time: formatDateTime(info.data.CreateTime) })}
          </div>
        )}
        <TopologyLegend changed={false} alarms={alarms.data !== undefined} />
        <TopologyChart
          tree={info.data.list}
          orient={orient}
          height="calc(100vh - 190px)"
          alarms={alarms.data}
          data-testid="topology-chart"
        />
      </>
    );
  }

  return (
    <div className="app-topo" data-testid="app-topo">
      <div className="app-topo-bar">
        <h1>{name ?? t('app.title')}</h1>
        {token && list.length > 0 && (
          <Select
            aria-label={t('network')}
            value={network ?? undefined}
            placeholder={t('chooseNetwork')}
            onChange={(value: string) => set('_id', value)}
            options={list.map((n) => ({ value: n._id, label: n.Name }))}
            data-testid="app-topo-network"
          />
        )}
        <OrientSwitch value={orient} onChange={(value) => set('orient', value)} />
      </div>
      <div className="app-topo-card">{body}</div>
    </div>
  );
}
