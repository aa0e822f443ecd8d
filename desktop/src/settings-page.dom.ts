// The script of the counter's settings page (static/settings.html; scripts/build.mjs inlines it into
// dist/settings.html). It runs in the sandboxed settings window with the bridge of bridge.preload.ts, and only
// moves values between the form and SettingsController (settings-form.ts), where the logic is tested.
import type { BridgeApi } from './ipc-channels';
import { SETTINGS_FIELDS, SettingsController, type FieldErrors, type Outcome, type SettingsFormValues } from './settings-form';

const form = document.querySelector<HTMLFormElement>('#settings');
const status = document.querySelector<HTMLElement>('#status');
const bridge = (window as unknown as { kadeCounter?: BridgeApi }).kadeCounter;

function control(name: string): HTMLInputElement | HTMLSelectElement {
  const element = form?.elements.namedItem(name);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement)) throw new Error(`the settings form has no field ${name}`);
  return element;
}

function input(name: string): HTMLInputElement {
  const element = control(name);
  if (!(element instanceof HTMLInputElement)) throw new Error(`the settings form field ${name} is not an input`);
  return element;
}

function readForm(): SettingsFormValues {
  return {
    serverUrl: input('serverUrl').value,
    counterName: input('counterName').value,
    printer: input('printer').value,
    autoPrint: input('autoPrint').checked,
    receiptMode: control('receiptMode').value,
    copies: input('copies').value,
    sound: input('sound').checked,
    fullScreen: input('fullScreen').checked,
  };
}

function fillForm(values: SettingsFormValues): void {
  for (const field of SETTINGS_FIELDS) {
    const value = values[field];
    if (typeof value === 'boolean') input(field).checked = value;
    else control(field).value = value;
  }
}

/** Marks each wrong field (aria-invalid, its message beside it) and clears the others. */
function showErrors(errors: Partial<Record<string, string>>, names: readonly string[]): void {
  let first: HTMLInputElement | HTMLSelectElement | undefined;
  for (const name of names) {
    const message = errors[name];
    const field = control(name);
    const slot = document.getElementById(`${name}-error`);
    field.setAttribute('aria-invalid', message ? 'true' : 'false');
    if (slot) slot.textContent = message ?? '';
    if (message && !first) first = field;
  }
  first?.focus();
}

function show(outcome: Outcome): void {
  if (!status) return;
  status.textContent = outcome.message;
  status.className = outcome.ok ? 'status status--ok' : 'status status--error';
  showErrors(outcome.fieldErrors ?? ({} as FieldErrors), SETTINGS_FIELDS);
  showErrors(outcome.signInErrors ?? {}, ['mobile', 'password']);
}

async function busy(button: HTMLButtonElement, work: () => Promise<Outcome>): Promise<void> {
  button.disabled = true;
  if (status) status.textContent = 'Working…';
  try {
    show(await work());
  } finally {
    button.disabled = false;
  }
}

async function start(): Promise<void> {
  if (!form || !status) return;
  if (!bridge) {
    show({ ok: false, message: 'This page works only inside the Kade counter app.' });
    return;
  }
  const controller = new SettingsController(bridge);
  const loaded = await controller.load();
  if (loaded.ok) fillForm(loaded.values);
  else show({ ok: false, message: loaded.message });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = event.submitter instanceof HTMLButtonElement ? event.submitter : document.querySelector<HTMLButtonElement>('#save');
    if (button) void busy(button, () => controller.save(readForm()));
  });
  const testButton = document.querySelector<HTMLButtonElement>('#test-print');
  testButton?.addEventListener('click', () => void busy(testButton, () => controller.testPrint(readForm())));
  const signInButton = document.querySelector<HTMLButtonElement>('#sign-in');
  signInButton?.addEventListener('click', () =>
    void busy(signInButton, () => controller.signIn(readForm(), { mobile: input('mobile').value, password: input('password').value })),
  );
}

void start();
