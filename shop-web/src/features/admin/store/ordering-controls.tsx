// Busy mode on the dashboard (issue 19), a lazy chunk loaded only for those who may pause: 'Pause orders' in the
// dashboard's bar (so also in the counter app's window, which shows the same dashboard) with what to pause and for
// how long, and while paused what is paused, until when, and 'Resume'. For admins, a red banner on every
// dashboard page while shoppers cannot order because nobody is attending or the shop is paused.
import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FASTEST_OPTION, type PauseScope } from '@kade/shared';
import { ApiError } from '../../../lib/api-client';
import { storeApi } from './api/store-api';
import { pauseText } from '../../../lib/ordering-text';
import { useShopConfig } from '../../../lib/shop-config';
import { useModalDialog } from '../../../lib/use-modal-dialog';
import { useOrdering, useSetOrdering } from '../../../state/ordering';
import { useCan } from '../../../state/use-can';
import './store.css';

/** The lengths offered, in minutes; null: until someone resumes. */
const LENGTHS: ReadonlyArray<{ minutes: number | null; label: string }> = [
  { minutes: 15, label: '15 minutes' },
  { minutes: 30, label: '30 minutes' },
  { minutes: 60, label: '60 minutes' },
  { minutes: null, label: 'Until resumed' },
];

function failureText(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'The shop did not answer. Please try again.';
}

/** The pause dialog: what to pause and for how long, then 'Pause'. */
function PauseDialog({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog();
  const titleId = useId();
  const [scope, setScope] = useState<PauseScope>('all');
  const [length, setLength] = useState<number | null>(30);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const setOrdering = useSetOrdering();

  async function pause(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setProblem('');
    try {
      const answer = await storeApi.pause({ scope, minutes: length });
      setOrdering(answer.data);
      toast.success(scope === 'all' ? 'Orders paused' : `${FASTEST_OPTION} paused`);
      onClose();
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="dash-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form className="dash-dialog__form" onSubmit={(event) => void pause(event)}>
        <h2 id={titleId}>Pause orders</h2>
        <fieldset className="pause-choices">
          <legend>What to pause</legend>
          <label className="pause-choice">
            <input type="radio" name="pause-scope" checked={scope === 'all'} onChange={() => setScope('all')} />
            All ordering
          </label>
          <label className="pause-choice">
            <input type="radio" name="pause-scope" checked={scope === 'fastest'} onChange={() => setScope('fastest')} />
            Only the fastest option ({FASTEST_OPTION})
          </label>
        </fieldset>
        <fieldset className="pause-choices">
          <legend>For how long</legend>
          {LENGTHS.map((each) => (
            <label key={each.label} className="pause-choice">
              <input type="radio" name="pause-length" checked={length === each.minutes} onChange={() => setLength(each.minutes)} />
              {each.label}
            </label>
          ))}
        </fieldset>
        {problem ? (
          <p className="pause-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="dash-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={saving}>
            {saving ? 'Pausing…' : 'Pause'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** 'Pause orders' in the dashboard's bar, or while paused: what, until when, and 'Resume'. */
export function PauseControl() {
  const ordering = useOrdering();
  const { timeZone } = useShopConfig();
  const setOrdering = useSetOrdering();
  const [choosing, setChoosing] = useState(false);
  const [resuming, setResuming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // The server does not answer the ordering state (yet): nothing to pause from.
  if (!ordering) return null;
  const pause = ordering.pause;

  const resume = async () => {
    setResuming(true);
    try {
      const answer = await storeApi.resume();
      setOrdering(answer.data);
      toast.success('Orders resumed');
    } catch (error) {
      toast.error(failureText(error));
    } finally {
      setResuming(false);
    }
  };

  const close = () => {
    setChoosing(false);
    opener.current?.focus();
  };

  // One button that reads 'Pause orders' or 'Resume', so the focus stays on it as the state changes.
  return (
    <div className="pause-control" data-paused={pause ? pause.scope : 'no'}>
      <span className="pause-control__state" role="status">
        {pause ? pauseText(pause, FASTEST_OPTION, timeZone) : ''}
        {pause?.by ? <span className="pause-control__by"> (by {pause.by})</span> : null}
      </span>
      <button
        ref={opener}
        type="button"
        className={`button pause-control__button ${pause ? 'button--primary' : 'button--ghost'}`}
        aria-haspopup={pause ? undefined : 'dialog'}
        disabled={resuming}
        onClick={() => (pause ? void resume() : setChoosing(true))}
      >
        {pause ? (resuming ? 'Resuming…' : 'Resume') : 'Pause orders'}
      </button>
      {choosing && !pause ? <PauseDialog onClose={close} /> : null}
    </div>
  );
}

/**
 * The admins' red banner: shoppers cannot order now because nobody is at a counter or dashboard
 * (STORE_UNATTENDED) or staff paused all ordering (STORE_PAUSED). Outside the shop's hours it says nothing:
 * that is expected.
 */
export function OrderingAlert() {
  const ordering = useOrdering();
  const isAdmin = useCan('store.manage');
  const { timeZone } = useShopConfig();
  const reason = ordering?.reason;
  const shown = isAdmin && (reason?.code === 'STORE_UNATTENDED' || reason?.code === 'STORE_PAUSED');
  return (
    <div role="alert" className="ordering-alert-slot">
      {shown && reason ? (
        <div className="ordering-alert">
          <strong>Shoppers cannot order now.</strong> {reason.message}
          {reason.code === 'STORE_PAUSED' && ordering?.pause ? ` ${pauseText(ordering.pause, FASTEST_OPTION, timeZone)}.` : ''}
        </div>
      ) : null}
    </div>
  );
}
