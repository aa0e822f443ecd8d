// A shopper's problem reports (issue 35): the photo's upload, the report, and the reports already sent on an order.
import { ENDPOINTS, type ProblemCreateInput } from '@kade/shared';
import { call } from '../../../lib/api-client';

export const problemsApi = {
  /** POST /api/orders/problems/photo (form field `image`): the stored photo's address, to send in `photos`. */
  async photo(file: File): Promise<string> {
    const form = new FormData();
    form.append(ENDPOINTS.problems.photo.upload, file, file.name);
    return (await call(ENDPOINTS.problems.photo, { body: form })).data.url;
  },
  report: (body: ProblemCreateInput) => call(ENDPOINTS.problems.report, { body }),
  mine: (orderId: string) => call(ENDPOINTS.problems.mine, { query: { orderId } }),
};
