/**
 * The Leaflet part of the map: its own chunk (with leaflet.css), loaded only when a map is shown
 * (network-map.tsx), never with the first screens.
 */
import { useEffect, useMemo, useRef } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { latLngBounds, type LatLngExpression, type TileLayer as LeafletTileLayer } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapSource } from '@netconsole/contract';
import type { GeoPoint } from './reverse-geocode.ts';
import type { MapPoint } from './map-props.ts';

export interface LeafletViewProps {
  source: MapSource;
  points: readonly MapPoint[];
  picked: GeoPoint | null;
  /** The zoom chosen in the toolbar; applied whenever it changes. */
  zoom: number | null;
  onPick?: (point: GeoPoint) => void;
  onPointClick?: (id: string) => void;
  /** The first tile arrived: the map is there. */
  onReady: () => void;
  /** Every tile of the first view failed. */
  onFail: () => void;
}

const PICKED_COLOUR = '#d4380d';
const POINT_COLOUR = '#1677ff';

function ClickToPick({ onPick }: { onPick?: (point: GeoPoint) => void }) {
  useMapEvents({
    click: (e) => {
      if (!onPick) return;
      const p = e.latlng.wrap();
      onPick({ longitude: Number(p.lng.toFixed(6)), latitude: Number(p.lat.toFixed(6)) });
    },
  });
  return null;
}

function FollowZoom({ zoom }: { zoom: number | null }) {
  const map = useMap();
  useEffect(() => {
    if (zoom !== null) map.setZoom(zoom);
  }, [map, zoom]);
  return null;
}

/** A map inside a dialog gets its size after an animation: Leaflet must measure again. */
function FollowSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

export default function LeafletView({
  source,
  points,
  picked,
  zoom,
  onPick,
  onPointClick,
  onReady,
  onFail,
}: LeafletViewProps) {
  const loadedTiles = useRef(0);
  // The first view: the picked point, else every point, else the map type's default (spec §9).
  const initial = useMemo(() => {
    if (picked) return { center: [picked.latitude, picked.longitude] as LatLngExpression, zoom: zoom ?? 14 };
    if (points.length > 1) {
      return {
        bounds: latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])).pad(0.2),
      };
    }
    if (points.length === 1) {
      return { center: [points[0]!.latitude, points[0]!.longitude] as LatLngExpression, zoom: zoom ?? 10 };
    }
    return {
      center: [source.center.latitude, source.center.longitude] as LatLngExpression,
      zoom: source.zoom,
    };
    // Only the first view: later changes must not move the map under the user's hand.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);

  return (
    <MapContainer {...initial} maxZoom={source.maxZoom} worldCopyJump className="netmap-canvas">
      <TileLayer
        url={source.tileUrl}
        subdomains={source.subdomains || 'abc'}
        attribution={source.attribution}
        maxZoom={source.maxZoom}
        eventHandlers={{
          tileload: () => {
            loadedTiles.current++;
            if (loadedTiles.current === 1) onReady();
          },
          load: (e) => {
            // 'load' comes when every tile of the view settled; none loaded means none will.
            const layer = e.target as LeafletTileLayer;
            if (loadedTiles.current === 0 && layer.isLoading() === false) onFail();
          },
        }}
      />
      <ClickToPick onPick={onPick} />
      <FollowZoom zoom={zoom} />
      <FollowSize />
      {points.map((p) => (
        <CircleMarker
          key={p.id}
          center={[p.latitude, p.longitude]}
          radius={8}
          pathOptions={{
            color: '#fff',
            weight: 2,
            fillColor: p.color ?? POINT_COLOUR,
            fillOpacity: 0.95,
            className: `netmap-point netmap-point-${p.id}`,
          }}
          eventHandlers={onPointClick ? { click: () => onPointClick(p.id) } : undefined}
        >
          <Tooltip direction="top" offset={[0, -8]}>
            {p.label}
          </Tooltip>
        </CircleMarker>
      ))}
      {picked && (
        <CircleMarker
          center={[picked.latitude, picked.longitude]}
          radius={9}
          interactive={false}
          pathOptions={{
            color: PICKED_COLOUR,
            weight: 3,
            fillColor: '#fff',
            fillOpacity: 0.9,
            className: 'netmap-picked',
          }}
        />
      )}
    </MapContainer>
  );
}
