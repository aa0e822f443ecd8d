import { createContext, useContext } from 'react';
import type { ShopConfigWire } from '@kade/shared';
import { api } from './api-client';

/** Reads the store's run-time settings (and whether this browser is inside the app shell). */
export async function loadShopConfig(): Promise<ShopConfigWire> {
  const answer = await api<ShopConfigWire>('GET', '/api/shop/config');
  return answer.data;
}

export const ShopConfigContext = createContext<ShopConfigWire | null>(null);

/** The store's settings; the app renders only once they are known. */
export function useShopConfig(): ShopConfigWire {
  const config = useContext(ShopConfigContext);
  if (!config) throw new Error('useShopConfig needs the ShopConfigContext provider');
  return config;
}
