#!/usr/bin/env node
// `npm test`: lint, types, the web build, then every test (unit, integration on PGlite and on PostgreSQL
// when TEST_DATABASE_URL is set, browser end-to-end). Every step runs; the last lines say which service groups ran
// (scripts/test-groups.mjs) and count the tests: every failed test, every test file that failed to load or run,
// every failed step, and the skipped tests when there are any (scripts/test-report.mjs).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceGroups } from './test-groups.mjs';
import { requireSupportedNode } from './supported-node.mjs';
import { countPlaywright, countVitest } from './test-report.mjs';

requireSupportedNode('npm test');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const reportDir = path.join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });

const steps = [
  { name: 'lint', cmd: npx, args: ['eslint', '--max-warnings', '0', '.'] },
  { name: 'types', cmd: npx, args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'web build', cmd: npm, args: ['run', 'build', '--workspace', '@kade/shop-web'] },
  {
    name: 'tests',
    cmd: npx,
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reportDir, 'vitest.json')}`],
    report: path.join(reportDir, 'vitest.json'),
  },
  {
    // Browser tests: Debian's chromium (CHROMIUM_PATH or /usr/bin/chromium) against real servers started by
    // shop-web/e2e/global-setup.ts; Playwright's JSON report is counted like vitest's.
    name: 'e2e',
    cmd: npx,
    args: ['playwright', 'test', '-c', 'shop-web/e2e/playwright.config.ts'],
    env: { E2E_JSON_REPORT: path.join(reportDir, 'e2e.json') },
    report: path.join(reportDir, 'e2e.json'),
    kind: 'playwright',
  },
];

// The run's kept seed pictures (server/src/seed/image-cache.ts): the first seed of the run draws the demo catalogue's
// pictures and the later ones (the first start, the compiled server, the counter's and the browser tests' servers)
// read them back. A new folder each run, removed at the end; a folder the caller set is used as it is.
const seedPictures = process.env.SEED_IMAGE_CACHE_DIR ? undefined : mkdtempSync(path.join(os.tmpdir(), 'kade-seed-pictures-'));
const runEnv = seedPictures ? { SEED_IMAGE_CACHE_DIR: seedPictures } : {};

const only = process.argv.slice(2);
const groups = serviceGroups(process.env);
const total = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
// The names of failed (and skipped) tests, printed again at the very end: CI keeps only the tail of a long log.
const failures = [];
const skippedTests = [];

// The steps run in three stages: the checks and the build side by side, then vitest, then the browser tests. Each
// test run alone keeps both cores busy (vitest's two workers; Playwright's three, each a browser and servers): side by
// side they thrashed (load 15-20 on two cores, a third of the CPU in the kernel) and the run took 57 min, where one
// after the other they take 8.4 and 11.3 min on the same machine. The first step of a stage prints as it goes; the
// others' output is kept and printed whole when the stage ends.
const STAGES = [['lint', 'types', 'web build'], ['tests'], ['e2e']];
for (const stage of STAGES) {
  const running = steps.filter((step) => stage.includes(step.name) && (only.length === 0 || only.includes(step.name)));
  const finished = await Promise.all(running.map((step, index) => runStep(step, index === 0)));
  for (const { step, status, error, seconds, output } of finished) {
    if (output !== undefined) {
      console.log(`\n=== ${step.name} (run beside ${running[0]?.name}) ===`);
      process.stdout.write(output);
    }
    count(step, status, error);
    console.log(`=== ${step.name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds}s ===`);
  }
}

/**
 * Runs one step: its output live when `live`, else kept in memory and answered with the step (not in a file under
 * test-results/, which a test run may clear: a Playwright run cleans the folder it reports into).
 */
function runStep(step, live) {
  const started = Date.now();
  if (live) {
    console.log(`\n=== ${step.name} ===`);
    if (step.name === 'tests') console.log(groupLines().join('\n'));
  }
  const env = { ...process.env, FORCE_COLOR: '0', ...runEnv, ...(step.env ?? {}) };
  if (step.report) rmSync(step.report, { force: true });
  const chunks = live ? undefined : [];
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { cwd: root, stdio: chunks === undefined ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    child.stdout?.on('data', (chunk) => chunks?.push(chunk));
    child.stderr?.on('data', (chunk) => chunks?.push(chunk));
    const done = (status, error) => {
      const output = chunks === undefined ? undefined : Buffer.concat(chunks).toString('utf8');
      resolve({ step, status, error, output, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    };
    child.once('error', (error) => done(null, error));
    child.once('close', (code, signal) => done(code ?? signal, undefined)); // after its output's last bytes
  });
}

/** Adds one finished step's tests (from its report) and its failure to the run's count. */
function count(step, status, error) {
  let counted = { passed: 0, failed: 0, skipped: 0, failures: [], skippedTests: [] };
  if (step.report && existsSync(step.report)) {
    const report = JSON.parse(readFileSync(step.report, 'utf8'));
    counted = step.kind === 'playwright' ? countPlaywright(report) : countVitest(report, root);
  }
  // A step that failed with nothing counted against it (lint, types, the build, an error outside every test
  // file, no report written) is one failure of its own.
  if (status !== 0 && counted.failed === 0) {
    counted.failed = 1;
    counted.failures.push({ name: `${step.name} (the step)`, reason: error ? String(error) : `exited with ${status}: see its output above` });
  }
  total.passed += counted.passed;
  total.failed += counted.failed;
  total.skipped += counted.skipped;
  failures.push(...counted.failures);
  skippedTests.push(...counted.skippedTests);
  if (status !== 0) failedSteps.push(step.name);
}

if (seedPictures) rmSync(seedPictures, { recursive: true, force: true });

if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
if (skippedTests.length > 0) {
  console.log('\nSkipped tests (none should be):');
  for (const name of skippedTests) console.log(`- ${name}`);
}
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const { name, reason } of failures) console.log(`- ${name}\n    ${reason}`);
}
if (only.length === 0 || only.includes('tests')) console.log(`\n${groupLines().join('\n')}`);
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 || total.failed > 0 ? 1 : 0);

/** Which groups of integration tests this run has: the embedded database always, PostgreSQL and Redis when set. */
function groupLines() {
  const lines = ['integration tests on: the embedded database (PGlite)'];
  for (const group of groups) {
    lines.push(group.runs
      ? `  and ${group.name} (${group.variable} is set)`
      : `  not on ${group.name}: ${group.variable} is not set, so ${group.files.join(', ')} ${group.files.length === 1 ? 'is' : 'are'} left out`);
  }
  return lines;
}
