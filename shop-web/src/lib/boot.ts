// The boot data the server wrote into this page (shared/src/boot.ts): read once, and each part given out
// once, to the first screen that needs it. After that the app asks the API as usual, so a later visit to the
// home page (or a page restored from the service worker's cache when offline) never shows old shelves.
import { BOOT_ELEMENT_ID, type BootWire } from '@kade/shared';

let boot: BootWire | undefined;

function read(): BootWire {
  if (boot) return boot;
  boot = {};
  if (typeof document === 'undefined') return boot;
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (element?.textContent) {
    try {
      boot = JSON.parse(element.textContent) as BootWire;
    } catch {
      boot = {};
    }
  }
  element?.remove();
  return boot;
}

/** A part of the boot data, once: the next call for the same part answers undefined. */
export function takeBoot<K extends keyof BootWire>(part: K): BootWire[K] | undefined {
  const data = read();
  const value = data[part];
  delete data[part];
  return value;
}

/** Whether the page came with a part (not yet taken), without taking it. */
export function hasBoot(part: keyof BootWire): boolean {
  return read()[part] !== undefined;
}
