// Browser tests of the shop: Debian's chromium (never a downloaded browser) against the real server on the
// embedded database, started by global-setup.ts with the demo catalogue, at a phone and a desktop width.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
// E2E_RESULTS_DIR keeps a run's screenshots and reports apart from another run's.
const results = process.env.E2E_RESULTS_DIR ? path.resolve(process.env.E2E_RESULTS_DIR) : path.resolve(here, '..', '..', 'test-results');

export const SHELL_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36 KadeShell/1.0';

const DESKTOP = { viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: here,
  testMatch: '*.e2e.ts',
  globalSetup: path.join(here, 'global-setup.ts'),
  fullyParallel: false,
  // Three files side by side (the tests of one file run in order): a browser test mostly waits on pages, so on two
  // cores three workers keep the CPUs busier than two. Every file's data is its own (fresh shoppers, orders and
  // products it makes; a file that needs a shop to itself starts one on its own copy of the seeded data).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // Hang guards, not speed limits: on a loaded machine (a run beside other work) a first dashboard page took more than
  // 10 s to draw and a 30-second test more than 60 s, so the bounds leave room for a machine three to five times slower.
  timeout: 150_000,
  expect: { timeout: 25_000 },
  outputDir: path.join(results, 'e2e-artifacts'),
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? path.join(results, 'e2e.json') }]],
  use: {
    userAgent: SHELL_USER_AGENT,
    serviceWorkers: 'allow',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    // The riders' walk (desktop only: nine tests in a row, the clean-clone run's longest file) goes first: the workers
    // take the files in this list's order (each project's files alphabetically), so the other worker runs the rest
    // beside it instead of one worker walking the riders alone at the end. Named 'desktop' like the rest of its
    // project: its screenshots' names and `--project desktop` are as before.
    { name: 'desktop', testMatch: '**/riders.e2e.ts', use: DESKTOP },
    // The ringer's and the busy-mode files start a server of their own (one data folder: one project) and open their phone windows themselves;
    // the riders' walk shows the clerk's desktop and opens the rider's and the shopper's phones itself.
    // The substitution walks (issue 33) are the shopper's, at 360 px: phone only. The live prompt's walk
    // (substitution-prompt.e2e.ts) runs there too, and so does the weighed shopper's (weighed-shopping.e2e.ts, issue 34).
    // Issue 36's catalogue-at-scale walk is the admin's at a desk and checks 360 px itself (setViewportSize): desktop only.
    // Issue 36's dashboard walk (dashboard-care.e2e.ts) is the clerk's at 1280 px and checks 360 px itself: desktop only.
    // The receipt's print page and the day report are the counter clerk's, at a desk: desktop only.
    { name: 'phone', testIgnore: ['**/counter-bridge.e2e.ts', '**/day-report.e2e.ts', '**/admin-catalogue.e2e.ts', '**/admin-catalogue-scale.e2e.ts', '**/admin-orders.e2e.ts', '**/order-ringer.e2e.ts', '**/counter-jobs.e2e.ts', '**/ordering.e2e.ts', '**/riders.e2e.ts', '**/dashboard-care.e2e.ts'], use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
    // The account and checkout walks are phone flows (the shop is used inside the phone app shell); the packing screen's
    // walk runs once, on the phone project at the narrowest phone, 360 px (its own test.use).
    // The weighed product form's walk (issue 34) is the admin's on a phone, at 360 px (its own test.use): phone only.
    // Issue 35's problems and credit walk is the shopper's at 360 px (the admin's dashboard in a desktop window it opens): phone only.
    // Issue 36's spec texts (spec-texts, spec-admin-texts): words written once in the code, checked once, at a phone's width.
    // Issue 36's shopper walk (rough-edges-shopper.e2e.ts) sets 360 px and 1280 px itself: phone only.
    // Issue 36's axe sweep (axe-sweep.e2e.ts) scans both widths inside each walk: phone only.
    // Issue 35's checkout with promo and credit, and issue 36's road to the order, at 360 px (1280 px inside the walk): phone only.
    // Issue 36's search suggestions and Singlish walk is the shopper's at 360 px: phone only.
    // Issue 37's offline walk (offline.e2e.ts) is the shopper's on a phone: phone only.
    // The bundled fonts, My Orders' actions and the names in Sinhala and Tamil are read on the shopper's phone: phone only.
    // Tests tagged @one-width (helpers.ts ONE_WIDTH) in the files both projects run walk the same way at any width: the
    // phone runs them, the desktop leaves them out.
    { name: 'desktop', use: DESKTOP, grepInvert: /@one-width/, testIgnore: ['**/fonts.e2e.ts', '**/my-orders-actions.e2e.ts', '**/product-names.e2e.ts', '**/account.e2e.ts', '**/checkout.e2e.ts', '**/i18n.e2e.ts', '**/riders.e2e.ts', '**/substitutions.e2e.ts', '**/substitution-prompt.e2e.ts', '**/packing.e2e.ts', '**/admin-weighed-products.e2e.ts', '**/weighed-shopping.e2e.ts', '**/packing-weighed.e2e.ts', '**/weighed-journey.e2e.ts', '**/problems-credit.e2e.ts', '**/rough-edges-shopper.e2e.ts', '**/spec-texts.e2e.ts', '**/spec-admin-texts.e2e.ts', '**/checkout-credit.e2e.ts', '**/catalogue-languages.e2e.ts', '**/search-help.e2e.ts', '**/offline.e2e.ts', '**/offline-order.e2e.ts', '**/axe-sweep.e2e.ts'] },
  ],
});
