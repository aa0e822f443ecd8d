// The delivery zone (SPEC.md section 9): a circle around the store, measured along the earth's surface.

/** Mean earth radius used for great-circle distances. */
export const EARTH_RADIUS_KM = 6371;

/** Deliveries go only within this distance of the store. */
export const DEFAULT_DELIVERY_RADIUS_KM = 1.75;

export const LATITUDE_MIN = -90;
export const LATITUDE_MAX = 90;
export const LONGITUDE_MIN = -180;
export const LONGITUDE_MAX = 180;

export const LATITUDE_RANGE_MESSAGE = `latitude must be between ${LATITUDE_MIN} and ${LATITUDE_MAX}`;
export const LONGITUDE_RANGE_MESSAGE = `longitude must be between ${LONGITUDE_MIN} and ${LONGITUDE_MAX}`;

/** What an order's location reads when the shopper's position could not be had. */
export const LOCATION_NOT_AVAILABLE = 'Location not available';

export interface LatLng {
  lat: number;
  lng: number;
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in km between two points, on a sphere of radius 6371 km. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** True when the point is at most `radiusKm` from the centre (the edge itself is inside). */
export function isInsideZone(point: LatLng, centre: LatLng, radiusKm: number = DEFAULT_DELIVERY_RADIUS_KM): boolean {
  return distanceKm(point, centre) <= radiusKm;
}

/** Where a detected position stands against the zone (issue 36: the shopper is told how far, not only "outside"). */
export interface ZoneStanding {
  inside: boolean;
  /** From the store, in km. */
  distanceKm: number;
  /**
   * Outside, but within the position's own accuracy of the edge: a better fix (outdoors, by a window) could put it
   * inside, so SPEC.md's advice to step outside and try again holds. A position far beyond its accuracy is told the
   * distance instead.
   */
  couldBeInside: boolean;
}

/** A position (with its accuracy in metres, when known) against the zone around `centre`. */
export function zoneStanding(point: LatLng & { accuracy?: number | null }, centre: LatLng, radiusKm: number = DEFAULT_DELIVERY_RADIUS_KM): ZoneStanding {
  const km = distanceKm(point, centre);
  const inside = km <= radiusKm;
  const slackKm = point.accuracy != null && Number.isFinite(point.accuracy) && point.accuracy > 0 ? point.accuracy / 1000 : 0;
  return { inside, distanceKm: km, couldBeInside: !inside && km - slackKm <= radiusKm };
}

/** A distance as the shop writes it: 2 decimals under 10 km ('1.75', '3.4'), 1 beyond ('14.2'), no trailing zeros. */
export function formatKm(km: number): string {
  return String(Number(km.toFixed(km < 10 ? 2 : 1)));
}

/**
 * Checks a position: null when it is a real place, otherwise one sentence naming the bad part
 * ('latitude must be between -90 and 90').
 */
export function validateCoordinates(point: { lat: unknown; lng: unknown }): string | null {
  const { lat, lng } = point;
  if (typeof lat !== 'number' || !Number.isFinite(lat)) return 'latitude must be a number';
  if (lat < LATITUDE_MIN || lat > LATITUDE_MAX) return LATITUDE_RANGE_MESSAGE;
  if (typeof lng !== 'number' || !Number.isFinite(lng)) return 'longitude must be a number';
  if (lng < LONGITUDE_MIN || lng > LONGITUDE_MAX) return LONGITUDE_RANGE_MESSAGE;
  return null;
}

/**
 * An order's location text: 'latitude, longitude' with six decimals (about 10 cm), or
 * 'Location not available' when there is no valid position.
 */
export function locationText(point: LatLng | null | undefined): string {
  if (!point || validateCoordinates(point) !== null) return LOCATION_NOT_AVAILABLE;
  return `${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}`;
}

const LOCATION_PATTERN = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/** Reads a 'latitude, longitude' text back into a point; null for 'Location not available' or anything else. */
export function parseLocationText(text: string): LatLng | null {
  const match = LOCATION_PATTERN.exec(text);
  if (!match) return null;
  const point = { lat: Number(match[1]), lng: Number(match[2]) };
  return validateCoordinates(point) === null ? point : null;
}
