import { route, type RouteSpec } from '../../http/route';
import type { Database } from '../../db/database';

/** GET /api/health: the database kind and whether it answers. 503 when it does not. */
export function healthRoutes(deps: { db: Database; startedAt: Date; version: string }): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/api/health',
      access: 'public',
      handler: async ({ ctx }) => {
        const reachable = await deps.db.ping();
        const data = {
          status: reachable ? 'ok' : 'degraded',
          version: deps.version,
          uptimeSeconds: Math.round((Date.now() - deps.startedAt.getTime()) / 1000),
          database: { kind: deps.db.kind, reachable },
        };
        ctx.set('Cache-Control', 'no-store');
        return { data, status: reachable ? 200 : 503, message: reachable ? 'ok' : 'The database is not answering.' };
      },
    }),
  ];
}
