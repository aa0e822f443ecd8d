// What the print-jobs screen and the held-backlog offer say about the counter's print jobs: pure functions of a
// job and the time, so they are tested without a browser.
import type { CounterJobView } from './bridge';

export const PRINT_JOBS_TEXT = {
  title: 'Print jobs',
  notInCounter: 'Print jobs are kept by the Kade counter app: open this page in the counter window to see them.',
  empty: 'Nothing waiting: every receipt has printed.',
  loadFailed: 'The counter app did not answer. Check that it is running, then try again.',
  printAll: (count: number) => `Print all (${count})`,
  skipAll: (count: number) => `Skip all (${count})`,
  confirmSkipAll: (count: number) => `Skip ${receipts(count)}? They will not print unless you reprint them from the order.`,
  yesSkip: 'Yes, skip them',
  keep: 'Keep them',
  printNow: 'Print now',
  skip: 'Skip',
  sentToPrinter: (count: number) => (count === 0 ? 'Nothing to print: those receipts had already changed.' : `${receipts(count, true)} sent to the printer.`),
  skipped: (count: number) => (count === 0 ? 'Nothing skipped: those receipts had already changed.' : `${receipts(count, true)} skipped.`),
  offerTitle: 'Receipts held while the printer was away',
  offerBody: (count: number) =>
    `${receipts(count, true)} did not print while the printer was away or the app was closed. Print ${count === 1 ? 'it' : 'them'} now, or skip what has been handled already.`,
  offerReview: 'Review one by one',
} as const;

/** '1 receipt', '3 receipts' ('1 receipt' / '3 receipts' with a capital at the start of a sentence). */
function receipts(count: number, capital = false): string {
  const text = `${count} receipt${count === 1 ? '' : 's'}`;
  return capital ? text[0]!.toUpperCase() + text.slice(1) : text;
}

export type JobKind = 'held' | 'unknown' | 'failed' | 'queued' | 'sending';

/** What a job is, for the clerk: a queued job whose last try failed is 'failed' (it is retried by itself). */
export function jobKind(job: CounterJobView): JobKind | undefined {
  switch (job.state) {
    case 'held':
    case 'unknown':
    case 'sending':
      return job.state;
    case 'queued':
      return job.lastError ? 'failed' : 'queued';
    default:
      return undefined; // printed or skipped: not on this screen
  }
}

export const KIND_LABELS: Record<JobKind, string> = {
  held: 'Held',
  unknown: 'Unknown',
  failed: 'Failed',
  queued: 'Waiting',
  sending: 'Printing',
};

/** Why the job is where it is, in words the clerk can act on. */
export function jobReason(job: CounterJobView, now: number): string {
  const kind = jobKind(job);
  switch (kind) {
    case 'held':
      return job.lastError ?? 'Queued while the printer was away: confirm before printing.';
    case 'unknown':
      return job.lastError ?? 'The app stopped while this was printing: check the paper, and print it if it is missing.';
    case 'failed': {
      const wait = Math.max(0, Math.ceil((job.nextAttemptAt - now) / 1000));
      const tries = `${job.attempts} ${job.attempts === 1 ? 'try' : 'tries'}`;
      const why = (job.lastError ?? 'The printer did not take it').replace(/[.\s]+$/, '');
      return `${why} (${tries}; ${wait > 0 ? `next try in ${wait} s` : 'trying again now'}).`;
    }
    case 'sending':
      return 'Going to the printer now.';
    case 'queued':
      return 'Waiting its turn at the printer.';
    default:
      return '';
  }
}

/** How long ago the job was queued: 'just now', '4 min ago', '2 h 5 min ago', '3 days ago'. */
export function ageText(since: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - since) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h ago` : `${hours} h ${minutes % 60} min ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** Jobs the clerk can still decide on: everything open except the one being sent this moment. */
export function actionable(jobs: readonly CounterJobView[]): CounterJobView[] {
  return jobs.filter((job) => {
    const kind = jobKind(job);
    return kind !== undefined && kind !== 'sending';
  });
}

/** The held backlog (held or unknown jobs) not yet offered to the clerk in this window. */
export function unofferedBacklog(jobs: readonly CounterJobView[], offered: ReadonlySet<string>): CounterJobView[] {
  return jobs.filter((job) => (job.state === 'held' || job.state === 'unknown') && !offered.has(job.id));
}

/** The label of a job for buttons and screen readers: 'order #ABC123', with the copy or REPRINT when it matters. */
export function jobName(job: CounterJobView): string {
  const extra = job.reprint ? ' (reprint)' : job.copy > 1 ? ` (copy ${job.copy})` : '';
  return `order #${job.orderCode}${extra}`;
}
