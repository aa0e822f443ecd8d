import { useCallback, useState } from 'react';
import { i18n } from '../../../i18n/i18n';
import { isInsideZone } from '@kade/shared';
import { currentPosition, type Position } from '../../../lib/geolocation';
import { useShopConfig } from '../../../lib/shop-config';

/** Location detection: idle, fetching, confirmed (inside the zone), outside, or failed (or no geolocation at all). */
export type LocationState =
  | { status: 'idle' }
  | { status: 'fetching' }
  | { status: 'confirmed'; position: Position }
  | { status: 'outside'; position: Position; message: string }
  | { status: 'failed'; message: string };

/** Detects the shopper's position and checks it against the delivery zone (the server checks again on save). */
export function useZoneLocation(): { location: LocationState; detect: () => Promise<void> } {
  const { deliveryZone } = useShopConfig();
  const [location, setLocation] = useState<LocationState>({ status: 'idle' });
  const detect = useCallback(async () => {
    setLocation({ status: 'fetching' });
    try {
      const position = await currentPosition();
      const inside = isInsideZone(position, { lat: deliveryZone.lat, lng: deliveryZone.lng }, deliveryZone.radiusKm);
      setLocation(inside ? { status: 'confirmed', position } : { status: 'outside', position, message: i18n.t('address.outside') });
    } catch (reason) {
      setLocation({ status: 'failed', message: reason === 'unsupported' ? i18n.t('address.unsupported') : i18n.t('address.unavailable') });
    }
  }, [deliveryZone]);
  return { location, detect };
}
