import net from 'node:net';
import { access, open } from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import type { CounterPrinterState } from '@kade/shared';

/** Where the receipts go: a network printer (`tcp://host:9100`) or a device path (`/dev/usb/lp0`, `LPT1`). */
export type PrinterAddress = { kind: 'tcp'; host: string; port: number } | { kind: 'device'; path: string };

export type PrinterState = CounterPrinterState;

export class PrinterError extends Error {
  override name = 'PrinterError';
}

export function parsePrinterAddress(text: string): PrinterAddress | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const tcp = /^tcp:\/\/([^\s:/]+):(\d{1,5})$/.exec(trimmed);
  if (tcp) return { kind: 'tcp', host: tcp[1] as string, port: Number(tcp[2]) };
  return { kind: 'device', path: trimmed };
}

function sendTcp(address: { host: string; port: number }, bytes: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address.host, port: address.port });
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    socket.setTimeout(timeoutMs, () => finish(new PrinterError(`The printer at ${address.host}:${address.port} did not answer in time.`)));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish(new PrinterError(error.code === 'ECONNREFUSED' ? `The printer at ${address.host}:${address.port} is off or unplugged.` : `The printer at ${address.host}:${address.port} failed: ${error.message}`)),
    );
    socket.once('connect', () => {
      socket.end(Buffer.from(bytes), () => finish());
    });
  });
}

async function sendDevice(path: string, bytes: Uint8Array): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'w');
    await handle.write(bytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PrinterError(code === 'ENOENT' ? `No printer is plugged in at ${path}.` : code === 'EACCES' ? `This user may not write to ${path}: add it to the printer's group (lp).` : `The printer at ${path} failed: ${(error as Error).message}`);
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Sends the bytes; resolves once the printer took them all, rejects with a PrinterError saying why not. */
export async function sendToPrinter(address: PrinterAddress, bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<void> {
  if (address.kind === 'tcp') return sendTcp(address, bytes, options.timeoutMs ?? 5000);
  return sendDevice(address.path, bytes);
}

/** Whether the printer can be reached now (a TCP connection, or a writable device file). */
export async function printerState(address: PrinterAddress | undefined, options: { timeoutMs?: number } = {}): Promise<PrinterState> {
  if (!address) return 'not-configured';
  if (address.kind === 'device') {
    return access(address.path, fsConstants.W_OK).then(() => 'connected' as const, () => 'offline' as const);
  }
  return new Promise((resolve) => {
    const socket = net.connect({ host: address.host, port: address.port });
    const done = (state: PrinterState) => {
      socket.destroy();
      resolve(state);
    };
    socket.setTimeout(options.timeoutMs ?? 2000, () => done('offline'));
    socket.once('error', () => done('offline'));
    socket.once('connect', () => done('connected'));
  });
}
