import { describe, expect, it } from 'vitest';
import { isMissingChunk } from './page-boundary';

describe('isMissingChunk', () => {
  it("knows each browser's words for a screen's code that did not arrive", () => {
    // Chromium, Firefox and Safari, as each says it when a dynamic import() fails to fetch
    expect(isMissingChunk(new TypeError('Failed to fetch dynamically imported module: https://shop.example/assets/about-page-1a2b.js'))).toBe(true);
    expect(isMissingChunk(new TypeError('error loading dynamically imported module: https://shop.example/assets/about-page-1a2b.js'))).toBe(true);
    expect(isMissingChunk(new TypeError('Importing a module script failed.'))).toBe(true);
    // Vite's own, when a screen's stylesheet does not arrive
    expect(isMissingChunk(new Error('Unable to preload CSS for /assets/about-page-1a2b.css'))).toBe(true);
  });

  it('does not take a page that threw for a missing chunk', () => {
    expect(isMissingChunk(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isMissingChunk(new Error('Failed to fetch'))).toBe(false);
    expect(isMissingChunk('a thrown string')).toBe(false);
    expect(isMissingChunk(undefined)).toBe(false);
  });
});
