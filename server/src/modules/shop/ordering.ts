// Whether the shop takes orders now (issue 19): busy mode, the delivery options' capacities and whether anyone
// would see a new order. The rules are shared/src/ordering.ts; this module reads what they need in one statement,
// keeps the pause and the capacities, and, inside an order's transaction, refuses what the rules refuse. The
// capacity check locks the option's row, so concurrent orders for its last places serialise and exactly the
// capacity is placed.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  DELIVERY_OPTION_LABELS,
  OPEN_ORDER_STATUSES,
  orderingForShoppers,
  orderingState,
  orderRefusal,
  type CapacityInput,
  type OrderingState,
  type PauseInput,
  type PauseState,
} from '@kade/shared';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../../http/route';
import type { ShopEvents } from '../realtime/events';
import { toCount, type Db } from '../../db/database';
import { statementRows, type StatementRunner } from '../../db/prepared';


interface StateRow {
  pause: { pause_scope: 'all' | 'fastest' | null; pause_until: string | Date | null; paused_by: string | null } | null;
  last_seen: string | Date | null;
  slots: Array<{ label: string; capacity: number | null; open: number | string }> | null;
}

const OPEN_LIST = OPEN_ORDER_STATUSES.map(() => '?').join(', ');

/**
 * Everything the rules need, in one statement: the pause (and who set it), the last time a counter or staff
 * dashboard was seen, and each option's capacity with its open orders.
 */
const STATE_SQL = `select
  (select row_to_json(p) from (select s.pause_scope, s.pause_until, u.name as paused_by from store_state s left join users u on u.id = s.paused_by where s.id = 1) p) as pause,
  greatest((select max(last_seen_at) from counters), (select max(seen_at) from staff_presence)) as last_seen,
  (select json_agg(json_build_object('label', d.label, 'capacity', d.capacity, 'open', coalesce(c.open, 0)))
     from delivery_slots d
     left join (select delivery_option, count(*) as open from orders where status in (${OPEN_LIST}) group by delivery_option) c on c.delivery_option = d.label) as slots`;

const EMPTY_STATE: StateRow = { pause: null, last_seen: null, slots: [] };

/** The state row, on whatever runs the statement (the pool, a knex transaction, the order's own transaction). */
async function readState(tx: Pick<StatementRunner, 'rows'>): Promise<StateRow> {
  const [row] = await tx.rows<StateRow>(STATE_SQL, [...OPEN_ORDER_STATUSES]);
  return row ?? EMPTY_STATE;
}

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/** What an order's placement needs to know, read inside its first statement (orders/place-sql.ts). */
export interface OrderingGate {
  pause_scope: 'all' | 'fastest' | null;
  pause_until: string | Date | null;
  last_seen: string | Date | null;
  /** The chosen option's capacity, or null: unlimited. */
  capacity: number | null;
}

/** A scalar subquery answering an `OrderingGate` as json, for the option bound at its one `?`. */
export const ORDERING_GATE_SQL = `select row_to_json(g) from (select s.pause_scope, s.pause_until,
    greatest((select max(last_seen_at) from counters), (select max(seen_at) from staff_presence)) as last_seen,
    (select d.capacity from delivery_slots d where d.label = ?) as capacity
  from store_state s where s.id = 1) g`;

