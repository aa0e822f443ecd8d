import type { Knex } from 'knex';
import { COUNTER_ONLINE_SECONDS, type CounterHeartbeatInput } from '@kade/shared';
import type { Clock } from '../../clock';

interface CounterRow {
  id: string;
  name: string;
  user_id: string | null;
  user_name: string | null;
  printer_state: string;
  printer_error: string | null;
  queued_jobs: number;
  app_version: string;
  printer_seen_at: Date | null;
  last_seen_at: Date;
}

/** The counters' heartbeat: each counter app reports itself and its printer; admins see who is online. */
export function createCounterService({ db, clock }: { db: Knex; clock: Clock }) {
  function toWire(row: CounterRow) {
    const now = clock.now().getTime();
    const online = now - new Date(row.last_seen_at).getTime() <= COUNTER_ONLINE_SECONDS * 1000;
    return {
      _id: row.id,
      name: row.name,
      staff: row.user_name,
      online,
      printer: online ? row.printer_state : 'unknown',
      printerError: row.printer_error,
      queued: row.queued_jobs,
      appVersion: row.app_version,
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
      printerSeenAt: row.printer_seen_at ? new Date(row.printer_seen_at).toISOString() : null,
    };
  }

  async function list() {
    const rows = await db('counters as c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .orderBy('c.name')
      .select<CounterRow[]>('c.*', 'u.name as user_name');
    return rows.map(toWire);
  }

  return {
    list,

    async heartbeat(userId: string, input: CounterHeartbeatInput) {
      const now = clock.now();
      const row = {
        id: input.counterId,
        name: input.name,
        user_id: userId,
        printer_state: input.printer,
        printer_error: input.printerError || null,
        queued_jobs: input.queued,
        app_version: input.appVersion ?? '',
        last_seen_at: now,
        ...(input.printer === 'connected' ? { printer_seen_at: now } : {}),
      };
      await db('counters').insert(row).onConflict('id').merge();
      const counters = await list();
      return counters.find((c) => c._id === input.counterId);
    },
  };
}

export type CounterService = ReturnType<typeof createCounterService>;
