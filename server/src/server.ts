import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrateLatest } from './db/migrate';
import { createApp } from './app';
import { systemClock, type Clock } from './clock';
import { createLogger, type Logger } from './logger';
import type { SeedReport } from './seed/run';
import { catalogueChangesOf, type CatalogueChanges } from './modules/catalog/catalogue-changes';
import { lateBoundEvents } from './modules/realtime/events';
import { attachRealtime, type Realtime } from './modules/realtime/socket';
import { pruneRateLimits } from './http/rate-limit';

/** How often old rate-limit counters are forgotten (off the request path). */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * How often proposals whose countdown ran out are settled (issue 33): one indexed read of the due ones when there
 * are none, so every instance sweeps; a shopper's countdown ends on their screen within this of the server's.
 */
const SETTLE_EVERY_MS = 1000;

export interface RunningServer {
  realtime: Realtime;
  url: string;
  port: number;
  db: Database;
  logger: Logger;
  seed: SeedReport | undefined;
  /** How many password checks this instance has been asked for (see PasswordHasher.checks). */
  passwordChecks(): number;
  /** One sweep of the substitute proposals due by the clock, after any sweep under way (tests drive it with their clock). */
  settleSubstitutions(): Promise<number>;
  /** Writes the EXPIRE entries of the credit lots past their expiry (issue 35): what the sweep does every PRUNE_EVERY_MS. */
  expireCredit(): Promise<number>;
  /**
   * The in-memory read model (search-index.ts): whether it answers now, and once every change heard is in it;
   * `hearing(false)` as when its notices stop (PostgreSQL answers until `hearing(true)` has it read everything again).
   */
  searchIndex: {
    ready(): boolean;
    settled(): Promise<void>;
    /** Runs a write made outside the API (a script, a restore) and resolves once its notice is in the read model. */
    written<T>(write: () => Promise<T>): Promise<T>;
    hearing(live: boolean): void;
    answers(): { kept: number; hits: number };
  };
  /** The fast lane's answers kept as bytes (http/kept-answers.ts): how many and how large now, and answers sent from them so far. */
  keptAnswers(): { kept: number; bytes: number; hits: number };
  close(): Promise<void>;
}

function version(): string {
  try {
    return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/**
 * Opens the database, migrates, seeds once, and listens. `close()` stops taking connections, lets the
 * requests in flight finish, then closes the database: what SIGTERM calls.
 */
export async function startServer(
  config: Config,
  options: {
    logger?: Logger;
    clock?: Clock;
    db?: Database;
    seed?: boolean;
    /** How often due substitute proposals are settled (SETTLE_EVERY_MS); 0: never by itself (a test sweeps with settleSubstitutions). */
    settleEveryMs?: number;
  } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const db = options.db ?? (await openDatabase(config));
  let catalogueChanges: CatalogueChanges | undefined;
  try {
    const applied = await migrateLatest(db);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    // The seed (catalogue data and image rendering) is loaded only when it may run.
    const seeding = options.seed ?? config.seedDemo;
    const seed = seeding ? await (await import('./seed/run')).seedIfEmpty(db, config, logger) : undefined;
    if (!seeding) await (await import('./seed/run')).ensureFirstAdmin(db, config, logger);

    const events = lateBoundEvents();
    // The health route is built before the socket server exists: it asks through this holder.
    const live: { realtime?: Realtime } = {};
    const redisState = () => live.realtime?.redisState() ?? (config.redisUrl ? 'down' : 'off');
    // Categories are served from memory while this instance hears of every change to them (catalogue-changes.ts).
    catalogueChanges = await catalogueChangesOf(db, logger);
    const { listener, services } = createApp({ config, db, logger, clock, version: version(), events, redisState, catalogueChanges });
    const server = http.createServer(listener);
    const realtime = await attachRealtime(server, { db: db.knex, config, clock, logger, onAttendance: () => services.ordering.announce() });
    live.realtime = realtime;
    events.attach(realtime.events);
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    // Rate-limit counters live in the database (shared by every instance); the ended ones are dropped now and then.
    // Credit past its expiry gets its EXPIRE entry (the ledger and the day report show it); it is never spent
    // meanwhile, since the balance leaves expired lots out. Every instance may sweep: each lot expires once.
    const expireCredit = async (): Promise<number> => {
      let expired = 0;
      for (let batch = await services.ledger.expireDue(); batch > 0; batch = await services.ledger.expireDue()) expired += batch;
      return expired;
    };
    const housekeeping = () => {
      pruneRateLimits(db.knex, clock).catch((error: unknown) => logger.warn({ err: error }, 'could not prune old rate-limit counters'));
      expireCredit().catch((error: unknown) => logger.warn({ err: error }, 'could not expire the credit due'));
    };
    const pruning = setInterval(housekeeping, PRUNE_EVERY_MS);
    pruning.unref();
    // Substitute proposals whose countdown ran out are settled without the shopper (orders/moves.ts settleDue). The
    // sweeps of this instance run one after another (a sweep asked for while one runs waits for it); other instances
    // skip the orders this one holds.
    const settleOnce = () =>
      services.orders.settleDueSubstitutions((error, orderId) => logger.warn({ err: error, orderId }, 'could not settle the substitutes of an order'));
    let sweeping: Promise<number> | undefined;
    const sweep = (): Promise<number> => {
      const current: Promise<number> = (sweeping ?? Promise.resolve(0))
        .catch(() => 0)
        .then(settleOnce)
        .finally(() => {
          if (sweeping === current) sweeping = undefined;
        });
      sweeping = current;
      return current;
    };
    const settleEveryMs = options.settleEveryMs ?? SETTLE_EVERY_MS;
    const settling =
      settleEveryMs > 0
        ? setInterval(() => {
            if (!sweeping) sweep().catch((error: unknown) => logger.warn({ err: error }, 'could not sweep the substitutes due'));
          }, settleEveryMs)
        : undefined;
    settling?.unref();
    let closing: Promise<void> | undefined;
    return {
      realtime,
      url: `http://${shownHost}:${port}`,
      port,
      db,
      logger,
      seed,
      passwordChecks: () => services.passwords.checks(),
      settleSubstitutions: sweep,
      expireCredit,
      searchIndex: {
        ready: () => services.catalog.searchIndex?.ready() ?? false,
        settled: async () => services.catalog.searchIndex?.settled(),
        written: async (write) => (services.catalog.searchIndex ? services.catalog.searchIndex.written(write) : write()),
        hearing: (live) => services.catalog.searchIndex?.hearing(live),
        answers: () => services.catalog.searchIndex?.answers() ?? { kept: 0, hits: 0 },
      },
      keptAnswers: () => services.catalog.keptAnswers?.stats() ?? { kept: 0, bytes: 0, hits: 0 },
      close: () =>
        (closing ??= (async () => {
          clearInterval(pruning);
          clearInterval(settling);
          await sweeping?.catch(() => undefined);
          services.images.close();
          await services.passwords.close();
          services.ordering.close();
          services.catalog.searchIndex?.close();
          await realtime.close();
          await catalogueChanges?.close();
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), 5000).unref();
          });
          if (!options.db) await db.close();
        })()),
    };
  } catch (error) {
    await catalogueChanges?.close();
    if (!options.db) await db.close().catch(() => undefined);
    throw error;
  }
}
