import { z } from 'zod';
import { hasControlCharacters, nameProblem } from '@kade/shared';

/**
 * The counter app's settings, validated in one place. They come from the user-data settings file (first-run
 * setup) with the environment as an override for kiosks and tests.
 */
export const desktopConfigSchema = z.object({
  serverUrl: z.url({ message: 'serverUrl must be the shop server address, such as http://192.168.1.10:3000' }).default('http://127.0.0.1:3000'),
  printer: z
    .string()
    .regex(/^(tcp:\/\/[^\s:]+:\d{1,5}|\/dev\/\S+|\\\\\S+|[A-Z]:\S*|LPT\d|COM\d+)?$/, {
      message: 'printer must be a device path such as /dev/usb/lp0 or a network address such as tcp://192.168.1.50:9100',
    })
    .default(''),
  autoPrint: z.boolean().default(true),
  /** 'text' prints in the code page and draws only Sinhala and Tamil lines; 'image' draws the whole receipt (printers with no PC858). */
  receiptMode: z.enum(['text', 'image'], { message: "receiptMode must be 'text' or 'image'" }).default('text'),
  copies: z.number().int().min(1, { message: 'copies must be 1 to 3' }).max(3, { message: 'copies must be 1 to 3' }).default(1),
  sound: z.boolean().default(true),
  fullScreen: z.boolean().default(false),
  // The server refuses a heartbeat whose name holds a control character, so the form refuses it first.
  counterName: z
    .string()
    .trim()
    .min(1, { message: 'counterName is required' })
    .max(60, { message: 'counterName must be at most 60 characters' })
    .refine((name) => !hasControlCharacters(name) && nameProblem(name) !== 'notAllowedCharacter', { message: 'counterName contains a character that is not allowed' })
    .refine((name) => name === '' || nameProblem(name) !== 'noLetter', { message: 'counterName must have a letter' })
    .default('Counter'),
  /** Chosen at the first sign-in; identifies this counter in the heartbeat. */
  counterId: z.uuid({ message: 'counterId must be a UUID' }).optional(),
  /** The newest order the counter has handled, so a restart catches up from there. */
  lastSeen: z.iso.datetime({ message: 'lastSeen must be a date and time' }).optional(),
});

export type DesktopConfig = z.infer<typeof desktopConfigSchema>;

/** Merges the saved settings with KADE_* environment overrides; a bad value throws naming the setting. */
export function loadDesktopConfig(saved: unknown, env: Record<string, string | undefined> = {}): DesktopConfig {
  const fromEnv: Record<string, unknown> = {};
  if (env.KADE_SERVER_URL) fromEnv.serverUrl = env.KADE_SERVER_URL;
  if (env.KADE_PRINTER) fromEnv.printer = env.KADE_PRINTER;
  if (env.KADE_AUTO_PRINT) fromEnv.autoPrint = env.KADE_AUTO_PRINT === 'true' || env.KADE_AUTO_PRINT === '1';
  const result = desktopConfigSchema.safeParse({ ...(typeof saved === 'object' && saved ? saved : {}), ...fromEnv });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(issue ? `${issue.message}` : 'The counter app settings are not valid.');
  }
  return result.data;
}
