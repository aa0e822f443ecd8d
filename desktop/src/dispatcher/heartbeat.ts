import { ENDPOINTS, HEARTBEAT_INTERVAL_SECONDS, type PrinterState } from '@kade/shared';
import type { ServerApi } from './server-api';

export interface HeartbeatReport {
  counterId: string;
  name: string;
  printer: PrinterState;
  printerError?: string;
  queued: number;
  appVersion: string;
}

/**
 * Reports the counter and its printer to the server now and every 20 s, so admins see which counters and
 * printers are online. A failed report is tried again at the next beat; it never stops the counter.
 */
export class Heartbeat {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly api: ServerApi,
    private readonly report: () => Promise<HeartbeatReport>,
    private readonly intervalMs = HEARTBEAT_INTERVAL_SECONDS * 1000,
  ) {}

  async beat(): Promise<boolean> {
    try {
      await this.api.call(ENDPOINTS.counters.heartbeat, { body: await this.report() });
      return true;
    } catch {
      return false;
    }
  }

  start(): void {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
