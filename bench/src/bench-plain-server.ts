// What the benchmark's plain node:http servers share (bench-baseline.ts, bench-ceiling.ts): reading a request's
// body, and listening on loopback until SIGINT or SIGTERM. Nothing but node:http, so that they measure node:http.
import type http from 'node:http';

/** The request's body as text. */
export function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Listens on 127.0.0.1:PORT, says `<name> ready` once it does, and stops on SIGINT or SIGTERM (after `stopping`). */
export function listenUntilStopped(server: http.Server, name: string, stopping: () => Promise<unknown> = async () => undefined): void {
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`${name} ready`));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      server.close();
      server.closeAllConnections();
      void stopping().finally(() => process.exit(0));
    });
  }
}
