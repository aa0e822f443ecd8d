// The counter's receipt printer in the dashboard header: its state, how many receipts wait (a link to the
// print-jobs screen) and a test print. After an outage it offers the held backlog once. Shown only inside the
// counter app (its bridge present); in an ordinary browser it renders nothing.
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import toast from 'react-hot-toast';
import { COUNTER_PRINT_TEXT, counterBridge, type CounterBridge, type CounterJobView, type CounterPrinterState } from './bridge';
import { jobName, PRINT_JOBS_TEXT, unofferedBacklog } from './print-jobs';
import { resolveJobsAndTell } from './resolve-jobs';
import { useModalDialog } from '../../../lib/use-modal-dialog';
import './controls.css';
import './print-jobs.css';
import { paths } from '../../../lib/paths';

const REFRESH_MS = 10_000;
/** Where this window remembers which held receipts it has offered already (a reload does not offer them again). */
const OFFERED_KEY = 'kade.printJobs.offered';
export const PRINT_JOBS_PATH = paths.dashboard.printJobs;

type Shown = CounterPrinterState | 'error' | 'checking';

const LABELS: Record<Shown, string> = {
  connected: 'Printer connected',
  offline: 'Printer offline',
  'not-configured': 'No printer set',
  error: 'Printer error',
  checking: 'Checking printer…',
};

function offeredIds(): Set<string> {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(OFFERED_KEY) ?? '[]');
    return new Set(Array.isArray(saved) ? saved.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function rememberOffered(ids: readonly string[]): void {
  const all = [...offeredIds(), ...ids].slice(-500);
  try {
    window.sessionStorage.setItem(OFFERED_KEY, JSON.stringify(all));
  } catch {
    // storage full or refused: the offer may come again, which is the safe side
  }
}

/** 'Printer offline (2 waiting, 3 held)': what is not yet on paper, in the status line. */
function countsText(queued: number, held: number): string {
  const parts = [queued > 0 ? `${queued} waiting` : '', held > 0 ? `${held} held` : ''].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

export function PrinterStatus() {
  const bridge = counterBridge();
  const { pathname } = useLocation();
  const [state, setState] = useState<Shown>('checking');
  const [queued, setQueued] = useState(0);
  const [held, setHeld] = useState(0);
  const [testing, setTesting] = useState(false);
  const [offer, setOffer] = useState<CounterJobView[]>([]);
  const onJobsPage = pathname === PRINT_JOBS_PATH;

  const refresh = useCallback(async () => {
    if (!bridge) return;
    try {
      const answer = await bridge.printerStatus();
      if (!answer.ok) {
        setState('error');
        return;
      }
      setState(answer.data.state);
      setQueued(answer.data.queued);
      setHeld(answer.data.held);
      if (answer.data.held > 0 && !onJobsPage) {
        const jobs = await bridge.printJobs();
        if (jobs.ok) {
          const fresh = unofferedBacklog(jobs.data, offeredIds());
          if (fresh.length > 0) setOffer((shown) => (shown.length > 0 ? shown : fresh));
        }
      }
    } catch {
      setState('error');
    }
  }, [bridge, onJobsPage]);

  useEffect(() => {
    if (!bridge) return undefined;
    void refresh();
    const timer = window.setInterval(() => void refresh(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [bridge, refresh]);

  if (!bridge) return null;

  const testPrint = async () => {
    setTesting(true);
    try {
      const answer = await bridge.testPrint();
      if (answer.ok) toast.success(COUNTER_PRINT_TEXT.testSent);
      else toast.error(answer.error);
    } catch {
      toast.error('The counter app did not answer.');
    } finally {
      setTesting(false);
      void refresh();
    }
  };

  const closeOffer = () => {
    rememberOffered(offer.map((job) => job.id));
    setOffer([]);
    void refresh();
  };

  return (
    <div className="printer-status" data-state={state} data-held={held > 0}>
      <span className="printer-status__state" role="status">
        <span className="printer-status__dot" aria-hidden="true" />
        <Link className="printer-status__link" to={PRINT_JOBS_PATH} title="Print jobs">
          {LABELS[state]}
          {countsText(queued, held)}
        </Link>
      </span>
      <button type="button" className="btn print-btn printer-status__test" onClick={() => void testPrint()} disabled={testing}>
        Test print
      </button>
      {offer.length > 0 && !onJobsPage ? <HeldOffer bridge={bridge} jobs={offer} onClose={closeOffer} /> : null}
    </div>
  );
}

/** The held backlog, offered once as a dialog: print it all, skip it all, or review it on the print-jobs screen. */
function HeldOffer({ bridge, jobs, onClose }: { bridge: CounterBridge; jobs: CounterJobView[]; onClose: () => void }) {
  const dialog = useModalDialog();
  const [busy, setBusy] = useState(false);

  const decide = async (decision: 'print' | 'cancel') => {
    setBusy(true);
    await resolveJobsAndTell(
      bridge,
      jobs.map((job) => job.id),
      decision,
    );
    setBusy(false);
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      className="held-offer"
      aria-labelledby="held-offer-title"
      aria-describedby="held-offer-body"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="held-offer-title">{PRINT_JOBS_TEXT.offerTitle}</h2>
      <p id="held-offer-body">{PRINT_JOBS_TEXT.offerBody(jobs.length)}</p>
      <ul>
        {jobs.slice(0, 6).map((job) => (
          <li key={job.id}>{jobName(job).replace(/^order /, 'Order ')}</li>
        ))}
        {jobs.length > 6 ? <li>and {jobs.length - 6} more</li> : null}
      </ul>
      <div className="held-offer__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void decide('print')}>
          {PRINT_JOBS_TEXT.printAll(jobs.length)}
        </button>
        <Link className="button button--ghost" to={PRINT_JOBS_PATH} onClick={onClose}>
          {PRINT_JOBS_TEXT.offerReview}
        </Link>
        <button type="button" className="button print-jobs__skip-yes" disabled={busy} onClick={() => void decide('cancel')}>
          {PRINT_JOBS_TEXT.skipAll(jobs.length)}
        </button>
      </div>
    </dialog>
  );
}