export function createOrderingService(deps: { db: Knex; config: Config; clock: Clock; events: ShopEvents; logger?: { warn(obj: object, msg: string): void } }) {
  const { db, config, clock } = deps;
  let resumeTimer: NodeJS.Timeout | undefined;

  /** Tells every screen the state as it now is (after the change has committed). Never fails the caller. */
  const tell = (): void => {
    void readRow(db).then(
      (row) => {
        const state = stateFrom(row, clock.now());
        deps.events.shopOrdering(state, orderingForShoppers(state));
      },
      (error: unknown) => deps.logger?.warn({ err: error }, 'could not read the ordering state to announce it'),
    );
  };

  function stateFrom(row: StateRow, now: Date, overrideOpen?: { label: string; open: number }): OrderingState {
    const pause: PauseState | null = row.pause?.pause_scope ? { scope: row.pause.pause_scope, until: iso(row.pause.pause_until), by: row.pause.paused_by } : null;
    const slots: Record<string, { capacity: number | null; openOrders: number }> = {};
    for (const slot of row.slots ?? []) slots[slot.label] = { capacity: slot.capacity, openOrders: Number(slot.open) };
    if (overrideOpen && slots[overrideOpen.label]) slots[overrideOpen.label]!.openOrders = overrideOpen.open;
    return orderingState({
      now,
      timeZone: config.shop.timeZone,
      shopHours: config.shop.shopHours,
      requireAttended: config.requireAttended,
      lastAttendedAt: iso(row.last_seen),
      pause,
      slots,
    });
  }

  async function readRow(trx: Db): Promise<StateRow> {
    return readState({ rows: (sql, values) => statementRows(trx, sql, values) });
  }

  /** When a timed pause ends, every screen is told (the state itself ends the pause by its time either way). */
  function scheduleResumeNotice(until: Date | null): void {
    if (resumeTimer) clearTimeout(resumeTimer);
    resumeTimer = undefined;
    if (!until) return;
    const wait = until.getTime() - clock.now().getTime();
    if (wait <= 0 || wait > 24 * 3600_000) return;
    resumeTimer = setTimeout(tell, wait + 50);
    resumeTimer.unref();
  }

  return {
    /** The state as GET /api/shop/config answers it. */
    async state(trx: Db = db): Promise<OrderingState> {
      return stateFrom(await readRow(trx), clock.now());
    },

    /**
     * Inside an order's transaction, with what its first statement read (the gate): refuses the order (409 with the
     * rule's code and words) when the shop or the chosen option takes no orders now. An option with a capacity is
     * locked and its open orders counted after the lock (a statement of its own, so orders committed by whoever
     * held the lock are seen): concurrent orders for its last places serialise, and exactly the capacity is placed.
     * Answers whether the option has a capacity (the caller announces the new state after its commit).
     */
    async admit(tx: StatementRunner, option: string, gate: OrderingGate | null): Promise<boolean> {
      const now = clock.now();
      let openOrders = 0;
      if (gate && gate.capacity !== null) {
        await tx.rows('select label from delivery_slots where label = ? for update', [option]);
        const [counted] = await tx.rows<{ count: string | number }>(`select count(*) as count from orders where delivery_option = ? and status in (${OPEN_LIST})`, [option, ...OPEN_ORDER_STATUSES]);
        openOrders = toCount(counted?.count);
      }
      const row: StateRow = {
        pause: gate?.pause_scope ? { pause_scope: gate.pause_scope, pause_until: gate.pause_until, paused_by: null } : null,
        last_seen: gate?.last_seen ?? null,
        slots: [{ label: option, capacity: gate?.capacity ?? null, open: openOrders }],
      };
      let refusal = orderRefusal(stateFrom(row, now), option);
      // A refused option suggests another, which needs every option's state: read once, only when refused.
      if (refusal?.code.startsWith('OPTION_')) {
        refusal = orderRefusal(stateFrom(await readState(tx), now, { label: option, open: openOrders }), option) ?? refusal;
      }
      if (refusal) {
        throw new AppError(refusal.code, refusal.message, {
          ...(refusal.code.startsWith('OPTION_') ? { field: 'Choose' } : {}),
          details: { until: refusal.until, suggestion: refusal.suggestion },
        });
      }
      return gate !== null && gate.capacity !== null;
    },

    /** Tells every screen the state as it now is (after a commit that may have changed it). */
    announce(): void {
      tell();
    },

    /** Busy mode: pause all ordering or only the fastest option, for some minutes or until resumed. */
    async pause(actor: AuthUser, input: PauseInput): Promise<OrderingState> {
      const now = clock.now();
      const until = input.minutes === null ? null : new Date(now.getTime() + input.minutes * 60_000);
      await db('store_state').where({ id: 1 }).update({ pause_scope: input.scope, pause_until: until, paused_by: actor.id, paused_at: now });
      scheduleResumeNotice(until);
      tell();
      return this.state();
    },

    async resume(): Promise<OrderingState> {
      await db('store_state').where({ id: 1 }).update({ pause_scope: null, pause_until: null, paused_by: null, paused_at: null });
      scheduleResumeNotice(null);
      tell();
      return this.state();
    },

    async capacities(): Promise<{ capacities: Record<string, number | null> }> {
      const rows = await db('delivery_slots').select<Array<{ label: string; capacity: number | null }>>('label', 'capacity');
      const capacities: Record<string, number | null> = {};
      for (const label of DELIVERY_OPTION_LABELS) capacities[label] = rows.find((r) => r.label === label)?.capacity ?? null;
      return { capacities };
    },

    /** Sets the capacities named (others stay as they are). */
    async setCapacities(input: CapacityInput): Promise<{ capacities: Record<string, number | null> }> {
      await db.transaction(async (trx) => {
        for (const [label, capacity] of Object.entries(input.capacities)) {
          await trx('delivery_slots').insert({ label, capacity: capacity ?? null }).onConflict('label').merge(['capacity']);
        }
      });
      tell();
      return this.capacities();
    },

    /**
     * After an order was placed or moved: when its option has a capacity, its filling or freeing may change what
     * shoppers can choose, so every screen is told. Options without one cost nothing here.
     */
    async afterOrderChange(option: string): Promise<void> {
      const slot = await db('delivery_slots').where({ label: option }).first<{ capacity: number | null } | undefined>('capacity');
      if (slot && slot.capacity !== null) tell();
    },

    close(): void {
      if (resumeTimer) clearTimeout(resumeTimer);
    },
  };
}

export type OrderingService = ReturnType<typeof createOrderingService>;

/** A name for this server process in `staff_presence`. */
export const INSTANCE_ID = randomUUID();

/**
 * This instance has a staff dashboard or counter connected now: the shop counts as attended for the next
 * ATTENDED_WITHIN_SECONDS (the socket server records it on each such connection and every 20 seconds while one is).
 */
export async function recordPresence(db: Knex, now: Date, instanceId = INSTANCE_ID): Promise<void> {
  await db('staff_presence').insert({ instance_id: instanceId, seen_at: now }).onConflict('instance_id').merge(['seen_at']);
}
