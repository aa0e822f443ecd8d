import { ENDPOINTS } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import type { CounterService } from './service';

/** The counter apps report themselves (staff accounts are admins); admins list them. */
export function counterRoutes({ counters }: { counters: CounterService }): RouteSpec[] {
  return [
    route(ENDPOINTS.counters.heartbeat, async ({ user, body }) => ({ data: await counters.heartbeat(user!.id, body) })),
    route(ENDPOINTS.counters.list, async () => ({ data: await counters.list() })),
  ];
}
