// The benchmark's load generator (forked by bench-load.ts `startLoadGenerator`; talks to its parent only):
// runs each load the benchmark asks for with `runLoad` and answers what it measured. A process of its own, so
// the HTTP load never shares an event loop with the benchmark's bookkeeping. Loopback only; every run bounded.
import { runLoad, type LoadgenCommand, type LoadResult } from './bench-load';
import { answerJob, type WorkerReply } from './bench-process';

process.on('message', (message: (LoadgenCommand & { id: number }) | { cmd: 'exit' }) => {
  if (message.cmd === 'exit') process.exit(0);
  answerJob(message.id, runLoad(message.options));
});
// The parent's channel closing ends this process.
process.on('disconnect', () => process.exit(0));
process.send?.({ cmd: 'ready' } satisfies WorkerReply<LoadResult>);
