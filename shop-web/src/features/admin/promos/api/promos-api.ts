// Promo codes (issue 35): list, create and delete, for admins.
import { ENDPOINTS, type PromoCreateInput } from '@kade/shared';
import { call } from '../../../../lib/api-client';

export const promosApi = {
  list: () => call(ENDPOINTS.promoCodes.list),
  create: (body: PromoCreateInput) => call(ENDPOINTS.promoCodes.create, { body }),
  remove: (_id: string) => call(ENDPOINTS.promoCodes.remove, { body: { _id } }),
};
