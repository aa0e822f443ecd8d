// The benchmark's arithmetic, kept pure so that it can be tested: percentiles of latencies, the median of
// rounds, how a figure's rounds are written, and how a run's sections replace those of docs/BENCHMARKS.md.
// No clock, no I/O (but the load average, read when asked).
import os from 'node:os';

/** The value at a percentile (nearest rank) of numbers sorted ascending; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** The median of a figure's rounds (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return Number.NaN;
  const sorted = [...finite].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** p50/p95/p99/max of unsorted latencies. */
export function latencySummary(latencies: readonly number[]): { p50: number; p95: number; p99: number; max: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? 0 };
}

/** "**412** (398 · 412 · 430)": the median in bold, then every round in the order it ran. */
export function roundsCell(values: readonly number[], digits = 0): string {
  const format = (v: number) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');
  return `**${format(median(values))}** (${values.map(format).join(' · ')})`;
}

/** A budget's verdict in a table: yes, or a bold no. */
export const ok = (pass: boolean) => (pass ? 'yes' : '**no**');
/** Milliseconds in a table, to a tenth; n/a when there is no figure. */
export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
/** Megabytes in a table, whole; n/a when there is no figure (not measured, or no round measured it). */
export const mb = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value.toFixed(0) : 'n/a');

/** The machine's load average as a sentence, for every section: other work on the machine slows every figure. */
export function loadAverageLine(before: readonly number[], after: readonly number[] = os.loadavg()): string {
  const f = (l: readonly number[]) => l.map((v) => v.toFixed(2)).join(', ');
  return `Load average (1, 5, 15 min) of the machine: ${f(before)} when this section started, ${f(after)} when it ended (${os.cpus().length} cores).`;
}

/** `catalogue-100k`: the catalogue part run with BENCH_PRODUCTS=100000 (issue 37's budgets are at 10k and at 100k). */
export const SECTION_ORDER = ['header', 'catalogue', 'catalogue-100k', 'growth', 'propagation', 'orders', 'memory', 'web', 'receipts', 'packing', 'load', 'abuse'] as const;
export type SectionName = (typeof SECTION_ORDER)[number];
const open = (name: SectionName) => `<!-- bench:${name} -->`;
const close = (name: SectionName) => `<!-- /bench:${name} -->`;

/**
 * docs/BENCHMARKS.md with the sections of this run replaced in place and the others kept as they were
 * (a run of only some parts, BENCH_PARTS, leaves the rest of the file alone).
 */
export function mergeSections(existing: string, fresh: Partial<Record<SectionName, string[]>>): string {
  const text = (name: SectionName) => {
    const lines = fresh[name];
    if (lines) return lines.join('\n');
    const start = existing.indexOf(open(name));
    const end = existing.indexOf(close(name));
    if (start >= 0 && end > start) return existing.slice(start + open(name).length, end).trim();
    return `## ${name[0]?.toUpperCase()}${name.slice(1)}\n\nNot measured yet: run \`npm run bench\`.`;
  };
  return ['# Benchmarks', '', ...SECTION_ORDER.flatMap((name) => [open(name), text(name).trim(), close(name), ''])].join('\n');
}
