import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPosition, hasGeolocation } from './geolocation';

describe('the position (SPEC.md sections 8 and 9)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is 'unsupported' on a device with no geolocation, without asking anything", async () => {
    vi.stubGlobal('navigator', { userAgent: 'an old webview' });
    expect(hasGeolocation()).toBe(false);
    await expect(currentPosition()).rejects.toBe('unsupported');
  });

  it("asks with high accuracy, no cached position and a 15 s time-out; a refusal is 'failed'", async () => {
    const asked: PositionOptions[] = [];
    let answer: 'found' | 'refused' = 'found';
    vi.stubGlobal('navigator', {
      geolocation: {
        getCurrentPosition: (found: PositionCallback, failed: PositionErrorCallback, options: PositionOptions) => {
          asked.push(options);
          if (answer === 'found') found({ coords: { latitude: 6.87, longitude: 79.86, accuracy: 12 } } as GeolocationPosition);
          else failed({ code: 1, message: 'denied' } as GeolocationPositionError);
        },
      },
    });
    expect(hasGeolocation()).toBe(true);
    await expect(currentPosition()).resolves.toEqual({ lat: 6.87, lng: 79.86, accuracy: 12 });
    answer = 'refused';
    await expect(currentPosition()).rejects.toBe('failed');
    expect(asked).toEqual([
      { enableHighAccuracy: true, timeout: 15000, maximumAge: 0 },
      { enableHighAccuracy: true, timeout: 15000, maximumAge: 0 },
    ]);
  });
});
