import { useCallback, useState } from 'react';
import { zoneStanding, type ZoneStanding } from '@kade/shared';
import { currentPosition, type Position, type PositionFailure } from '../../../lib/geolocation';
import { useShopConfig } from '../../../lib/shop-config';

/**
 * Location detection: idle, fetching, confirmed (inside the zone), outside (with how far, issue 36), or failed
 * (`unsupported`: no geolocation at all; `failed`: refused, off, or timed out).
 */
export type LocationState =
  | { status: 'idle' }
  | { status: 'fetching' }
  | { status: 'confirmed'; position: Position }
  | { status: 'outside'; position: Position; standing: ZoneStanding }
  | { status: 'failed'; reason: PositionFailure };

/** Detects the shopper's position and checks it against the delivery zone (the server checks again on save). */
export function useZoneLocation(): { location: LocationState; detect: () => Promise<void> } {
  const { deliveryZone } = useShopConfig();
  const [location, setLocation] = useState<LocationState>({ status: 'idle' });
  const detect = useCallback(async () => {
    setLocation({ status: 'fetching' });
    try {
      const position = await currentPosition();
      const standing = zoneStanding(position, { lat: deliveryZone.lat, lng: deliveryZone.lng }, deliveryZone.radiusKm);
      setLocation(standing.inside ? { status: 'confirmed', position } : { status: 'outside', position, standing });
    } catch (reason) {
      setLocation({ status: 'failed', reason: reason === 'unsupported' ? 'unsupported' : 'failed' });
    }
  }, [deliveryZone]);
  return { location, detect };
}
