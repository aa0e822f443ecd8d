// @kade/server/testing/port: a free loopback port for a server a test or a benchmark starts. Its own entry, with no
// server code behind it, so that a browser test's set-up can use it without loading the server into its process.
import net from 'node:net';

/** A port nothing listens on at the moment, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
