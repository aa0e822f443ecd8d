// The last line of `npm test` counts what really happened: real vitest and Playwright runs over fixture files that
// fail in each way a file can (a failed assertion, a file that does not load, a file with no test, a failed
// beforeAll or afterAll, skipped and todo tests), their JSON reports read by scripts/test-report.mjs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { countPlaywright, countVitest } from './test-report.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const FIXTURES = path.join(ROOT, 'scripts', 'fixtures');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'kade-test-report-'));
/** A whole vitest or Playwright run of its own is inside each test: on a loaded machine that takes minutes. */
const RUN_GUARD_MS = 300_000;
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The environment of a run of its own: nothing of this run's vitest worker leaks into it. */
function ownEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', FORCE_COLOR: '0', ...extra };
  return env;
}

function runVitest(): unknown {
  const out = path.join(scratch, 'vitest.json');
  const dir = path.join(FIXTURES, 'vitest-report');
  const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', dir, '--config', path.join(dir, 'vitest.config.ts'), '--reporter=json', `--outputFile.json=${out}`], {
    cwd: dir,
    env: ownEnv(),
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(1);
  return JSON.parse(readFileSync(out, 'utf8'));
}

function runPlaywright(file: string): unknown {
  const out = path.join(scratch, `${file}.json`);
  const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '-c', path.join(FIXTURES, 'playwright-report', 'playwright.config.ts'), file], {
    cwd: ROOT,
    env: ownEnv({ PLAYWRIGHT_JSON_OUTPUT_NAME: out, FIXTURE_OUTPUT_DIR: path.join(scratch, `${file}-results`) }),
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(1);
  return JSON.parse(readFileSync(out, 'utf8'));
}

describe('counting a vitest run', () => {
  it('counts each failed test, each file that failed to load or run as one failure, and the skipped and todo tests', () => {
    const counted = countVitest(runVitest(), path.join(FIXTURES, 'vitest-report'));
    // passed: adds, subtracts, the test before the failed afterAll, runs
    expect(counted.passed).toBe(4);
    // failed: the wrong product, the file that throws, the file with no test, the failed beforeAll, the failed afterAll
    expect(counted.failed).toBe(5);
    expect(counted.failures.map((f) => f.name).sort()).toEqual([
      'after.fixture.ts',
      'empty.fixture.ts',
      'hook.fixture.ts',
      'load.fixture.ts',
      'tests.fixture.ts › multiplies wrongly',
    ]);
    const reason = (name: string) => counted.failures.find((f) => f.name === name)?.reason;
    expect(reason('load.fixture.ts')).toContain('this file cannot load');
    expect(reason('empty.fixture.ts')).toContain('No test suite found');
    expect(reason('hook.fixture.ts')).toContain('failed outside its tests');
    expect(reason('tests.fixture.ts › multiplies wrongly')).toContain('expected 4 to be 5');
    // the tests of the file whose setup failed did not run: that file is a failure, not two skips
    expect(counted.skipped).toBe(2);
    expect(counted.skippedTests.sort()).toEqual(['skipped.fixture.ts › is skipped', 'skipped.fixture.ts › is to do']);
  }, RUN_GUARD_MS);
});

describe('counting a Playwright run', () => {
  it('counts passed, failed and skipped tests', () => {
    const counted = countPlaywright(runPlaywright('tests.pw-fixture.ts'));
    expect([counted.passed, counted.failed, counted.skipped]).toEqual([1, 1, 1]);
    expect(counted.failures[0]?.name).toContain('multiplies wrongly');
    expect(counted.skippedTests[0]).toContain('is skipped');
  }, RUN_GUARD_MS);

  it('counts each error outside the tests: a file that does not load stops Playwright before any test runs', () => {
    const counted = countPlaywright(runPlaywright('load.pw-fixture.ts'));
    // Playwright reports the file's error, then that it found no test to run
    expect([counted.passed, counted.failed]).toEqual([0, 2]);
    expect(counted.failures.map((f) => f.reason)).toEqual([expect.stringContaining('this file cannot load'), expect.stringContaining('No tests found')]);
  }, RUN_GUARD_MS);
});
