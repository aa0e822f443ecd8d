import { describe, expect, it } from 'vitest';
import { loadDesktopConfig } from './config';

describe('desktop config', () => {
  it('gives working defaults on first run', () => {
    expect(loadDesktopConfig(undefined)).toEqual({
      serverUrl: 'http://127.0.0.1:3000',
      printer: '',
      autoPrint: true,
      receiptMode: 'text',
      copies: 1,
      sound: true,
      fullScreen: false,
      counterName: 'Counter',
    });
  });

  it.each([
    ['tcp://192.168.1.50:9100'],
    ['/dev/usb/lp0'],
    ['LPT1'],
  ])('accepts the printer address %s', (printer) => {
    expect(loadDesktopConfig({ printer }).printer).toBe(printer);
  });

  it.each([
    [{ printer: 'http://printer' }, /printer must be a device path/],
    [{ serverUrl: 'not a url' }, /serverUrl must be the shop server address/],
    [{ copies: 4 }, /copies must be 1 to 3/],
    [{ copies: 0 }, /copies must be 1 to 3/],
    [{ receiptMode: 'picture' }, /receiptMode must be 'text' or 'image'/],
  ])('refuses %o naming the setting', (saved, message) => {
    expect(() => loadDesktopConfig(saved)).toThrow(message);
  });

  it('lets the environment override the saved settings', () => {
    const config = loadDesktopConfig({ serverUrl: 'http://10.0.0.2:3000', autoPrint: true }, { KADE_SERVER_URL: 'http://127.0.0.1:4000', KADE_AUTO_PRINT: '0' });
    expect(config.serverUrl).toBe('http://127.0.0.1:4000');
    expect(config.autoPrint).toBe(false);
  });
});
