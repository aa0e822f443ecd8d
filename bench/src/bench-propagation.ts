// Issue 37's window: a catalogue change made through one instance is read on a second within 1 s (p99), a stock change
// within 2 s. Two compiled Kade servers on the same database (each keeps its own read model, kept current by the
// `kade_products` notices of PostgreSQL); an admin changes a product's price, then its stock, through instance A, one
// change at a time, and from A's answer (the change committed) the bench asks both instances for the product's sheet
// until each shows it. The time until B shows it is judged; A's own is reported beside it.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { ENDPOINTS, mobileToLoginEmail, type ProductDetailsWire } from '@kade/shared';
import { hashPassword } from '@kade/server/testing';
import { call } from './bench-packing';
import { latencySummary, ok, roundsCell, median } from './bench-stats';

export const PROPAGATION_BUDGET = { catalogueP99Ms: 1000, stockP99Ms: 2000 } as const;
const CHANGES = Number(process.env.BENCH_PROPAGATION_CHANGES ?? (process.env.BENCH_QUICK ? 20 : 60));
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
/** How often a sheet is asked for while a change is awaited, and how long before the change counts as never seen. */
const POLL_MS = 2;
const GIVE_UP_MS = 10_000;

type Summary = ReturnType<typeof latencySummary> & { missed: number };

export interface PropagationRound {
  price: { onA: Summary; onB: Summary };
  stock: { onA: Summary; onB: Summary };
}

export interface PropagationResult {
  changes: number;
  rounds: PropagationRound[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds from now until `seen` answers true (asked every POLL_MS), or undefined after GIVE_UP_MS. */
async function untilSeen(seen: () => Promise<boolean>): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < GIVE_UP_MS) {
    if (await seen()) return performance.now() - started;
    await sleep(POLL_MS);
  }
  return undefined;
}

function summarise(times: ReadonlyArray<number | undefined>): Summary {
  const seen = times.filter((t): t is number => t !== undefined);
  return { ...latencySummary(seen), missed: times.length - seen.length };
}

/** An admin signed in through instance A, as a person is. */
async function adminToken(knex: Knex, base: string): Promise<string> {
  const suffix = String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0');
  const admin = { mobile: `072${suffix.slice(1)}`, password: `propagation-${randomBytes(6).toString('hex')}` };
  await knex('users').insert({ name: 'Bench Admin', mobile: admin.mobile, email: mobileToLoginEmail(admin.mobile), password_hash: await hashPassword(admin.password), role: 'ADMIN' });
  return (await call(base, ENDPOINTS.account.login, undefined, admin)).accesstoken;
}

/** Changes each of `ids` through A with `change`, and times until A and B each show it (`shows`). */
async function timeChanges(
  a: string,
  b: string,
  ids: readonly string[],
  change: (id: string, index: number) => Promise<(sheet: ProductDetailsWire) => boolean>,
): Promise<{ onA: Summary; onB: Summary }> {
  const onA: Array<number | undefined> = [];
  const onB: Array<number | undefined> = [];
  for (const [index, id] of ids.entries()) {
    const shows = await change(id, index);
    const sheetOn = (base: string) => async () => shows(await call(base, ENDPOINTS.products.details, undefined, { productId: id }));
    const [timeA, timeB] = await Promise.all([untilSeen(sheetOn(a)), untilSeen(sheetOn(b))]);
    onA.push(timeA);
    onB.push(timeB);
  }
  return { onA: summarise(onA), onB: summarise(onB) };
}

