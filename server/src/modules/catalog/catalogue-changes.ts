// Which catalogue lists an instance may serve from memory, and when to drop them. Categories and sub-categories
// are read on every page and change a few times a year: each instance keeps them in memory (category-service.ts)
// and drops them when they change anywhere. A trigger on their tables (migration 20261126100000) sends
// `NOTIFY kade_catalogue` with every change, which PostgreSQL delivers at commit to every instance's LISTEN:
// PostgreSQL rather than Redis because the notice is part of the change's own transaction, so neither a writer
// that dies after its commit nor a change made outside the API (a script, a restore) leaves an instance stale,
// and it needs no Redis. While an instance's LISTEN connection is down it serves those lists from the database,
// and it drops its copies again once it is back (it may have missed a notice meanwhile).
// The embedded database (PGlite) has one session, shared by every server built on it in one process (tests run
// two): its LISTEN is a callback on that session.
import pg from 'pg';
import type { Database } from '../../db/database';
import type { Logger } from '../../logger';

export const CATALOGUE_CHANNEL = 'kade_catalogue';
/**
 * A product's row, links or stock changed (migration 20261207060000): `p <id>` or `s <id> <stock>`, heard by every
 * instance's search index (search-index.ts) on the same LISTEN connection.
 */
export const PRODUCT_CHANNEL = 'kade_products';
/** The LISTEN connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'kade-catalogue-listen';

/** Why the copies must go: the lists changed (here or elsewhere), or the notices stopped or came back. */
export type CatalogueChange = 'lists' | 'hearing';

export interface CatalogueChanges {
  /** Whether the copies may be used: changes made anywhere reach this instance now. */
  live(): boolean;
  /** Called whenever the copies must go (a change here or elsewhere: 'lists'; the listener lost or back: 'hearing'). */
  onChange(listener: (why: CatalogueChange) => void): void;
  /**
   * Runs a write to the lists. Its copies here go when it ends, done or not; once it is done, this waits (at
   * most NOTICE_WAIT_MS) for the notice of a change after it started to come back to this instance's LISTEN,
   * so that when the write answers, the database has told every listening instance too.
   */
  change<T>(write: () => Promise<T>): Promise<T>;
  /** Called with the payload of every notice of PRODUCT_CHANNEL (none when nobody else changes products). */
  onProductNotice(listener: (payload: string) => void): void;
  close(): Promise<void>;
}

/** How long a write waits for its own change's notice: bounded, since a notice can be lost with its connection. */
export const NOTICE_WAIT_MS = 2000;

/** The callbacks to drop the copies, and the notices heard so far (a count, for writes waiting on theirs). */
function listeners(live: () => boolean) {
  const all: Array<(why: CatalogueChange) => void> = [];
  const products: Array<(payload: string) => void> = [];
  let heard = 0;
  let waiting: Array<() => void> = [];
  const fire = (why: CatalogueChange) => {
    for (const listener of all) listener(why);
  };
  return {
    add: (listener: (why: CatalogueChange) => void) => void all.push(listener),
    fire,
    addProduct: (listener: (payload: string) => void) => void products.push(listener),
    /** A notice of PRODUCT_CHANNEL arrived. */
    product: (payload: string) => {
      for (const listener of products) listener(payload);
    },
    /** A notice arrived from the database. */
    notice: () => {
      heard += 1;
      fire('lists');
      const done = waiting;
      waiting = [];
      for (const resolve of done) resolve();
    },
    change: async <T>(write: () => Promise<T>): Promise<T> => {
      const before = heard;
      let result: T;
      try {
        result = await write();
      } finally {
        fire('lists');
      }
      const deadline = Date.now() + NOTICE_WAIT_MS;
      while (live() && heard === before && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, Math.max(1, deadline - Date.now())).unref();
        });
      }
      return result;
    },
  };
}

/** Nobody else changes the lists (an app built on its own in a test): its own writes are every change. */
export function localCatalogueChanges(): CatalogueChanges {
  const changes = listeners(() => false); // nobody to hear from: a write never waits
  return { live: () => true, onChange: changes.add, change: changes.change, onProductNotice: changes.addProduct, close: async () => undefined };
}

/** The notices of the database this server runs on: LISTEN on PostgreSQL, the session's callback on PGlite. */
export async function catalogueChangesOf(db: Database, logger: Logger): Promise<CatalogueChanges> {
  if (db.kind === 'postgres' && db.url) return listenForCatalogueChanges(db.url, logger);
  if (db.listen) {
    let live = false;
    const changes = listeners(() => live);
    let stop: (() => Promise<void>) | undefined;
    let stopProducts: (() => Promise<void>) | undefined;
    try {
      stop = await db.listen(CATALOGUE_CHANNEL, changes.notice);
      stopProducts = await db.listen(PRODUCT_CHANNEL, changes.product);
      live = true;
    } catch (error) {
      logger.warn({ err: error }, 'cannot listen for catalogue changes: categories are read from the database every time');
    }
    return {
      live: () => live,
      onChange: changes.add,
      change: changes.change,
      onProductNotice: changes.addProduct,
      close: async () => {
        live = false;
        await stop?.().catch(() => undefined);
        await stopProducts?.().catch(() => undefined);
      },
    };
  }
  return localCatalogueChanges();
}

/**
 * LISTEN on a connection of its own (not from the pool: a pooled connection is handed to other queries), with
 * a ping every `pingMs` so that a connection that died quietly is noticed, and a new connection after a loss
 * (retried every `retryMs`, doubling to 30 s). Resolves once the first LISTEN answered or failed; until one
 * succeeds the instance reads the lists from the database.
 */
export async function listenForCatalogueChanges(
  url: string,
  logger: Logger,
  options: { pingMs?: number; retryMs?: number } = {},
): Promise<CatalogueChanges> {
  const pingMs = options.pingMs ?? 15_000;
  const firstRetryMs = options.retryMs ?? 1000;
  let listening = false;
  const changes = listeners(() => listening);
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = firstRetryMs;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;

  const lost = (current: pg.Client, error?: unknown) => {
    if (client !== current) return;
    client = undefined;
    clearInterval(ping);
    if (listening) logger.warn({ err: error }, 'lost the catalogue change notices: reading categories from the database until they are back');
    listening = false;
    changes.fire('hearing');
    current.end().catch(() => undefined);
    if (closed) return;
    retry = setTimeout(() => void connect(), retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  async function connect(): Promise<void> {
    const current = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true, application_name: LISTENER_NAME });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) changes.notice();
      else if (message.channel === PRODUCT_CHANNEL) changes.product(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`listen ${CATALOGUE_CHANNEL}; listen ${PRODUCT_CHANNEL}`);
      if (client !== current || closed) return;
      listening = true;
      retryMs = firstRetryMs;
      // Anything may have changed while nobody listened.
      changes.fire('hearing');
      ping = setInterval(() => {
        current.query('select 1').catch((error: unknown) => lost(current, error));
      }, pingMs);
      ping.unref();
    } catch (error) {
      lost(current, error);
    }
  }

  await connect();
  return {
    live: () => listening,
    onChange: changes.add,
    change: changes.change,
    onProductNotice: changes.addProduct,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      listening = false;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
