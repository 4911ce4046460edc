import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAP_LOAD_TIMEOUT_MS, MAP_TYPES, MAP_ZOOM_OPTIONS, type MapType } from '@netconsole/contract';
import { useMapSources } from './get-map-url.ts';
import { setMapType, useMapType } from './map-type.ts';
import type { NetworkMapProps } from './map-props.ts';
import './map.css';

const LeafletView = lazy(() => import('./leaflet-view.tsx'));
// Only without a map: the number inputs are not worth loading with every map.
const CoordinateInputs = lazy(() => import('./coordinate-inputs.tsx'));

type LoadState = 'loading' | 'ready' | 'unavailable';

/**
 * The map's first tile within the time-out (spec §9: 10 s, also the time the Leaflet code has to
 * arrive), else unavailable. A new map type or Retry starts again.
 */
function useLoadState(type: MapType, sourceFailed: boolean, attempt: number) {
  const [state, setState] = useState<{ key: string; value: LoadState }>({ key: '', value: 'loading' });
  const key = `${type}:${attempt}`;
  const current: LoadState = sourceFailed ? 'unavailable' : state.key === key ? state.value : 'loading';
  useEffect(() => {
    const timer = setTimeout(
      () => setState((s) => (s.key === key && s.value === 'ready' ? s : { key, value: 'unavailable' })),
      MAP_LOAD_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [key, type]);
  const settle = (value: LoadState) =>
    setState((s) => (s.key === key && s.value !== 'loading' ? s : { key, value }));
  return { state: current, ready: () => settle('ready'), fail: () => settle('unavailable') };
}

export default function MapPanel({
  points = [],
  picked = null,
  onPick,
  onPointClick,
  height = 320,
  testId = 'network-map',
}: NetworkMapProps) {
  const { t } = useTranslation('map-picker');
  const type = useMapType();
  const sources = useMapSources();
  const [attempt, setAttempt] = useState(0);
  const [zoom, setZoom] = useState<number | null>(null);
  const load = useLoadState(type, sources.isError, attempt);
  const source = sources.data?.list.find((s) => s.type === type);
  const zoomOptions = sources.data?.zoomOptions ?? [...MAP_ZOOM_OPTIONS];

  return (
    <div className="netmap" data-testid={testId} data-state={load.state} data-map-type={type}>
      <div className="netmap-toolbar">
        <span className="netmap-label">{t('mapType')}</span>
        {/* Plain buttons: they come with the shell, so a map on a first screen adds little. */}
        <span className="netmap-buttons" role="radiogroup" aria-label={t('mapType')}>
          {MAP_TYPES.map((m) => (
            <Button
              key={m}
              size="small"
              type={type === m ? 'primary' : 'default'}
              role="radio"
              aria-checked={type === m}
              onClick={() => {
                setMapType(m);
                setZoom(null);
              }}
              data-testid={`map-type-${m}`}
            >
              {t(`type.${m}`)}
            </Button>
          ))}
        </span>
        <span className="netmap-spacer" />
        {load.state !== 'unavailable' && (
          <span className="netmap-buttons" role="group" aria-label={t('zoom')}>
            {zoomOptions.map((z) => (
              <Button
                key={z}
                size="small"
                type={zoom === z ? 'primary' : 'text'}
                onClick={() => setZoom(z)}
                title={t('zoomLevel', { zoom: z })}
                data-testid={`map-zoom-${z}`}
              >
                {z}
              </Button>
            ))}
          </span>
        )}
      </div>
      <div className="netmap-body" style={{ height }}>
        {load.state !== 'unavailable' && source && (
          <Suspense fallback={null}>
            <LeafletView
              key={`${type}:${attempt}`}
              source={source}
              points={points}
              picked={picked}
              zoom={zoom}
              onPick={onPick}
              onPointClick={onPointClick}
              onReady={load.ready}
              onFail={load.fail}
            />
          </Suspense>
        )}
        {load.state === 'loading' && (
          <div className="netmap-overlay" data-testid="map-loading">
            <Spin />
          </div>
        )}
        {load.state === 'unavailable' && (
          <div className="netmap-unavailable" data-testid="map-unavailable">
            <p className="netmap-message">{t('unobtainable')}</p>
            <Button
              size="small"
              onClick={() => {
                setAttempt((a) => a + 1);
                if (sources.isError) void sources.refetch();
              }}
              data-testid="map-retry"
            >
              {t('retry')}
            </Button>
            {onPick && (
              <>
                <p className="netmap-hint">{t('typeCoordinates')}</p>
                <Suspense fallback={<Spin size="small" />}>
                  <CoordinateInputs picked={picked} onPick={onPick} />
                </Suspense>
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
