import { lazy, Suspense } from 'react';
import type { NetworkMapProps } from './map-props.ts';

// The props' types are part of this entry point's interface.
export type { MapPoint, NetworkMapProps } from './map-props.ts';

// Everything of the map (toolbar, time-out, Leaflet and its CSS) loads when a map is first shown.
const MapPanel = lazy(() => import('./map-panel.tsx'));

/**
 * The console's map (docs/maps.md): Leaflet over the tile source of the stored map type (spec §3
 * `mapType`; none chosen yet: the language's default type), the spec §9 default views and zoom
 * options, and after 10 s without tiles the 'maps unobtainable due to unstable network' message instead of a blank map.
 *
 *   <NetworkMap points={[{ id, longitude, latitude, label, color }]} onPointClick={(id) => …} />
 *   <NetworkMap picked={point} onPick={setPoint} />
 */
export function NetworkMap(props: NetworkMapProps) {
  const height = props.height ?? 320;
  return (
    <Suspense fallback={<div className="netmap-pending" style={{ height, background: '#f5f5f5' }} />}>
      <MapPanel {...props} height={height} />
    </Suspense>
  );
}
