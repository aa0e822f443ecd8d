import { createContext, useContext } from 'react';
import { ENDPOINTS, type ShopConfigWire } from '@kade/shared';
import { ApiError, call } from './api-client';
import { takeBoot } from './boot';

/**
 * Reads the store's run-time settings (and whether this browser is inside the app shell): from the page the
 * server sent when it carries them (and the page came from the network, not the offline cache), else asked. With
 * no network, the settings written into the cached page (issue 37 item 5: the shop still opens offline).
 */
export async function loadShopConfig(): Promise<ShopConfigWire> {
  const written = takeBoot('config');
  if (written && fromNetwork()) return written;
  try {
    const answer = await call(ENDPOINTS.shop.config);
    return answer.data;
  } catch (error) {
    if (written && error instanceof ApiError && error.code === 'NETWORK') return written;
    throw error;
  }
}

/**
 * Whether this page came from the server just now. The service worker answers a navigation from its cache
 * only when the network fails; such a page's settings (opening state, server time) are old, so they are
 * asked for again.
 */
function fromNetwork(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export const ShopConfigContext = createContext<ShopConfigWire | null>(null);

/** The store's settings; the app renders only once they are known. */
export function useShopConfig(): ShopConfigWire {
  const config = useContext(ShopConfigContext);
  if (!config) throw new Error('useShopConfig needs the ShopConfigContext provider');
  return config;
}
