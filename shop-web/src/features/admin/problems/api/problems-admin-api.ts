// The store's side of problem reports (issue 35): the reports in one state, the decision on one, and a cash refund paid.
import { ENDPOINTS, type ProblemDecideInput, type ProblemPaidInput, type ProblemStatus } from '@kade/shared';
import { call } from '../../../../lib/api-client';

export const problemsAdminApi = {
  list: (status: ProblemStatus) => call(ENDPOINTS.problems.list, { query: { status } }),
  decide: (body: ProblemDecideInput) => call(ENDPOINTS.problems.decide, { body }),
  paid: (body: ProblemPaidInput) => call(ENDPOINTS.problems.paid, { body }),
};
