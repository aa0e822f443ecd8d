// The counter window's banner while the counter itself is signed out (after a restart whose sign-in could not be
// restored, a password change, a disabled account, or a first run): orders will not ring or print, so it stays
// on every page, cannot be closed, and offers the one fix, the counter's Settings window. The counter's main
// process sounds the alert meanwhile; this is what the clerk reads.
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { COUNTER_SIGNED_OUT_TEXT, counterBridge, type CounterSignInStatus } from './bridge';
import './counter-banner.css';

/** How often the counter is asked (it also answers at once when the window comes back to the front). */
const CHECK_MS = 5_000;

export default function CounterBanner() {
  const bridge = counterBridge();
  const [status, setStatus] = useState<CounterSignInStatus | undefined>();
  const [height, setHeight] = useState(0);
  const bar = useRef<HTMLElement>(null);

  const check = useCallback(async () => {
    if (!bridge) return;
    try {
      const answer = await bridge.counterStatus();
      if (answer.ok) setStatus(answer.data);
      else setStatus({ signedIn: false, staffName: null, problem: answer.error });
    } catch {
      setStatus({ signedIn: false, staffName: null, problem: 'The counter app did not answer.' });
    }
  }, [bridge]);

  useEffect(() => {
    void check();
    const timer = window.setInterval(() => void check(), CHECK_MS);
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [check]);

  const signedOut = status !== undefined && !status.signedIn;

  // The page keeps room for the bar at its foot, so the banner never hides the last buttons of a page; the new-order
  // ringer, also at the foot, sits just above it (--counter-banner-height).
  useEffect(() => {
    const element = bar.current;
    if (!signedOut || !element) return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      setHeight(element.offsetHeight);
      root.style.setProperty('--counter-banner-height', `${element.offsetHeight}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--counter-banner-height');
    };
  }, [signedOut]);

  if (!bridge || !signedOut) return null;

  const openSettings = async () => {
    try {
      const answer = await bridge.openSettings();
      if (!answer.ok) toast.error(answer.error);
    } catch {
      toast.error('The counter app did not answer.');
    }
  };

  return (
    <>
      <div style={{ height }} aria-hidden="true" />
      <section ref={bar} className="counter-banner" role="alert" aria-labelledby="counter-banner-title" data-testid="counter-signed-out">
        <div className="counter-banner__text">
          <p id="counter-banner-title" className="counter-banner__title">
            {COUNTER_SIGNED_OUT_TEXT}
          </p>
          <p className="counter-banner__why">{status.problem ?? 'Sign the counter in on its Settings page (Counter → Settings…).'}</p>
        </div>
        <button type="button" className="button button--light" onClick={() => void openSettings()}>
          Open counter settings
        </button>
      </section>
    </>
  );
}
