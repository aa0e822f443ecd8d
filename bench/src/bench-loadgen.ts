// The benchmark's load generator (forked by bench-load.ts `startLoadGenerator`; talks to its parent only):
// runs each load the benchmark asks for with `runLoad` and answers what it measured. A process of its own, so
// the HTTP load never shares an event loop with the benchmark's bookkeeping. Loopback only; every run bounded.
import { runLoad, type LoadgenCommand, type LoadgenReply } from './bench-load';

const reply = (message: LoadgenReply) => process.send?.(message);

process.on('message', (message: LoadgenCommand) => {
  if (message.cmd === 'exit') {
    process.exit(0);
  }
  runLoad(message.options)
    .then((result) => reply({ cmd: 'result', id: message.id, result }))
    .catch((error: unknown) => reply({ cmd: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) }));
});
// The parent's channel closing ends this process.
process.on('disconnect', () => process.exit(0));
reply({ cmd: 'ready' });
