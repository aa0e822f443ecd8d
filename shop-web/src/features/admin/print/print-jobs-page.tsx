// /dashboard/print-jobs: the counter's receipts that have not printed (queued, failing, held after an outage,
// unknown after a restart), each with why and how long ago, and Print now / Skip for one or all. Reached from the
// printer status in the dashboard's top bar; only the counter app has a print queue, so in a browser it says so.
import { useCallback, useEffect, useState } from 'react';
import { Loading } from '../../../components/loading';
import { counterBridge, type CounterJobView } from './bridge';
import { actionable, ageText, jobKind, jobName, jobReason, KIND_LABELS, PRINT_JOBS_TEXT as TEXT } from './print-jobs';
import { resolveJobsAndTell } from './resolve-jobs';
import './controls.css';
import './print-jobs.css';

/** The list is read this often while the page is open (the counter prints and retries by itself). */
const REFRESH_MS = 3_000;

type Loaded = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; jobs: CounterJobView[] };

export default function PrintJobsPage() {
  const bridge = counterBridge();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [confirmSkip, setConfirmSkip] = useState(false);

  const refresh = useCallback(async () => {
    if (!bridge) return;
    try {
      const answer = await bridge.printJobs();
      setLoaded(answer.ok ? { kind: 'ready', jobs: answer.data } : { kind: 'failed' });
    } catch {
      setLoaded({ kind: 'failed' });
    }
    setNow(Date.now());
  }, [bridge]);

  useEffect(() => {
    void refresh();
    const timer = window.setInterval(() => void refresh(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  useEffect(() => {
    document.title = TEXT.title;
  }, []);

  const resolve = async (ids: string[], decision: 'print' | 'cancel') => {
    if (!bridge || ids.length === 0) return;
    setBusy(true);
    await resolveJobsAndTell(bridge, ids, decision);
    setBusy(false);
    setConfirmSkip(false);
    await refresh();
  };

  if (!bridge) {
    return (
      <section className="print-jobs">
        <h1>{TEXT.title}</h1>
        <p>{TEXT.notInCounter}</p>
      </section>
    );
  }

  const jobs = loaded.kind === 'ready' ? loaded.jobs : [];
  const open = actionable(jobs);

  return (
    <section className="print-jobs" aria-labelledby="print-jobs-title" aria-busy={busy}>
      <h1 id="print-jobs-title">
        {TEXT.title}
        {loaded.kind === 'ready' ? ` (${jobs.length})` : ''}
      </h1>
      {loaded.kind === 'loading' ? <Loading /> : null}
      {loaded.kind === 'failed' ? (
        <div className="print-jobs__problem" role="alert">
          <p>{TEXT.loadFailed}</p>
          <button type="button" className="button button--ghost" onClick={() => void refresh()}>
            Try again
          </button>
        </div>
      ) : null}
      {loaded.kind === 'ready' && jobs.length === 0 ? <p className="print-jobs__empty">{TEXT.empty}</p> : null}
      {open.length > 0 ? (
        <div className="print-jobs__all">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void resolve(open.map((j) => j.id), 'print')}>
            {TEXT.printAll(open.length)}
          </button>
          {confirmSkip ? (
            <div className="print-jobs__confirm" role="group" aria-label="Skip every receipt?">
              <p>{TEXT.confirmSkipAll(open.length)}</p>
              <button type="button" className="button print-jobs__skip-yes" disabled={busy} onClick={() => void resolve(open.map((j) => j.id), 'cancel')}>
                {TEXT.yesSkip}
              </button>
              <button type="button" className="button button--ghost" onClick={() => setConfirmSkip(false)}>
                {TEXT.keep}
              </button>
            </div>
          ) : (
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => setConfirmSkip(true)}>
              {TEXT.skipAll(open.length)}
            </button>
          )}
        </div>
      ) : null}
      {jobs.length > 0 ? (
        <ul className="print-jobs__list">
          {jobs.map((job) => {
            const kind = jobKind(job);
            if (!kind) return null;
            return (
              <li key={job.id} className="print-job" data-kind={kind} aria-label={`Receipt for ${jobName(job)}`}>
                <div className="print-job__head">
                  <span className="print-job__kind">{KIND_LABELS[kind]}</span>
                  <strong className="print-job__order">{jobName(job).replace(/^order /, 'Order ')}</strong>
                  <span className="print-job__age">{ageText(job.createdAt, now)}</span>
                </div>
                <p className="print-job__reason">{jobReason(job, now)}</p>
                {kind !== 'sending' ? (
                  <div className="print-job__actions">
                    <button type="button" className="button button--primary" disabled={busy} aria-label={`${TEXT.printNow}: ${jobName(job)}`} onClick={() => void resolve([job.id], 'print')}>
                      {TEXT.printNow}
                    </button>
                    <button type="button" className="button button--ghost" disabled={busy} aria-label={`${TEXT.skip}: ${jobName(job)}`} onClick={() => void resolve([job.id], 'cancel')}>
                      {TEXT.skip}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
