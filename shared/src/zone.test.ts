import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_RADIUS_KM,
  EARTH_RADIUS_KM,
  LOCATION_NOT_AVAILABLE,
  distanceKm,
  formatKm,
  isInsideZone,
  locationText,
  parseLocationText,
  validateCoordinates,
  zoneStanding,
} from './zone';

const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180; // 111.19492664455873 km along a meridian
const STORE = { lat: 6.9271, lng: 79.8612 }; // Colombo

/** The point `km` due north of the store (exact along a meridian). */
const north = (km: number) => ({ lat: STORE.lat + km / KM_PER_DEGREE, lng: STORE.lng });
/** Approximately `km` due east of the store. */
const east = (km: number) => ({ lat: STORE.lat, lng: STORE.lng + km / (KM_PER_DEGREE * Math.cos((STORE.lat * Math.PI) / 180)) });

describe('constants', () => {
  it('match the spec', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    expect(DEFAULT_DELIVERY_RADIUS_KM).toBe(1.75);
  });
});

describe('distanceKm', () => {
  it.each([
    ['the same point', STORE, STORE, 0],
    ['one degree of latitude', { lat: 0, lng: 0 }, { lat: 1, lng: 0 }, 111.19492664455873],
    ['a quarter of the equator', { lat: 0, lng: 0 }, { lat: 0, lng: 90 }, 10007.543398010286],
    ['pole to pole', { lat: 90, lng: 0 }, { lat: -90, lng: 0 }, 20015.086796020572],
    ['antipodes', { lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 20015.086796020572],
    ['London to Paris', { lat: 51.5074, lng: -0.1278 }, { lat: 48.8566, lng: 2.3522 }, 343.556],
    ['Colombo to Kandy', STORE, { lat: 7.2906, lng: 80.6337 }, 94.335],
    ['across the date line', { lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 }, 111.19492664455873],
  ])('%s', (_name, a, b, km) => {
    expect(distanceKm(a, b)).toBeCloseTo(km, 3);
    expect(distanceKm(b, a)).toBeCloseTo(km, 3);
  });
});

describe('isInsideZone', () => {
  it.each([
    ['the store itself', STORE, true],
    ['1.749 km north', north(1.749), true],
    ['1.75 km north (the edge)', north(1.75 - 1e-9), true],
    ['1.751 km north', north(1.751), false],
    ['1.74 km east', east(1.74), true],
    ['1.76 km east', east(1.76), false],
    ['Kandy', { lat: 7.2906, lng: 80.6337 }, false],
  ])('%s: %s', (_name, point, inside) => {
    expect(isInsideZone(point, STORE)).toBe(inside);
    expect(isInsideZone(point, STORE, DEFAULT_DELIVERY_RADIUS_KM)).toBe(inside);
  });

  it('honours another radius', () => {
    expect(isInsideZone(north(2.5), STORE, 3)).toBe(true);
    expect(isInsideZone(north(3.01), STORE, 3)).toBe(false);
  });
});

describe('validateCoordinates', () => {
  it.each([
    [{ lat: 6.9, lng: 79.8 }, null],
    [{ lat: 90, lng: 180 }, null],
    [{ lat: -90, lng: -180 }, null],
    [{ lat: 90.0001, lng: 0 }, 'latitude must be between -90 and 90'],
    [{ lat: -90.0001, lng: 0 }, 'latitude must be between -90 and 90'],
    [{ lat: 0, lng: 180.0001 }, 'longitude must be between -180 and 180'],
    [{ lat: 0, lng: -180.0001 }, 'longitude must be between -180 and 180'],
    [{ lat: Number.NaN, lng: 0 }, 'latitude must be a number'],
    [{ lat: '6.9', lng: 0 }, 'latitude must be a number'],
    [{ lat: 0, lng: null }, 'longitude must be a number'],
  ])('%j -> %s', (point, message) => {
    expect(validateCoordinates(point)).toBe(message);
  });
});

describe('locationText', () => {
  it.each([
    [{ lat: 6.9271, lng: 79.8612 }, '6.927100, 79.861200'],
    [{ lat: -33.8688, lng: 151.2093 }, '-33.868800, 151.209300'],
    [{ lat: 91, lng: 0 }, LOCATION_NOT_AVAILABLE],
    [null, LOCATION_NOT_AVAILABLE],
    [undefined, LOCATION_NOT_AVAILABLE],
  ])('%j -> %s', (point, text) => {
    expect(locationText(point)).toBe(text);
  });

  it('says the spec words when unknown', () => {
    expect(LOCATION_NOT_AVAILABLE).toBe('Location not available');
  });
});

describe('parseLocationText', () => {
  it.each([
    ['6.927100, 79.861200', { lat: 6.9271, lng: 79.8612 }],
    ['-33.8688,151.2093', { lat: -33.8688, lng: 151.2093 }],
    [' 90, -180 ', { lat: 90, lng: -180 }],
    ['90.5, 0', null],
    ['0, 180.1', null],
    [LOCATION_NOT_AVAILABLE, null],
    ['6.9', null],
    ['', null],
    ['6.9, 79.8, 1', null],
  ])('%j -> %j', (text, point) => {
    expect(parseLocationText(text)).toEqual(point);
  });

  it('reads back what locationText writes', () => {
    const point = { lat: 6.874213, lng: 79.860811 };
    expect(parseLocationText(locationText(point))).toEqual(point);
  });
});

describe('zoneStanding', () => {
  it.each([
    ['the store itself, no accuracy', { ...STORE }, true, false],
    ['1.8 km north, accurate to 10 m', { ...north(1.8), accuracy: 10 }, false, false],
    ['1.8 km north, accurate to 100 m: a better fix could be inside', { ...north(1.8), accuracy: 100 }, false, true],
    ['1.8 km north, accurate to 40 m: 1.76 km at best', { ...north(1.8), accuracy: 40 }, false, false],
    ['1.8 km north, accurate to 51 m: just past the edge at best', { ...north(1.8), accuracy: 51 }, false, true],
    ['14 km north, accurate to 2 km', { ...north(14), accuracy: 2000 }, false, false],
    ['1.7 km north, accurate to 500 m: inside, nothing to advise', { ...north(1.7), accuracy: 500 }, true, false],
    ['1.8 km north, no accuracy given', north(1.8), false, false],
    ['1.8 km north, a nonsense accuracy', { ...north(1.8), accuracy: Number.NaN }, false, false],
  ])('%s', (_name, point, inside, couldBeInside) => {
    const standing = zoneStanding(point, STORE);
    expect(standing).toEqual({ inside, distanceKm: distanceKm(point, STORE), couldBeInside });
  });

  it('honours another radius', () => {
    expect(zoneStanding(north(2.5), STORE, 3).inside).toBe(true);
    expect(zoneStanding({ ...north(3.2), accuracy: 300 }, STORE, 3)).toMatchObject({ inside: false, couldBeInside: true });
  });
});

describe('formatKm', () => {
  it.each([
    [1.75, '1.75'],
    [2, '2'],
    [3.4, '3.4'],
    [1.754, '1.75'],
    [9.999, '10'],
    [14.23, '14.2'],
    [14.04, '14'],
    [0, '0'],
  ])('%s km reads %s', (km, text) => {
    expect(formatKm(km)).toBe(text);
  });
});
