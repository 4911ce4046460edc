import { useState } from 'react';
import { Button, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { networkLocationError } from '@netconsole/contract';
import type { GeoPoint } from './reverse-geocode.ts';

/** Typed coordinates, for when no map can be shown (spec: the location can still be picked). */
export default function CoordinateInputs({
  picked,
  onPick,
}: {
  picked: GeoPoint | null;
  onPick: (p: GeoPoint) => void;
}) {
  const { t } = useTranslation('map-picker');
  const [lng, setLng] = useState<number | null>(picked?.longitude ?? null);
  const [lat, setLat] = useState<number | null>(picked?.latitude ?? null);
  const point = lng === null || lat === null ? null : { longitude: lng, latitude: lat };
  const invalid = point !== null && networkLocationError(point) !== null;
  const axes = [
    { key: 'longitude', value: lng, set: setLng, limit: 180, example: '116.404', testId: 'map-lng' },
    { key: 'latitude', value: lat, set: setLat, limit: 90, example: '39.915', testId: 'map-lat' },
  ] as const;
  return (
    <div className="netmap-coords" data-testid="map-coordinates">
      {axes.map((axis) => (
        <label key={axis.key}>
          {t(axis.key)}
          <InputNumber
            value={axis.value}
            onChange={(v) => axis.set(typeof v === 'number' ? v : null)}
            min={-axis.limit}
            max={axis.limit}
            step={0.0001}
            placeholder={axis.example}
            data-testid={axis.testId}
          />
        </label>
      ))}
      <Button
        disabled={point === null || invalid}
        onClick={() => point && onPick(point)}
        data-testid="map-use-coordinates"
      >
        {t('useCoordinates')}
      </Button>
    </div>
  );
}
