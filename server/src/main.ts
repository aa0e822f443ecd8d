import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { watchProcess } from './process-guards';
import { startServer } from './server';

/**
 * A full garbage collection runs once the old generation has grown half again past what the last one kept. V8
 * allows up to 4x on a machine whose heap limit is 2 GB or more (any server with 8 GB of memory): the shop keeps
 * 30-40 MB alive, and the short-lived objects that 50 requests in flight push into the old generation piled up to
 * 100 MB of garbage before the next collection (RSS peaks of 201-222 MB with 500 sockets and read load; issue 17
 * asks under 200). At 1.5x a full collection, mostly concurrent marking of those 30-40 MB, comes every 15-20 MB.
 * Set here rather than on node's command line because V8 reads it whenever it recomputes the limit (unlike the
 * heap's sizes, fixed at start), so every way production starts (npm start, the Docker image, the benchmark) has it.
 */
setFlagsFromString('--heap-growing-percent=50');

/** `npm start`: read the config, start, print where the shop is, stop cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { pretty: process.stdout.isTTY && config.env !== 'production' });
  watchProcess(logger);
  const server = await startServer(config, { logger });
  const lines = [
    '',
    `  ${config.shop.name} is running on ${server.db.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}.`,
    `  Shop:       ${server.url}/`,
    `  Dashboard:  ${server.url}/dashboard`,
    `  Health:     ${server.url}/api/health`,
  ];
  if (server.seed?.admin) {
    lines.push(`  Admin login: mobile ${server.seed.admin.mobile}, password ${server.seed.admin.password ?? '(from ADMIN_PASSWORD)'}`);
  }
  if (server.seed?.demoShopper) {
    lines.push(`  Demo shopper: mobile ${server.seed.demoShopper.mobile}, password ${server.seed.demoShopper.password}`);
  }
  if (server.seed?.demoStaff) {
    lines.push(`  Demo staff (counter app, print agent): mobile ${server.seed.demoStaff.mobile}, password ${server.seed.demoStaff.password}`);
  }
  if (['127.0.0.1', 'localhost', '::1'].includes(config.host)) {
    lines.push('  Only this computer can open it (HOST=127.0.0.1): start with HOST=0.0.0.0 to reach it from phones on your network.');
  }
  if (!config.appShell.only) lines.push(`  The app-shell gate is off (APP_SHELL_ONLY=false): the shop opens in any browser.`);
  console.log(lines.join('\n') + '\n');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Kade cannot start: ${error.message}`);
  } else {
    console.error('Kade cannot start:', error);
  }
  process.exit(1);
});
