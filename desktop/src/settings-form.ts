import { isValidMobile, MOBILE_ERROR, PASSWORD_TOO_SHORT, PASSWORD_MIN_LENGTH, sanitizeMobileInput } from '@kade/shared';
import { desktopConfigSchema, type DesktopConfig } from './config';
import type { BridgeApi } from './ipc-channels';

/**
 * The logic of the counter's settings page (static/settings.html, shown on first run and from the Settings
 * menu): the form's values to settings checked by the one settings schema, with an error per field, and the
 * calls the page makes through the bridge. Plain code with no DOM, so it runs in Node tests; the page script
 * (settings-page.dom.ts) only moves values between the form and this controller.
 */

/** The form as the page holds it: text boxes give strings, check boxes booleans. */
export interface SettingsFormValues {
  serverUrl: string;
  counterName: string;
  printer: string;
  autoPrint: boolean;
  /** 'text' or 'image' (a select on the page; the settings schema checks it). */
  receiptMode: string;
  copies: string;
  sound: boolean;
  fullScreen: boolean;
}

export type SettingsField = keyof SettingsFormValues;
export type FieldErrors = Partial<Record<SettingsField, string>>;

export const SETTINGS_FIELDS: readonly SettingsField[] = ['serverUrl', 'counterName', 'printer', 'autoPrint', 'receiptMode', 'copies', 'sound', 'fullScreen'];

/** The form filled from saved settings. */
export function toFormValues(settings: DesktopConfig): SettingsFormValues {
  return {
    serverUrl: settings.serverUrl,
    counterName: settings.counterName,
    printer: settings.printer,
    autoPrint: settings.autoPrint,
    receiptMode: settings.receiptMode,
    copies: String(settings.copies),
    sound: settings.sound,
    fullScreen: settings.fullScreen,
  };
}

/**
 * Checks the form with the settings schema: the settings to save, or one message per field that is wrong
 * (the schema's own messages, so the page and the settings file never disagree).
 */
export function checkSettingsForm(values: SettingsFormValues): { ok: true; settings: Partial<DesktopConfig> } | { ok: false; errors: FieldErrors } {
  const copies = values.copies.trim();
  const candidate = {
    serverUrl: values.serverUrl.trim().replace(/\/+$/, ''),
    counterName: values.counterName,
    printer: values.printer.trim(),
    autoPrint: values.autoPrint,
    receiptMode: values.receiptMode,
    copies: /^\d+$/.test(copies) ? Number(copies) : Number.NaN,
    sound: values.sound,
    fullScreen: values.fullScreen,
  };
  const result = desktopConfigSchema.pick({ serverUrl: true, counterName: true, printer: true, autoPrint: true, receiptMode: true, copies: true, sound: true, fullScreen: true }).safeParse(candidate);
  if (result.success) return { ok: true, settings: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as SettingsField | undefined;
    if (!field || errors[field]) continue;
    errors[field] = field === 'copies' ? 'copies must be 1 to 3' : issue.message;
  }
  return { ok: false, errors };
}

export interface SignInValues {
  mobile: string;
  password: string;
}

/** The staff sign-in's own checks, with the shop's texts, before anything is sent. */
export function checkSignIn(values: SignInValues): { ok: true; mobile: string } | { ok: false; errors: Partial<Record<keyof SignInValues, string>> } {
  const mobile = sanitizeMobileInput(values.mobile);
  const errors: Partial<Record<keyof SignInValues, string>> = {};
  if (!isValidMobile(mobile)) errors.mobile = MOBILE_ERROR;
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, mobile };
}

/** What the page shows after an action: a message, whether it is an error, and the errors per field. */
export interface Outcome {
  ok: boolean;
  message: string;
  fieldErrors?: FieldErrors;
  signInErrors?: Partial<Record<keyof SignInValues, string>>;
}

type SettingsBridge = Pick<BridgeApi, 'getSettings' | 'saveSettings' | 'signIn' | 'testPrint' | 'printerStatus'>;

const PRINTER_STATE_TEXT = {
  connected: 'The printer is connected.',
  offline: 'The printer does not answer: check that it is on and plugged in.',
  'not-configured': 'No printer is set yet.',
} as const;

/** The page's actions, each answering what to show; nothing here throws. */
export class SettingsController {
  constructor(private readonly bridge: SettingsBridge) {}

  async load(): Promise<{ ok: true; values: SettingsFormValues } | { ok: false; message: string }> {
    const answer = await this.bridge.getSettings();
    return answer.ok ? { ok: true, values: toFormValues(answer.data) } : { ok: false, message: answer.error };
  }

  /** Checks and saves; the settings file changes only when every field is right. */
  async save(values: SettingsFormValues): Promise<Outcome> {
    const checked = checkSettingsForm(values);
    if (!checked.ok) return { ok: false, message: 'Please correct the highlighted settings.', fieldErrors: checked.errors };
    const answer = await this.bridge.saveSettings(checked.settings);
    if (!answer.ok) return { ok: false, message: answer.error };
    return { ok: true, message: 'Settings saved.' };
  }

  /** Signs the counter in as a staff member (the settings are saved first: sign-in goes to the server set here). */
  async signIn(values: SettingsFormValues, login: SignInValues): Promise<Outcome> {
    const checked = checkSignIn(login);
    if (!checked.ok) return { ok: false, message: 'Please enter the staff mobile number and password.', signInErrors: checked.errors };
    const saved = await this.save(values);
    if (!saved.ok) return saved;
    const answer = await this.bridge.signIn(checked.mobile, login.password);
    if (!answer.ok) return { ok: false, message: `Sign-in failed: ${answer.error}` };
    return { ok: true, message: 'Signed in: new orders will alert and print on this counter.' };
  }

  /** Saves the printer setting, then prints a test page and reports the printer's state. */
  async testPrint(values: SettingsFormValues): Promise<Outcome> {
    const saved = await this.save(values);
    if (!saved.ok) return saved;
    const status = await this.bridge.printerStatus();
    if (status.ok && status.data.state !== 'connected') return { ok: false, message: PRINTER_STATE_TEXT[status.data.state] };
    const answer = await this.bridge.testPrint();
    if (!answer.ok) return { ok: false, message: answer.error };
    return { ok: true, message: 'Test page sent to the printer.' };
  }
}
