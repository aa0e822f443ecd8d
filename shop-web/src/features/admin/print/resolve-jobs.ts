// Print now or Skip, for the print-jobs screen and the held-backlog offer alike: asks the counter and says in a
// toast what happened (how many receipts went to the printer or were skipped, or why nothing did).
import toast from 'react-hot-toast';
import type { CounterBridge } from './bridge';
import { PRINT_JOBS_TEXT } from './print-jobs';

export async function resolveJobsAndTell(bridge: CounterBridge, ids: string[], decision: 'print' | 'cancel'): Promise<void> {
  try {
    const answer = await bridge.resolveJobs(ids, decision);
    if (answer.ok) toast.success(decision === 'print' ? PRINT_JOBS_TEXT.sentToPrinter(answer.data.changed) : PRINT_JOBS_TEXT.skipped(answer.data.changed));
    else toast.error(answer.error);
  } catch {
    toast.error(PRINT_JOBS_TEXT.loadFailed);
  }
}
