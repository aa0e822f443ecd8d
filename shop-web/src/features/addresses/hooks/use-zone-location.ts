import { useCallback, useState } from 'react';
import { isInsideZone, TEXT } from '@kade/shared';
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
      setLocation(inside ? { status: 'confirmed', position } : { status: 'outside', position, message: TEXT.outsideDeliveryArea });
    } catch (reason) {
      setLocation({ status: 'failed', message: reason === 'unsupported' ? TEXT.geolocationUnsupported : TEXT.locationUnavailable });
    }
  }, [deliveryZone]);
  return { location, detect };
}
