/**
 * The new-order alert: a sound that repeats until someone acknowledges the order on screen. One alert per
 * unacknowledged order; the sound plays while any is open.
 */
export class OrderAlert {
  private readonly open = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly playSound: () => void,
    private readonly repeatMs = 10_000,
  ) {}

  raise(orderId: string): void {
    if (this.open.has(orderId)) return;
    this.open.add(orderId);
    this.playSound();
    this.timer ??= setInterval(() => {
      if (this.open.size > 0) this.playSound();
    }, this.repeatMs);
  }

  acknowledge(orderId: string): void {
    this.open.delete(orderId);
    if (this.open.size === 0) this.stop();
  }

  pending(): string[] {
    return [...this.open];
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
