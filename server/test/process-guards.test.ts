// What the server process does with a failure nothing caught (issue 30, item 1): a real child process with the
// guards main.ts installs, its JSON log read back.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const guards = pathToFileURL(path.join(here, '../src/process-guards.ts')).href;
const logger = pathToFileURL(path.join(here, '../src/logger.ts')).href;

/** Runs a script in a fresh node with the process guards installed; its JSON log lines and exit status. */
function run(body: string): { status: number | null; lines: Array<Record<string, unknown>>; stdout: string } {
  const script = `
    const { watchProcess } = await import(${JSON.stringify(guards)});
    const { createLogger } = await import(${JSON.stringify(logger)});
    watchProcess(createLogger('info'));
    ${body}
  `;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  const lines = child.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { status: child.status, lines, stdout: child.stdout + child.stderr };
}

describe('the process guards', () => {
  it('logs an unhandled rejection with its stack as a fatal event and keeps serving', () => {
    const { status, lines, stdout } = run(`
      void Promise.reject(new Error('boom in a socket middleware'));
      setTimeout(() => { console.log(JSON.stringify({ alive: true })); }, 50);
    `);
    expect(status, stdout).toBe(0);
    const fatal = lines.find((line) => line.level === 60);
    expect(fatal, stdout).toBeDefined();
    expect(String((fatal?.err as { stack?: string } | undefined)?.stack)).toMatch(/boom in a socket middleware\n\s+at /);
    expect(lines.some((line) => line.alive === true)).toBe(true);
  });

  it('logs a rejection with something other than an Error too', () => {
    const { status, lines, stdout } = run(`void Promise.reject('a bare string');`);
    expect(status, stdout).toBe(0);
    expect((lines.find((line) => line.level === 60)?.err as { message?: string } | undefined)?.message).toBe('a bare string');
  });

  it('logs an uncaught exception as fatal and exits 1, for the supervisor to start a clean process', () => {
    const { status, lines, stdout } = run(`setTimeout(() => { throw new Error('thrown outside any handler'); }, 0);`);
    expect(status, stdout).toBe(1);
    expect(String((lines.find((line) => line.level === 60)?.err as { stack?: string } | undefined)?.stack)).toMatch(/thrown outside any handler/);
  });
});
