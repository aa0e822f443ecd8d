// The browser's position with SPEC.md section 9's options (high accuracy, 15 s time-out, no cached position).
import { GEOLOCATION_OPTIONS } from './ui-constants';

export interface Position {
  lat: number;
  lng: number;
  /** Metres. */
  accuracy: number;
}

/** Why no position came: the device has no geolocation, or it refused, timed out or failed. */
export type PositionFailure = 'unsupported' | 'failed';

/** True when the browser has a geolocation API at all. */
export function hasGeolocation(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation;
}

/** The current position; rejects with 'unsupported' or 'failed' (denied, unavailable or timed out). */
export function currentPosition(): Promise<Position> {
  return new Promise((resolve, reject: (reason: PositionFailure) => void) => {
    if (!hasGeolocation()) {
      reject('unsupported');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (found) => resolve({ lat: found.coords.latitude, lng: found.coords.longitude, accuracy: found.coords.accuracy }),
      () => reject('failed'),
      { ...GEOLOCATION_OPTIONS },
    );
  });
}
