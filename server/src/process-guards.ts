import type { Logger } from './logger';

/**
 * What the process does with a failure nothing caught. A promise rejected with no handler (a bug: every request
 * and socket path has its own guard) is logged with its stack as a fatal event and the shop keeps serving:
 * Node's default would end the process, and a request that can trigger it would keep a restarting deployment
 * down (issue 30). An exception thrown outside any handler leaves the process in an unknown state: it is
 * logged the same way and the process exits, for the supervisor to start a clean one.
 */
export function watchProcess(logger: Logger, proc: Pick<NodeJS.Process, 'on' | 'exit'> = process): void {
  proc.on('unhandledRejection', (reason: unknown) => {
    logger.fatal({ err: reason instanceof Error ? reason : new Error(String(reason)) }, 'unhandled rejection: a promise failed with nothing to catch it');
  });
  proc.on('uncaughtException', (error: Error) => {
    logger.fatal({ err: error }, 'uncaught exception: stopping');
    logger.flush?.();
    proc.exit(1);
  });
}
