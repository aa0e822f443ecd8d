// The admins' addresses screen: every saved address, and changing one.
import { ENDPOINTS, type BodyOf } from '@kade/shared';
import { call } from '../../../../lib/api-client';

export const adminAddressesApi = {
  listAll: () => call(ENDPOINTS.addresses.listAll),
  update: (body: BodyOf<typeof ENDPOINTS.addresses.update>) => call(ENDPOINTS.addresses.update, { body }),
};
