import { describe, expect, it } from 'vitest';
import type { OrderWire } from '@kade/shared';
import type { CounterBridge, CounterJobView, CounterPrinterState } from './bridge';
import { printOrderOnCounter } from './counter-print';

const ORDER = { _id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', orderId: 'ABC234' } as OrderWire;

function job(reprint: boolean): CounterJobView {
  return { id: 'j1', orderId: ORDER._id, orderCode: ORDER.orderId, copy: 1, reprint, state: 'queued', attempts: 0, lastError: null, createdAt: 0, updatedAt: 0, nextAttemptAt: 0 };
}

/** A counter that records every call it is given; `printed` says whether the order was printed before. */
function recordingCounter({ printed = false, printer = 'connected' }: { printed?: boolean; printer?: CounterPrinterState } = {}) {
  const calls: string[] = [];
  const bridge: Pick<CounterBridge, 'printOrder' | 'reprintOrder' | 'printerStatus'> = {
    printOrder: async (id) => {
      calls.push(`printOrder ${id}`);
      return { ok: true, data: printed ? [] : [job(false)] };
    },
    reprintOrder: async (id) => {
      calls.push(`reprintOrder ${id}`);
      return { ok: true, data: job(true) };
    },
    printerStatus: async () => {
      calls.push('printerStatus');
      return { ok: true, data: { state: printer, queued: 0, failed: 0, held: 0 } };
    },
  };
  return { bridge, calls };
}

describe("'Print Order Details' inside the counter app", () => {
  it('prints nothing for an order that cannot be found (SPEC.md section 8: printing a missing order does nothing)', async () => {
    const { bridge, calls } = recordingCounter();
    const asked: string[] = [];
    const outcome = await printOrderOnCounter(bridge, 'NOSUCH', undefined, async (id) => {
      asked.push(id);
      return null;
    });
    expect(asked).toEqual(['NOSUCH']);
    expect(outcome).toEqual({ kind: 'missing' });
    expect(calls).toEqual([]);
  });

  it('finds the order by its short id and sends the counter its id', async () => {
    const { bridge, calls } = recordingCounter();
    const outcome = await printOrderOnCounter(bridge, 'ABC234', undefined, async (id) => (id === 'ABC234' ? ORDER : null));
    expect(outcome).toEqual({ kind: 'sent', reprinted: false, printerAway: false });
    expect(calls).toEqual([`printOrder ${ORDER._id}`, 'printerStatus']);
  });

  it('prints an order printed before again as a REPRINT, and says when the printer is away', async () => {
    const { bridge, calls } = recordingCounter({ printed: true, printer: 'offline' });
    const outcome = await printOrderOnCounter(bridge, ORDER.orderId, ORDER, async () => {
      throw new Error('the order at hand is not looked up again');
    });
    expect(outcome).toEqual({ kind: 'sent', reprinted: true, printerAway: true });
    expect(calls).toEqual([`printOrder ${ORDER._id}`, `reprintOrder ${ORDER._id}`, 'printerStatus']);
  });

  it("passes on the counter's refusal in its words", async () => {
    const bridge = { ...recordingCounter().bridge, printOrder: async () => ({ ok: false as const, error: 'This counter is signed out.' }) };
    expect(await printOrderOnCounter(bridge, ORDER.orderId, ORDER, async () => null)).toEqual({ kind: 'refused', error: 'This counter is signed out.' });
  });
});
