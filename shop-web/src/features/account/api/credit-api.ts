// The shopper's store credit (issue 35): balance and ledger.
import { ENDPOINTS } from '@kade/shared';
import { call } from '../../../lib/api-client';

export const creditApi = {
  mine: () => call(ENDPOINTS.credit.mine),
};
