import { describe, expect, it } from 'vitest';
import { imageAt, imageSrcSet } from './images';

describe('stored image variants', () => {
  it.each([
    ['/files/abc-480.webp', 160, '/files/abc-160.webp'],
    ['/files/abc-480.webp', 1024, '/files/abc-1024.webp'],
    ['/files/abc-160.webp', 480, '/files/abc-480.webp'],
    ['https://elsewhere.example/x.png', 160, 'https://elsewhere.example/x.png'],
    [undefined, 160, ''],
  ] as const)('%s at %i -> %s', (url, width, expected) => {
    expect(imageAt(url, width)).toBe(expected);
  });

  it('gives a srcset only for stored images', () => {
    expect(imageSrcSet('/files/abc-480.webp')).toBe('/files/abc-160.webp 160w, /files/abc-480.webp 480w, /files/abc-1024.webp 1024w');
    expect(imageSrcSet('https://elsewhere.example/x.png')).toBeUndefined();
  });
});
