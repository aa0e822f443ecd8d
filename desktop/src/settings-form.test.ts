import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MOBILE_ERROR, PASSWORD_TOO_SHORT } from '@kade/shared';
import { createCounter, type Counter } from './counter';
import { decodeEscPos } from './printer/escpos-text';
import { RecordingPrinter } from './printer/recording-printer';
import { eventually } from './testing/live-server';
import { checkSettingsForm, checkSignIn, SettingsController, toFormValues, type SettingsFormValues } from './settings-form';

const good: SettingsFormValues = {
  serverUrl: 'http://192.168.1.10:3000/',
  counterName: 'Front counter',
  printer: 'tcp://192.168.1.50:9100',
  autoPrint: true,
  receiptMode: 'text',
  copies: '2',
  sound: false,
  fullScreen: true,
};

describe('the settings form', () => {
  it('turns a filled form into settings, trimming the address', () => {
    expect(checkSettingsForm(good)).toEqual({
      ok: true,
      settings: { serverUrl: 'http://192.168.1.10:3000', counterName: 'Front counter', printer: 'tcp://192.168.1.50:9100', autoPrint: true, receiptMode: 'text', copies: 2, sound: false, fullScreen: true },
    });
    expect(checkSettingsForm({ ...good, printer: '  /dev/usb/lp0 ' })).toMatchObject({ ok: true, settings: { printer: '/dev/usb/lp0' } });
    expect(checkSettingsForm({ ...good, printer: '' })).toMatchObject({ ok: true, settings: { printer: '' } });
    expect(checkSettingsForm({ ...good, printer: 'LPT1' })).toMatchObject({ ok: true, settings: { printer: 'LPT1' } });
  });

  it('names every wrong field with the settings schema\'s own message', () => {
    const result = checkSettingsForm({ ...good, serverUrl: 'shop computer', printer: 'the printer in the back', copies: '4', counterName: '  ' });
    expect(result).toEqual({
      ok: false,
      errors: {
        serverUrl: 'serverUrl must be the shop server address, such as http://192.168.1.10:3000',
        printer: 'printer must be a device path such as /dev/usb/lp0 or a network address such as tcp://192.168.1.50:9100',
        copies: 'copies must be 1 to 3',
        counterName: 'counterName is required',
      },
    });
    for (const copies of ['0', '', 'two', '1.5', '-1']) {
      expect(checkSettingsForm({ ...good, copies }), copies).toEqual({ ok: false, errors: { copies: 'copies must be 1 to 3' } });
    }
    for (const copies of ['1', '3', ' 3 ']) expect(checkSettingsForm({ ...good, copies }).ok, copies).toBe(true);
  });

  it('refuses a counter name holding a control character, which the server would refuse in every heartbeat', () => {
    for (const counterName of ['Front\u001bp0', 'Front\tcounter', 'Front\u0085']) {
      expect(checkSettingsForm({ ...good, counterName }), counterName).toEqual({ ok: false, errors: { counterName: 'counterName contains a character that is not allowed' } });
    }
    expect(checkSettingsForm({ ...good, counterName: 'Front counter \u0d9a' }).ok).toBe(true);
  });

  it('takes the receipt as text or as one picture, and nothing else', () => {
    expect(checkSettingsForm({ ...good, receiptMode: 'image' })).toMatchObject({ ok: true, settings: { receiptMode: 'image' } });
    expect(checkSettingsForm({ ...good, receiptMode: 'picture' })).toEqual({ ok: false, errors: { receiptMode: "receiptMode must be 'text' or 'image'" } });
  });

  it('checks the staff sign-in with the shop\'s texts', () => {
    expect(checkSignIn({ mobile: '077 123 4567', password: 'long-enough' })).toEqual({ ok: true, mobile: '0771234567' });
    expect(checkSignIn({ mobile: '12345', password: 'short' })).toEqual({ ok: false, errors: { mobile: MOBILE_ERROR, password: PASSWORD_TOO_SHORT } });
  });

  it('bundles a page whose every field the script reads, each with a label', () => {
    const html = readFileSync(new URL('../static/settings.html', import.meta.url), 'utf8');
    for (const field of [...Object.keys(good), 'mobile', 'password']) {
      expect(html, field).toMatch(new RegExp(`id="${field}" name="${field}"`));
      expect(html, field).toContain(`for="${field}"`);
      expect(html, field).toContain(`id="${field}-error"`);
    }
    expect(html).toContain('<!-- settings-script -->');
    expect(html).toContain('role="status"');
  });
});

