// The store screen's calls: the capacities per delivery option, and pausing or resuming orders.
import { ENDPOINTS, type BodyOf } from '@kade/shared';
import { call } from '../../../../lib/api-client';

const { shop } = ENDPOINTS;

export const storeApi = {
  capacities: () => call(shop.store),
  setCapacities: (body: BodyOf<typeof shop.setCapacities>) => call(shop.setCapacities, { body }),
  pause: (body: BodyOf<typeof shop.pause>) => call(shop.pause, { body }),
  resume: () => call(shop.resume, { body: {} }),
};
