// The admins' accounts screen: a page of accounts, creating one, and changing an account's role or status.
import { ENDPOINTS, type BodyOf, type QueryOf } from '@kade/shared';
import { call } from '../../../../lib/api-client';

const { users } = ENDPOINTS;

export const usersApi = {
  list: (query: QueryOf<typeof users.list>) => call(users.list, { query }),
  create: (body: BodyOf<typeof users.create>) => call(users.create, { body }),
  setRole: (body: BodyOf<typeof users.setRole>) => call(users.setRole, { body }),
  setStatus: (body: BodyOf<typeof users.setStatus>) => call(users.setStatus, { body }),
};
