// `npm run counter:agent`: the headless print agent (desktop/src/agent.ts). Stops cleanly on Ctrl-C or SIGTERM.
import { startAgent } from '../agent';

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

startAgent({ env: process.env, log }).then(
  (agent) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      log('stopping');
      void agent.stop().finally(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  },
  (error: unknown) => {
    console.error(`The print agent cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
