// `npm run db:migrate`: brings the database of DATABASE_URL (or the embedded one in DATA_DIR) up to date and
// says what it applied. Safe while servers run: migrations take a PostgreSQL advisory lock, so servers
// starting at the same moment wait for it (each server also migrates when it starts).
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateLatest } from '../db/migrate';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const applied = await migrateLatest(db);
    console.log(applied.length === 0 ? 'The database is up to date.' : `Applied ${applied.length} migration(s): ${applied.join(', ')}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Migration failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
