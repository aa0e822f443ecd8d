// The endpoints of the store itself: its health, its public settings, pausing orders and the capacities.
import type { ShopConfigWire } from '../api';
import type { OrderingState } from '../ordering';
import type { CapacitiesWire, HealthWire } from './answers';
import { answer, endpoint } from './define';

export const health = {
  /** 503 when the database does not answer. */
  check: endpoint({ method: 'get', path: '/api/health', access: 'public', answer: answer<HealthWire>() }),
};

export const shop = {
  config: endpoint({ method: 'get', path: '/api/shop/config', access: 'public', answer: answer<ShopConfigWire>() }),
  pause: endpoint({ method: 'put', path: '/api/shop/pause', access: 'store.pause', body: 'pauseSchema', answer: answer<OrderingState>() }),
  resume: endpoint({ method: 'put', path: '/api/shop/resume', access: 'store.pause', answer: answer<OrderingState>() }),
  store: endpoint({ method: 'get', path: '/api/shop/store', access: 'store.manage', answer: answer<CapacitiesWire>() }),
  setCapacities: endpoint({ method: 'put', path: '/api/shop/capacity', access: 'store.manage', body: 'capacitySchema', answer: answer<CapacitiesWire>() }),
};
