// The counter's receipt printer in the dashboard header: its state and a test print. Shown only inside the
// counter app (its bridge present); in an ordinary browser it renders nothing.
import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { COUNTER_PRINT_TEXT, counterBridge, type CounterPrinterState } from './bridge';
import './controls.css';

const REFRESH_MS = 15_000;

type Shown = CounterPrinterState | 'error' | 'checking';

const LABELS: Record<Shown, string> = {
  connected: 'Printer connected',
  offline: 'Printer offline',
  'not-configured': 'No printer set',
  error: 'Printer error',
  checking: 'Checking printer…',
};

export function PrinterStatus() {
  const bridge = counterBridge();
  const [state, setState] = useState<Shown>('checking');
  const [queued, setQueued] = useState(0);
  const [testing, setTesting] = useState(false);

  const refresh = useCallback(async () => {
    if (!bridge) return;
    try {
      const answer = await bridge.printerStatus();
      if (answer.ok) {
        setState(answer.data.state);
        setQueued(answer.data.queued);
      } else {
        setState('error');
      }
    } catch {
      setState('error');
    }
  }, [bridge]);

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

  return (
    <div className="printer-status" data-state={state}>
      <span className="printer-status__state" role="status">
        <span className="printer-status__dot" aria-hidden="true" />
        {LABELS[state]}
        {queued > 0 ? ` (${queued} waiting)` : ''}
      </span>
      <button type="button" className="btn print-btn printer-status__test" onClick={() => void testPrint()} disabled={testing}>
        Test print
      </button>
    </div>
  );
}
