import { counterHeartbeatSchema } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import type { CounterService } from './service';

/** The counter apps report themselves (staff accounts are admins); admins list them. */
export function counterRoutes({ counters }: { counters: CounterService }): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/api/counters/heartbeat',
      access: 'counters.use',
      body: counterHeartbeatSchema,
      handler: async ({ user, body }) => ({ data: await counters.heartbeat(user!.id, body) }),
    }),
    route({
      method: 'get',
      path: '/api/counters',
      access: 'counters.use',
      handler: async () => ({ data: await counters.list() }),
    }),
  ];
}
