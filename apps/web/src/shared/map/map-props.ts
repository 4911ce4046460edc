import type { GeoPoint } from './reverse-geocode.ts';

// The map's props live apart from network-map.tsx: that file loads map-panel.tsx lazily, and the
// panel and the Leaflet view need these types, which would make an import cycle.

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
