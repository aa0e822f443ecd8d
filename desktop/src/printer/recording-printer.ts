import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A network printer for tests and for trying the app without one: listens on loopback like a real
 * `tcp://host:9100` printer and keeps every job (one connection, one job) it received. It can be switched
 * off (refusing connections, as a printer that is off does) and on again on the same port.
 */
export class RecordingPrinter {
  readonly jobs: Buffer[] = [];
  /** When each job's first byte arrived (performance.now() of this process), by the job's index. */
  readonly firstByteAt: number[] = [];
  private server: net.Server | undefined;
  private port = 0;

  get address(): string {
    return `tcp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = net.createServer((socket) => {
      const chunks: Buffer[] = [];
      let firstByteAt = 0;
      socket.on('data', (chunk: Buffer) => {
        if (chunks.length === 0) firstByteAt = performance.now();
        chunks.push(chunk);
      });
      socket.on('end', () => {
        const job = Buffer.concat(chunks);
        if (job.length > 0) {
          // a connection that sends nothing is a status check, not a job
          this.jobs.push(job);
          this.firstByteAt.push(firstByteAt);
        }
        socket.end();
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Switches the printer off: new connections are refused until start() again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
