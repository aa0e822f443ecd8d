import { ENDPOINTS, type ReadModelState } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import type { Database } from '../../db/database';
import type { RedisState } from '../realtime/socket';

/**
 * GET /api/health: the database kind and whether it answers (503 when it does not: this instance cannot
 * serve), and whether the Redis that carries live events across instances answers. Redis down is
 * `degraded` but still 200: the shop keeps serving and a load balancer must keep sending it requests.
 * `readModel` (issue 37): whether this instance's catalogue read model answers (`ready`), is being built
 * (`building`) or does not hear the notices (`off`); PostgreSQL answers while it is not ready, so it never
 * makes the status degraded. A benchmark or a deploy may wait for `ready` before sending load.
 */
export function healthRoutes(deps: { db: Database; startedAt: Date; version: string; redisState: () => RedisState; readModel: () => ReadModelState }): RouteSpec[] {
  return [
    route(ENDPOINTS.health.check, async ({ ctx }) => {
      const reachable = await deps.db.ping();
      const redis = deps.redisState();
      const data = {
        status: reachable && redis !== 'down' ? 'ok' : 'degraded',
        version: deps.version,
        uptimeSeconds: Math.round((Date.now() - deps.startedAt.getTime()) / 1000),
        database: { kind: deps.db.kind, reachable },
        redis: { configured: redis !== 'off', reachable: redis === 'up' },
        readModel: deps.readModel(),
      };
      ctx.set('Cache-Control', 'no-store');
      const message = !reachable ? 'The database is not answering.' : redis === 'down' ? 'Redis is not answering: live events stay on this instance.' : 'ok';
      return { data, status: reachable ? 200 : 503, message };
    }),
  ];
}
