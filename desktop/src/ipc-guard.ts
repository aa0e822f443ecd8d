import { z } from 'zod';
import { handInSlipRequestSchema, mobileSchema, reportQuerySchema } from '@kade/shared';
import { desktopConfigSchema } from './config';
import type { BridgeApi, IpcResult } from './ipc-channels';

/** Who is calling the bridge: the configured server's dashboard, or the bundled settings page. */
export type Caller = 'dashboard' | 'settings';

const orderRef = z.string().trim().min(1).max(64).regex(/^[\w-]+$/, 'an order id');
const none = z.tuple([]);

/**
 * Every bridge call: the arguments it takes (checked before the handler runs), and who may make it. The
 * dashboard (a page the server sends) may print, take orders and read the printer's state; only the bundled
 * settings page may change settings or sign the counter in, so a page from the network can never point the
 * printer at a file or sign the counter in as someone else.
 */
export const BRIDGE_CALLS = {
  printOrder: { args: z.tuple([orderRef]), callers: ['dashboard'] },
  reprintOrder: { args: z.tuple([orderRef]), callers: ['dashboard'] },
  printerStatus: { args: none, callers: ['dashboard', 'settings'] },
  testPrint: { args: none, callers: ['dashboard', 'settings'] },
  printJobs: { args: none, callers: ['dashboard'] },
  resolveJobs: { args: z.tuple([z.array(z.string().max(64)).max(1000), z.enum(['print', 'cancel'])]), callers: ['dashboard'] },
  getSettings: { args: none, callers: ['settings'] },
  saveSettings: { args: z.tuple([desktopConfigSchema.partial().strict()]), callers: ['settings'] },
  acknowledgeOrder: { args: z.tuple([orderRef]), callers: ['dashboard'] },
  counterStatus: { args: none, callers: ['dashboard', 'settings'] },
  signIn: { args: z.tuple([mobileSchema, z.string().min(1).max(128)]), callers: ['settings'] },
  openSettings: { args: none, callers: ['dashboard'] },
  printDaySummary: { args: z.tuple([reportQuerySchema.shape.day]), callers: ['dashboard'] },
  printHandInSlip: { args: z.tuple([handInSlipRequestSchema.strict()]), callers: ['dashboard'] },
} as const satisfies Record<keyof BridgeApi, { args: z.ZodType<unknown[]>; callers: readonly Caller[] }>;

/**
 * Which caller a frame is, from its URL: the configured server's origin is the dashboard, the bundled settings
 * page (a file URL the app names) is the settings page; anything else (another origin, a frame of another site,
 * a data: URL) is nobody.
 */
export function callerOf(frameUrl: string | undefined, serverOrigin: string, settingsPageUrl: string): Caller | undefined {
  if (!frameUrl) return undefined;
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return undefined;
  }
  if (url.protocol === 'file:') {
    const page = new URL(settingsPageUrl);
    url.search = '';
    url.hash = '';
    page.search = '';
    page.hash = '';
    return url.href === page.href ? 'settings' : undefined;
  }
  return url.origin === serverOrigin ? 'dashboard' : undefined;
}

/**
 * Answers one bridge call from a frame: refused (never thrown across the bridge) when the frame may not make it
 * or its arguments are wrong; otherwise the handler's own answer.
 */
export async function guardedCall(
  bridge: BridgeApi,
  call: string,
  frameUrl: string | undefined,
  args: unknown[],
  where: { serverOrigin: string; settingsPageUrl: string },
): Promise<IpcResult<unknown>> {
  if (!Object.hasOwn(BRIDGE_CALLS, call)) return { ok: false, error: `There is no counter call ${call}.` };
  const rule = BRIDGE_CALLS[call as keyof BridgeApi];
  const caller = callerOf(frameUrl, where.serverOrigin, where.settingsPageUrl);
  if (!caller || !(rule.callers as readonly Caller[]).includes(caller)) return { ok: false, error: 'This page may not use the counter.' };
  const parsed = rule.args.safeParse(args);
  if (!parsed.success) return { ok: false, error: `The counter cannot do that: ${parsed.error.issues[0]?.message ?? 'bad arguments'}.` };
  const handler = bridge[call as keyof BridgeApi] as (...a: unknown[]) => Promise<IpcResult<unknown>>;
  return handler(...(parsed.data as unknown[]));
}
