#!/usr/bin/env node
// `npm test`: lint, types, the web build, then every test (unit, integration on PGlite and on PostgreSQL
// when TEST_DATABASE_URL is set, browser end-to-end). Every step runs; the last line counts the tests.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failedSteps = [];
// The names of failed tests, printed again at the very end: CI keeps only the tail of a long log.
const failedTests = [];
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  const started = Date.now();
  console.log(`\n=== ${step.name} ===`);
  const env = { ...process.env, FORCE_COLOR: '0', ...(step.env ?? {}) };
  if (step.report) rmSync(step.report, { force: true });
  // vitest 5 needs Map.groupBy to print a failure's reason; Node 20 lacks it.
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(path.join(root, 'scripts', 'node20-polyfills.mjs')).href}`.trim();
  const result = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.report && existsSync(step.report)) {
    const report = JSON.parse(readFileSync(step.report, 'utf8'));
    if (step.kind === 'playwright') {
      // expected: passed; unexpected: failed; flaky: passed on a retry (counted as passed)
      passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
      failed += report.stats?.unexpected ?? 0;
      failedTests.push(...playwrightFailures(report));
    } else {
      passed += report.numPassedTests ?? 0;
      failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
      failedTests.push(...vitestFailures(report));
    }
  }
  if (result.status !== 0) failedSteps.push(step.name);
  console.log(`=== ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds}s ===`);
}

if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
if (failedTests.length > 0) {
  console.log('\nFailed tests:');
  for (const { name, reason } of failedTests) console.log(`- ${name}\n    ${reason}`);
}
if (failedSteps.length > 0 && failed === 0) failed = failedSteps.length;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 ? 1 : 0);

/** The first lines of a failure's message, enough to tell which assertion and why. */
function firstLines(text) {
  return String(text ?? '')
    // eslint-disable-next-line no-control-regex -- the escape that starts a colour code is what is removed
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 6)
    .join('\n    ');
}

function vitestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const relative = path.relative(root, file.name ?? '');
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
      out.push({ name: relative, reason: firstLines(file.message) });
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      out.push({ name: `${relative} › ${test.fullName}`, reason: firstLines((test.failureMessages ?? []).join('\n')) });
    }
  }
  return out;
}

function playwrightFailures(report) {
  const out = [];
  const walk = (suite, trail) => {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = (test.results ?? []).at(-1);
        out.push({
          name: `[${test.projectName}] ${[...here, spec.title].join(' › ')}`,
          reason: firstLines(last?.error?.message ?? last?.errors?.[0]?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}
