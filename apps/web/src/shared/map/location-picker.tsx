import { useRef, useState } from 'react';
import { Alert, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#shared/api-client.ts';
import { getMapType } from './map-type.ts';
import { NetworkMap } from './network-map.tsx';
import { useReverseGeocode, type GeoPoint } from './reverse-geocode.ts';

/** A network's location (spec §3): the point and the address text the geocoder gave ('' none). */
export interface PickedLocation extends GeoPoint {
  address: string;
}

type Lookup = { state: 'idle' | 'locating' | 'none' } | { state: 'failed'; message: string };

export function locationText(value: PickedLocation | null, noAddress: string): string {
  if (!value) return '';
  const where = `${value.latitude.toFixed(5)}, ${value.longitude.toFixed(5)}`;
  return `${value.address || noAddress} (${where})`;
}

/**
 * Choosing a location by clicking the map (or typing coordinates when there is no map): the point
 * is reverse-geocoded into the read-only location text; 'no address' when the provider knows none,
 * the geocoder failure alert (with the provider's status) when it fails. The point stays chosen
 * either way.
 */
export function LocationPicker({
  value,
  onChange,
  height,
  status,
}: {
  value: PickedLocation | null;
  onChange: (value: PickedLocation) => void;
  height?: number;
  /** 'error' marks the text as the field to correct. */
  status?: 'error';
}) {
  const { t } = useTranslation('map-picker');
  const geocode = useReverseGeocode();
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const latest = useRef(0);

  const pick = (point: GeoPoint) => {
    const ticket = ++latest.current;
    onChange({ ...point, address: '' });
    const type = getMapType();
    setLookup({ state: 'locating' });
    geocode.mutate(
      { point, type },
      {
        onSuccess: (reply) => {
          if (ticket !== latest.current) return;
          if (reply.address) onChange({ ...point, address: reply.address });
          setLookup({ state: reply.address ? 'idle' : 'none' });
        },
        onError: (error) => {
          if (ticket === latest.current) setLookup({ state: 'failed', message: errorMessage(error) });
        },
      },
    );
  };

  return (
    <div className="netmap-picker">
      <NetworkMap picked={value} onPick={pick} height={height} />
      <div className="netmap-location">
        <span className="netmap-label">{t('location')}</span>
        <Input
          readOnly
          value={lookup.state === 'locating' ? t('locating') : locationText(value, t('noAddress'))}
          placeholder={t('locationPlaceholder')}
          status={status}
          data-testid="location-text"
          data-address-state={lookup.state}
        />
      </div>
      {lookup.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          className="netmap-geocode-error"
          title={lookup.message}
          data-testid="map-geocode-error"
        />
      )}
    </div>
  );
}
