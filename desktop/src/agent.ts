import os from 'node:os';
import path from 'node:path';
import { createCounter, type Counter, type CounterStatus } from './counter';
import { keyFileBox } from './session-vault';

/** How often a signed-out agent tries its saved session (or its configured staff login) again. */
export const AGENT_RETRY_MS = 30_000;

export interface AgentOptions {
  /** The environment: KADE_SERVER_URL, KADE_PRINTER, KADE_AGENT_DIR, KADE_STAFF_MOBILE, KADE_STAFF_PASSWORD, KADE_COUNTER_NAME. */
  env: Record<string, string | undefined>;
  /** One line per event (signed in, new order, printed, trouble): stdout in the command. */
  log: (line: string) => void;
  retryMs?: number;
}

/** Where the agent keeps its settings (settings.json), print queue, sealed session and key. */
export function agentDir(env: Record<string, string | undefined>): string {
  return path.resolve(env.KADE_AGENT_DIR ?? path.join(os.homedir(), '.kade-agent'));
}

/**
 * The counter without a window (`npm run counter:agent`): on a small always-on box beside the printer it signs
 * in as staff, prints every new order exactly once, and reports its heartbeat, while the clerks work from the
 * dashboard on a tablet. The same createCounter as the Electron app; settings from `settings.json` in its
 * folder with KADE_* variables on top; the session sealed under a key file there, so a reboot keeps it signed
 * in. Signed out, it says so and tries again every 30 seconds: it never goes quiet.
 */
export async function startAgent(options: AgentOptions): Promise<{ counter: Counter; stop(): Promise<void> }> {
  const dir = agentDir(options.env);
  const { log } = options;
  let last: CounterStatus | undefined;
  const counter = await createCounter({
    userDataDir: dir,
    secretBox: keyFileBox(path.join(dir, 'agent.key')),
    env: options.env,
    signInHint: 'Set KADE_STAFF_MOBILE and KADE_STAFF_PASSWORD (a STAFF account) and the agent signs in by itself.',
    playSound: () => undefined, // no speaker: the dashboards ring; the agent prints
    notify: (title, body) => log(`${title}${body ? `: ${body}` : ''}`),
    onStatus: (status) => {
      if (last?.signedIn !== status.signedIn || last?.problem !== status.problem) {
        log(status.signedIn ? `signed in as ${status.staffName ?? 'staff'}; printing every new order` : `signed out: ${status.problem ?? ''}`);
      }
      last = status;
    },
  });
  // A box beside a printer prints every order: that is its job.
  const change: { autoPrint: boolean; counterName?: string } = { autoPrint: true };
  if (options.env.KADE_COUNTER_NAME) change.counterName = options.env.KADE_COUNTER_NAME;
  await counter.settings.save(change);

  const { KADE_STAFF_MOBILE: mobile, KADE_STAFF_PASSWORD: password } = options.env;
  const signIn = async (): Promise<void> => {
    if (counter.status().signedIn) return;
    if (await counter.restore()) return;
    if (!mobile || !password) return;
    const answer = await counter.bridge.signIn(mobile, password);
    if (!answer.ok) log(`could not sign in as ${mobile}: ${answer.error}`);
  };
  await signIn();
  const retry = setInterval(() => void signIn().catch((error: unknown) => log(`sign-in failed: ${String(error)}`)), options.retryMs ?? AGENT_RETRY_MS);
  log(`print agent for ${counter.settings.get().serverUrl} on printer ${counter.settings.get().printer || '(none set: KADE_PRINTER)'}; folder ${dir}`);
  return {
    counter,
    stop: async () => {
      clearInterval(retry);
      await counter.stop();
    },
  };
}
