import type { Knex } from 'knex';
import type { Database } from './database';
import { MIGRATIONS } from './migrations/index';

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => MIGRATIONS.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const found = MIGRATIONS.find(([n]) => n === name);
    if (!found) throw new Error(`Unknown migration ${name}`);
    return found[1];
  },
};

const config = { migrationSource: source };
const MIGRATION_LOCK_ID = 727_101; // any constant shared by every instance of this app

/**
 * Brings the schema up to date. Each migration runs in its own transaction, so a start killed halfway
 * leaves the database at the last completed migration and the next start carries on from there.
 *
 * knex's own lock row would stay set after a kill and block every later start, so we guard with a lock
 * that dies with its holder instead: on PostgreSQL a transaction-scoped advisory lock (several instances
 * starting at once wait for each other); PGlite has a single process and a single connection.
 */
export async function migrateLatest(db: Database): Promise<string[]> {
  const run = async () => {
    await db.knex.migrate.forceFreeMigrationsLock(config);
    const [, applied] = (await db.knex.migrate.latest(config)) as [number, string[]];
    return applied;
  };
  if (db.kind === 'pglite') return run();
  return db.knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_ID]);
    return run();
  });
}

/** Names of the migrations not yet applied. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const [, pending] = (await db.knex.migrate.list(config)) as [unknown[], Array<{ file: string } | string>];
  return pending.map((p) => (typeof p === 'string' ? p : p.file));
}

export async function rollbackAll(db: Database): Promise<void> {
  await db.knex.migrate.rollback(config, true);
}
