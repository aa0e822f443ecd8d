// The store's side of problem reports (issue 35): the reports in one state, and the decision on one.
import { ENDPOINTS, type ProblemDecideInput, type ProblemStatus } from '@kade/shared';
import { call } from '../../../../lib/api-client';

export const problemsAdminApi = {
  list: (status: ProblemStatus) => call(ENDPOINTS.problems.list, { query: { status } }),
  decide: (body: ProblemDecideInput) => call(ENDPOINTS.problems.decide, { body }),
};
