import { lazy, Suspense } from 'react';
import type { GeoPoint } from './reverse-geocode.ts';

/** A place shown on the map (e.g. a network); `color` fills its dot (default blue). */
export interface MapPoint {
  id: string;
  longitude: number;
  latitude: number;
  label: string;
  color?: string;
}

export interface NetworkMapProps {
  /** Places to show; the first view fits them all (none: the map type's default view). */
  points?: readonly MapPoint[];
  /** The chosen point, drawn as a ring; the first view centres on it. */
  picked?: GeoPoint | null;
  /** Given: a click on the map picks a point, and without a map coordinates can be typed instead. */
  onPick?: (point: GeoPoint) => void;
  onPointClick?: (id: string) => void;
  /** Pixels; default 320. */
  height?: number;
  /** data-testid of the map's box; default `network-map`. */
  testId?: string;
}

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
