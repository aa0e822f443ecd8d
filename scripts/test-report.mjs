// Counting a test run from its JSON reports, for the last lines of `npm test` (scripts/test.mjs).
//
// vitest 5's JSON report counts only the tests it ran: a file that failed to load (an import that throws, no test
// in it) has no test at all, and a file whose beforeAll failed has its tests marked skipped, while its status is
// 'failed'. Each such file counts here as one failure, named with its message (when vitest kept one), and its tests
// are not counted as skipped. Tests that were skipped, todo or never finished count as skipped.
import path from 'node:path';

/** The first lines of a failure's message, enough to tell which assertion and why. */
export function firstLines(text) {
  return String(text ?? '')
    // eslint-disable-next-line no-control-regex -- the escape that starts a colour code is what is removed
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 6)
    .join('\n    ');
}

const OUTSIDE_TESTS = 'failed outside its tests (a beforeAll or afterAll hook, or the file did not finish): its error is printed above';

/**
 * vitest's JSON report: `{ passed, failed, skipped, failures: [{ name, reason }], skippedTests: [name] }`, names
 * relative to `root`.
 */
export function countVitest(report, root) {
  const out = { passed: 0, failed: 0, skipped: 0, failures: [], skippedTests: [] };
  for (const file of report.testResults ?? []) {
    const relative = path.relative(root, file.name ?? '');
    const tests = file.assertionResults ?? [];
    const failedTests = tests.filter((test) => test.status === 'failed');
    const fileFailed = file.status === 'failed' && failedTests.length === 0;
    for (const test of tests) {
      if (test.status === 'passed') out.passed += 1;
      else if (test.status === 'failed') {
        out.failed += 1;
        out.failures.push({ name: `${relative} › ${test.fullName}`, reason: firstLines((test.failureMessages ?? []).join('\n')) });
      } else if (!fileFailed) {
        out.skipped += 1;
        out.skippedTests.push(`${relative} › ${test.fullName}`);
      }
    }
    if (fileFailed) {
      out.failed += 1;
      out.failures.push({ name: relative, reason: file.message ? firstLines(file.message) : OUTSIDE_TESTS });
    }
  }
  return out;
}

/** Playwright's JSON report, counted the same way: a retry that passed (flaky) counts as passed. */
export function countPlaywright(report) {
  const out = { passed: 0, failed: 0, skipped: 0, failures: [], skippedTests: [] };
  const walk = (suite, trail) => {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `[${test.projectName}] ${[...here, spec.title].join(' › ')}`;
        if (test.status === 'expected' || test.status === 'flaky') out.passed += 1;
        else if (test.status === 'unexpected') {
          out.failed += 1;
          const last = (test.results ?? []).at(-1);
          out.failures.push({ name, reason: firstLines(last?.error?.message ?? last?.errors?.[0]?.message) });
        } else {
          out.skipped += 1;
          out.skippedTests.push(name);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // errors outside any test (global setup, a file that does not load) fail the run with no test to show it
  for (const error of report.errors ?? []) {
    out.failed += 1;
    out.failures.push({ name: 'outside any test', reason: firstLines(error.message ?? error.stack) });
  }
  return out;
}
