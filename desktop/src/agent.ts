import os from 'node:os';
import path from 'node:path';
import { createCounter, SIGNED_OUT_TEXT, type Counter } from './counter';
import { keyFileBox } from './session-vault';

/** How often a signed-out agent tries its saved session (or its configured staff login) again. */
export const AGENT_RETRY_MS = 30_000;

export interface AgentOptions {
  /**
   * The environment: KADE_SERVER_URL, KADE_PRINTER, KADE_AGENT_DIR, KADE_STAFF_MOBILE, KADE_STAFF_PASSWORD,
   * KADE_COUNTER_NAME, KADE_AGENT_RETRY_SECONDS.
   */
  env: Record<string, string | undefined>;
  /** One line per event (signed in, new order, printed, trouble): stdout in the command. */
  log: (line: string) => void;
  retryMs?: number;
}

/** Where the agent keeps its settings (settings.json), print queue, sealed session and key. */
export function agentDir(env: Record<string, string | undefined>): string {
  return path.resolve(env.KADE_AGENT_DIR ?? path.join(os.homedir(), '.kade-agent'));
}

/** KADE_AGENT_RETRY_SECONDS (1 to 3600) or the default 30 s; anything else stops the start with one line. */
function retryMsOf(env: Record<string, string | undefined>): number {
  const text = env.KADE_AGENT_RETRY_SECONDS;
  if (text === undefined || text === '') return AGENT_RETRY_MS;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) throw new Error(`KADE_AGENT_RETRY_SECONDS must be a whole number of seconds from 1 to 3600 (got "${text}").`);
  return seconds * 1000;
}

/**
 * The counter without a window (`npm run counter:agent`): on a small always-on box beside the printer it signs
 * in as staff, prints every new order exactly once, and reports its heartbeat, while the clerks work from the
 * dashboard on a tablet. The same createCounter as the Electron app; settings from `settings.json` in its
 * folder with KADE_* variables on top; the session sealed under a key file there, so a reboot keeps it signed
 * in. Signed out, it says why in one line at every try (every 30 seconds) and tries again: it never goes quiet,
 * and it says "signed out" only when it is.
 */
export async function startAgent(options: AgentOptions): Promise<{ counter: Counter; stop(): Promise<void> }> {
  const dir = agentDir(options.env);
  const { log } = options;
  const retryMs = options.retryMs ?? retryMsOf(options.env);
  const { KADE_STAFF_MOBILE: mobile, KADE_STAFF_PASSWORD: password } = options.env;
  let signedIn = false;
  const counter = await createCounter({
    userDataDir: dir,
    secretBox: keyFileBox(path.join(dir, 'agent.key')),
    env: options.env,
    signInHint: 'Set KADE_STAFF_MOBILE and KADE_STAFF_PASSWORD (a STAFF account) and the agent signs in by itself.',
    playSound: () => undefined, // no speaker: the dashboards ring; the agent prints
    // the signed-out notification is said by the lines below, once per try
    notify: (title, body) => {
      if (title !== SIGNED_OUT_TEXT) log(`${title}${body ? `: ${body}` : ''}`);
    },
    onStatus: (status) => {
      if (status.signedIn && !signedIn) log(`signed in as ${status.staffName ?? 'staff'}; printing every new order`);
      // the server ended the session while it ran: said at once (the next try signs in again with the variables)
      if (!status.signedIn && signedIn) log(`signed out: ${status.problem ?? ''}`);
      signedIn = status.signedIn;
    },
  });
  // A box beside a printer prints every order: that is its job.
  const change: { autoPrint: boolean; counterName?: string } = { autoPrint: true };
  if (options.env.KADE_COUNTER_NAME) change.counterName = options.env.KADE_COUNTER_NAME;
  await counter.settings.save(change);

  const again = `trying again in ${Math.round(retryMs / 1000)} s`;
  /** One try: the saved session, else the variables' login. Says in one line why it is still signed out. */
  const signIn = async (): Promise<void> => {
    if (counter.status().signedIn) return;
    if (await counter.restore()) return;
    if (!mobile || !password) {
      log(`signed out: ${counter.status().problem ?? ''} (${again})`);
      return;
    }
    const answer = await counter.bridge.signIn(mobile, password);
    if (answer.ok) return;
    const why = answer.error === 'fetch failed' ? `the shop server at ${counter.settings.get().serverUrl} is not answering` : answer.error;
    log(`signed out: could not sign in as ${mobile}: ${why} (${again})`);
  };
  log(`print agent for ${counter.settings.get().serverUrl} on printer ${counter.settings.get().printer || '(none set: KADE_PRINTER)'}; folder ${dir}`);
  await signIn();
  // one try at a time: a slow server makes a try longer than the interval
  let trying: Promise<void> | undefined;
  const retry = setInterval(() => {
    trying ??= signIn()
      .catch((error: unknown) => log(`signed out: the sign-in failed: ${error instanceof Error ? error.message : String(error)} (${again})`))
      .finally(() => {
        trying = undefined;
      });
  }, retryMs);
  return {
    counter,
    stop: async () => {
      clearInterval(retry);
      await trying;
      await counter.stop();
    },
  };
}
