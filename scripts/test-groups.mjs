// The test files that need a service of the machine: the whole file tests PostgreSQL or Redis itself, so without
// the service it would have nothing to run (and vitest fails a file with no test). vitest.config.ts leaves them
// out of the run when their variable is unset; scripts/test.mjs says which groups ran. Files that test the
// embedded database and add PostgreSQL when it is there (helpers.ts DB_KINDS) run everywhere and are not listed.
export const SERVICE_GROUPS = [
  {
    name: 'PostgreSQL',
    variable: 'TEST_DATABASE_URL',
    files: ['server/test/hot-pool.test.ts', 'server/test/order-baseline.test.ts'],
  },
  {
    name: 'Redis',
    variable: 'REDIS_URL',
    files: ['server/test/realtime-redis.test.ts'],
  },
];

/** Each group, whether it runs with this environment, and the files it leaves out when it does not. */
export function serviceGroups(env) {
  return SERVICE_GROUPS.map((group) => ({ ...group, runs: Boolean(env[group.variable]) }));
}

/** The files to leave out of the run with this environment. */
export function excludedFiles(env) {
  return serviceGroups(env).filter((group) => !group.runs).flatMap((group) => group.files);
}