describe('the settings page against the counter behind the bridge', () => {
  let dir: string;
  let printer: RecordingPrinter;
  let counter: Counter;
  let controller: SettingsController;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kade-settings-'));
    printer = await new RecordingPrinter().start();
    counter = await createCounter({ userDataDir: dir, playSound: () => undefined });
    controller = new SettingsController(counter.bridge);
  });
  afterEach(async () => {
    await counter.stop();
    await printer.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the first-run defaults, saves a change to the settings file, and keeps nothing of a wrong form', async () => {
    expect(counter.firstRun).toBe(true);
    const loaded = await controller.load();
    expect(loaded).toEqual({ ok: true, values: { serverUrl: 'http://127.0.0.1:3000', counterName: 'Counter', printer: '', autoPrint: true, receiptMode: 'text', copies: '1', sound: true, fullScreen: false } });

    const wrong = await controller.save({ ...good, printer: 'back room' });
    expect(wrong).toMatchObject({ ok: false, message: 'Please correct the highlighted settings.', fieldErrors: { printer: expect.stringMatching(/^printer must be/) } });
    expect(counter.settings.get().printer).toBe('');

    expect(await controller.save(good)).toEqual({ ok: true, message: 'Settings saved.' });
    const file = JSON.parse(readFileSync(path.join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({ serverUrl: 'http://192.168.1.10:3000', counterName: 'Front counter', printer: 'tcp://192.168.1.50:9100', copies: 2, sound: false, fullScreen: true, autoPrint: true });
    const again = await createCounter({ userDataDir: dir, playSound: () => undefined });
    expect(again.firstRun).toBe(false);
    expect(toFormValues(again.settings.get())).toEqual({ ...good, serverUrl: 'http://192.168.1.10:3000' });
    await again.stop();
  });

  it('prints a test page on the printer set in the form, and says so when it does not answer', async () => {
    const form = { ...good, printer: printer.address };
    expect(await controller.testPrint(form)).toEqual({ ok: true, message: 'Test page sent to the printer.' });
    await eventually(() => printer.jobs.length > 0);
    expect(decodeEscPos(printer.jobs[0]!).lines.join('\n')).toContain('if you can read this');
    await printer.stop();
    expect(await controller.testPrint(form)).toEqual({ ok: false, message: 'The printer does not answer: check that it is on and plugged in.' });
    expect(await controller.testPrint({ ...form, printer: '' })).toEqual({ ok: false, message: 'No printer is set yet.' });
  });

  it('prints the whole test page as pictures once the receipt is set to one picture', async () => {
    expect(await controller.testPrint({ ...good, receiptMode: 'image', printer: printer.address })).toEqual({ ok: true, message: 'Test page sent to the printer.' });
    expect(JSON.parse(readFileSync(path.join(dir, 'settings.json'), 'utf8'))).toMatchObject({ receiptMode: 'image' });
    await eventually(() => printer.jobs.length > 0);
    const printed = decodeEscPos(printer.jobs[0]!);
    expect(printed.lines).toEqual([]);
    expect(printed.images.length).toBeGreaterThan(20);
    expect(printed.qrCodes).toEqual(['TEST']);
  });

  it('refuses a sign-in without a valid mobile and password, and reports a server that does not answer', async () => {
    const missing = await controller.signIn(good, { mobile: '077', password: '' });
    expect(missing).toMatchObject({ ok: false, signInErrors: { mobile: MOBILE_ERROR, password: PASSWORD_TOO_SHORT } });
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const answer = await controller.signIn({ ...good, serverUrl: `http://127.0.0.1:${closedPort}` }, { mobile: '0770000001', password: 'counter-staff-1' });
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/^Sign-in failed: /);
    expect(counter.settings.get().serverUrl).toBe(`http://127.0.0.1:${closedPort}`); // saved first: sign-in goes there
  });
});
