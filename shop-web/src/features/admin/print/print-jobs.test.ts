import { describe, expect, it } from 'vitest';
import type { CounterJobView } from './bridge';
import { actionable, ageText, jobKind, jobName, jobReason, PRINT_JOBS_TEXT, unofferedBacklog } from './print-jobs';

const NOW = Date.parse('2026-11-24T06:00:00Z');

function job(change: Partial<CounterJobView>): CounterJobView {
  return { id: 'j1', orderId: 'o1', orderCode: 'ABC234', copy: 1, reprint: false, state: 'queued', attempts: 0, lastError: null, createdAt: NOW, updatedAt: NOW, nextAttemptAt: NOW, ...change };
}

describe('the print-jobs screen', () => {
  it('names what each job is; a queued job whose last try failed is Failed', () => {
    expect(jobKind(job({}))).toBe('queued');
    expect(jobKind(job({ lastError: 'connect ECONNREFUSED' }))).toBe('failed');
    expect(jobKind(job({ state: 'held' }))).toBe('held');
    expect(jobKind(job({ state: 'unknown' }))).toBe('unknown');
    expect(jobKind(job({ state: 'sending' }))).toBe('sending');
    expect(jobKind(job({ state: 'printed' }))).toBeUndefined();
    expect(jobKind(job({ state: 'cancelled' }))).toBeUndefined();
  });

  it('says why, with the tries and the next try for a failing job', () => {
    const failing = job({ lastError: 'The printer is not answering', attempts: 3, nextAttemptAt: NOW + 7_500 });
    expect(jobReason(failing, NOW)).toBe('The printer is not answering (3 tries; next try in 8 s).');
    expect(jobReason({ ...failing, attempts: 1, nextAttemptAt: NOW - 1 }, NOW)).toBe('The printer is not answering (1 try; trying again now).');
    expect(jobReason({ ...failing, lastError: 'The printer is off or unplugged. ' }, NOW)).toBe('The printer is off or unplugged (3 tries; next try in 8 s).');
    expect(jobReason(job({ state: 'held', lastError: 'Queued while the printer was away: confirm before printing.' }), NOW)).toBe(
      'Queued while the printer was away: confirm before printing.',
    );
    expect(jobReason(job({ state: 'unknown' }), NOW)).toMatch(/^The app stopped while this was printing/);
  });

  it('gives the age in words', () => {
    expect(ageText(NOW - 20_000, NOW)).toBe('just now');
    expect(ageText(NOW - 4 * 60_000, NOW)).toBe('4 min ago');
    expect(ageText(NOW - 125 * 60_000, NOW)).toBe('2 h 5 min ago');
    expect(ageText(NOW - 120 * 60_000, NOW)).toBe('2 h ago');
    expect(ageText(NOW - 49 * 3600_000, NOW)).toBe('2 days ago');
    expect(ageText(NOW + 5_000, NOW)).toBe('just now'); // a clock a little ahead is not 'in the future'
  });

  it('offers every open job but the one printing this moment', () => {
    const jobs = [job({ id: 'a', state: 'held' }), job({ id: 'b', state: 'sending' }), job({ id: 'c', lastError: 'x' }), job({ id: 'd', state: 'printed' })];
    expect(actionable(jobs).map((j) => j.id)).toEqual(['a', 'c']);
  });

  it('offers a held backlog once: only held and unknown jobs not offered before', () => {
    const jobs = [job({ id: 'a', state: 'held' }), job({ id: 'b', state: 'unknown' }), job({ id: 'c', lastError: 'x' })];
    expect(unofferedBacklog(jobs, new Set()).map((j) => j.id)).toEqual(['a', 'b']);
    expect(unofferedBacklog(jobs, new Set(['a', 'b']))).toEqual([]);
  });

  it('names a job with its copy or as a reprint, and counts receipts in words', () => {
    expect(jobName(job({}))).toBe('order #ABC234');
    expect(jobName(job({ copy: 2 }))).toBe('order #ABC234 (copy 2)');
    expect(jobName(job({ reprint: true }))).toBe('order #ABC234 (reprint)');
    expect(PRINT_JOBS_TEXT.sentToPrinter(1)).toBe('1 receipt sent to the printer.');
    expect(PRINT_JOBS_TEXT.skipped(3)).toBe('3 receipts skipped.');
    expect(PRINT_JOBS_TEXT.offerBody(2)).toMatch(/^2 receipts did not print/);
  });
});
