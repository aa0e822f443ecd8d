// The shopper's saved addresses: list, save (new or changed) and remove.
import { ENDPOINTS, type BodyOf } from '@kade/shared';
import { call } from '../../../lib/api-client';

const { addresses } = ENDPOINTS;

export const addressesApi = {
  listOwn: () => call(addresses.listOwn),
  create: (body: BodyOf<typeof addresses.create>) => call(addresses.create, { body }),
  update: (body: BodyOf<typeof addresses.update>) => call(addresses.update, { body }),
  disable: (id: string) => call(addresses.disable, { body: { _id: id } }),
};