export async function runPropagationBench(options: { knex: Knex; a: string; b: string }): Promise<PropagationResult> {
  const { knex, a, b } = options;
  const token = await adminToken(knex, a);
  // published products of the catalogue with no variations of their own, the same ones each round
  const ids = ((await knex('products as p')
    .whereNull('p.parent_id')
    .where({ 'p.publish': true })
    .whereNull('p.deleted_at')
    .whereNotExists(knex('products as v').whereRaw('v.parent_id = p.id'))
    .orderBy('p.id')
    .limit(CHANGES)
    .pluck('p.id')) as string[]);
  if (ids.length < CHANGES) throw new Error(`the catalogue has ${ids.length} plain products, the bench changes ${CHANGES}`);
  const patch = (body: { _id: string; price?: number; stock?: number }) => call(a, ENDPOINTS.products.patch, token, body);
  const rounds: PropagationRound[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const price = await timeChanges(a, b, ids, async (id, index) => {
      const rupees = 100 + round * 100 + index;
      await patch({ _id: id, price: rupees });
      return (sheet) => sheet.price === rupees;
    });
    const stock = await timeChanges(a, b, ids, async (id, index) => {
      const units = 500 + round * 100 + index;
      await patch({ _id: id, stock: units });
      return (sheet) => sheet.stock === units;
    });
    rounds.push({ price, stock });
    console.log(`bench: propagation round ${round + 1}: price on B p99 ${price.onB.p99.toFixed(1)} ms, stock on B p99 ${stock.onB.p99.toFixed(1)} ms`);
  }
  return { changes: ids.length, rounds };
}

export function propagationReport(result: PropagationResult): string[] {
  const { rounds } = result;
  const cell = (pick: (x: PropagationRound) => number) => roundsCell(rounds.map(pick), 1);
  const missed = (pick: (x: PropagationRound) => Summary) => rounds.map((x) => pick(x).missed).join(', ');
  const priceOk = median(rounds.map((x) => x.price.onB.p99)) < PROPAGATION_BUDGET.catalogueP99Ms && rounds.every((x) => x.price.onB.missed === 0);
  const stockOk = median(rounds.map((x) => x.stock.onB.p99)) < PROPAGATION_BUDGET.stockP99Ms && rounds.every((x) => x.stock.onB.missed === 0);
  return [
    '## A change on one instance, read on another (issue 37)',
    '',
    `Two compiled Kade servers on one database, each answering product sheets from its own read model. An admin changes ${result.changes} products' price, then their stock, through instance A (\`PATCH /api/product/update\`), one change at a time; from A's answer (committed) the bench asks both instances for the product's sheet every ${POLL_MS} ms until each shows the change (never seen within ${GIVE_UP_MS / 1000} s: missed). ${rounds.length} rounds (the median judged, every round in brackets).`,
    '',
    '| change | read on | p50 ms | p95 ms | p99 ms | max ms | missed | budget |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    `| price | B (the other instance) | ${cell((x) => x.price.onB.p50)} | ${cell((x) => x.price.onB.p95)} | ${cell((x) => x.price.onB.p99)} | ${cell((x) => x.price.onB.max)} | ${missed((x) => x.price.onB)} | p99 < 1 s: ${ok(priceOk)} |`,
    `| price | A (where it was made) | ${cell((x) => x.price.onA.p50)} | ${cell((x) => x.price.onA.p95)} | ${cell((x) => x.price.onA.p99)} | ${cell((x) => x.price.onA.max)} | ${missed((x) => x.price.onA)} | |`,
    `| stock | B (the other instance) | ${cell((x) => x.stock.onB.p50)} | ${cell((x) => x.stock.onB.p95)} | ${cell((x) => x.stock.onB.p99)} | ${cell((x) => x.stock.onB.max)} | ${missed((x) => x.stock.onB)} | p99 < 2 s: ${ok(stockOk)} |`,
    `| stock | A (where it was made) | ${cell((x) => x.stock.onA.p50)} | ${cell((x) => x.stock.onA.p95)} | ${cell((x) => x.stock.onA.p99)} | ${cell((x) => x.stock.onA.max)} | ${missed((x) => x.stock.onA)} | |`,
    '',
    'Until the other instance hears the change (its `kade_products` notice), it still shows the old sheet from memory; once heard and until read, it answers from PostgreSQL (search-index.ts `current`): the window is how long the old sheet can still be shown there.',
    '',
  ];
}
