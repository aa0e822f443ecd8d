import { describe, expect, it } from 'vitest';
import { latencySummary, loadAverageLine, median, mergeSections, percentile, roundsCell } from './bench-stats';

describe('the benchmark arithmetic', () => {
  it('takes percentiles by nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
    expect(percentile([], 50)).toBe(0);
  });

  it('takes the median of rounds whatever their order, ignoring rounds that measured nothing', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, Number.NaN, 1, 3])).toBe(3);
    expect(median([])).toBeNaN();
  });

  it('summarises unsorted latencies', () => {
    expect(latencySummary([5, 1, 4, 2, 3])).toEqual({ p50: 3, p95: 5, p99: 5, max: 5 });
    expect(latencySummary([])).toEqual({ p50: 0, p95: 0, p99: 0, max: 0 });
  });

  it('writes the median first and every round in the order it ran', () => {
    expect(roundsCell([398, 430, 412])).toBe('**412** (398 · 430 · 412)');
    expect(roundsCell([1.25, 1.5, 1], 1)).toBe('**1.3** (1.3 · 1.5 · 1.0)');
    expect(roundsCell([Number.NaN, 2, 4])).toBe('**3** (n/a · 2 · 4)');
  });

  it('states the load average before and after', () => {
    expect(loadAverageLine([1, 0.5, 0.25], [2, 1, 0.5])).toMatch(/^Load average \(1, 5, 15 min\) of the machine: 1\.00, 0\.50, 0\.25 when this section started, 2\.00, 1\.00, 0\.50 when it ended \(\d+ cores\)\.$/);
  });
});

describe('the benchmark file', () => {
  it('replaces the sections a run measured and keeps the others as they were', () => {
    const first = mergeSections('', { header: ['# run 1'], catalogue: ['## Catalogue reads', 'old figures'], orders: ['## Orders', 'kept'] });
    expect(first).toContain('<!-- bench:catalogue -->\n## Catalogue reads\nold figures\n<!-- /bench:catalogue -->');
    expect(first).toContain('## Memory\n\nNot measured yet');
    const second = mergeSections(first, { header: ['# run 2'], catalogue: ['## Catalogue reads', 'new figures'] });
    expect(second).toContain('new figures');
    expect(second).not.toContain('old figures');
    expect(second).toContain('<!-- bench:orders -->\n## Orders\nkept\n<!-- /bench:orders -->');
    expect(second.indexOf('bench:header')).toBeLessThan(second.indexOf('bench:catalogue'));
    expect(second.indexOf('bench:catalogue')).toBeLessThan(second.indexOf('bench:growth'));
    expect(mergeSections(second, {})).toBe(second);
  });
});
