import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_COOKIES_KEPT, keyFileBox, SessionVault, type SecretBox } from './session-vault';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kade-vault-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Electron's safeStorage stands outside the project (the OS keychain): this stand-in seals by reversing bytes. */
const standIn = (available = true): SecretBox => ({
  isAvailable: () => available,
  seal: (text) => Buffer.from(text, 'utf8').reverse(),
  open: (sealed) => Buffer.from(sealed).reverse().toString('utf8'),
});

const SESSION = { serverUrl: 'http://127.0.0.1:3000', refreshToken: 'r'.repeat(43), staffName: 'Nimal' };

describe('the counter\'s session vault', () => {
  it('keeps the session across a restart (a new vault on the same folder), sealed at rest', async () => {
    const dir = tempDir();
    expect(await new SessionVault(dir, standIn()).save(SESSION)).toBe(true);
    const raw = readFileSync(path.join(dir, 'session.bin'), 'utf8');
    expect(raw).not.toContain('"refreshToken"');
    expect(await new SessionVault(dir, standIn()).load()).toMatchObject(SESSION);
  });

  it('writes nothing when the OS has no keychain, and reads nothing back', async () => {
    const dir = tempDir();
    const vault = new SessionVault(dir, standIn(false));
    expect(await vault.save(SESSION)).toBe(false);
    expect(await vault.load()).toBeUndefined();
  });

  it('answers undefined for a missing, damaged or foreign file, and forgets on clear', async () => {
    const dir = tempDir();
    const vault = new SessionVault(dir, keyFileBox(path.join(dir, 'agent.key')));
    expect(await vault.load()).toBeUndefined();
    await vault.save(SESSION);
    expect(await vault.load()).toMatchObject(SESSION);
    // a file sealed under another key (another machine's) does not open
    expect(await new SessionVault(dir, keyFileBox(path.join(dir, 'other.key'))).load()).toBeUndefined();
    writeFileSync(path.join(dir, 'session.bin'), 'not sealed at all');
    expect(await vault.load()).toBeUndefined();
    await vault.save(SESSION);
    await vault.clear();
    expect(await vault.load()).toBeUndefined();
  });

  it('keeps each login\'s device cookie by server and number, sealed, past a sign-out and a restart', async () => {
    const dir = tempDir();
    const vault = new SessionVault(dir, standIn());
    const cookie = 'd1.4f6c2a9e-1b7d-4c1e-9a55-0c2b6e7d8f90.nonce_-A.lz3k1q.tag-_B';
    expect(await vault.deviceFor(SESSION.serverUrl, '0771234567')).toBeUndefined();
    expect(await vault.keepDevice(SESSION.serverUrl, ' 0771234567 ', cookie)).toBe(true);
    expect(readFileSync(path.join(dir, 'devices.bin'), 'utf8')).not.toContain(cookie);
    await vault.save(SESSION);
    await vault.clear(); // signed out: the session goes, the device stays known
    const restarted = new SessionVault(dir, standIn());
    expect(await restarted.deviceFor(SESSION.serverUrl, '0771234567')).toBe(cookie);
    // never sent to another server, nor for another number
    expect(await restarted.deviceFor('http://192.168.1.20:3000', '0771234567')).toBeUndefined();
    expect(await restarted.deviceFor(SESSION.serverUrl, '0779999999')).toBeUndefined();
    // a new login's cookie replaces the number's old one
    await restarted.keepDevice(SESSION.serverUrl, '0771234567', `${cookie}2`);
    expect(await restarted.deviceFor(SESSION.serverUrl, '0771234567')).toBe(`${cookie}2`);
    // two logins at once (two numbers): both kept
    await Promise.all([restarted.keepDevice(SESSION.serverUrl, '0770000001', 'cookie-a'), restarted.keepDevice(SESSION.serverUrl, '0770000002', 'cookie-b')]);
    expect(await restarted.deviceFor(SESSION.serverUrl, '0770000001')).toBe('cookie-a');
    expect(await restarted.deviceFor(SESSION.serverUrl, '0770000002')).toBe('cookie-b');
    expect(await restarted.deviceFor(SESSION.serverUrl, '0771234567')).toBe(`${cookie}2`);
  });

  it('keeps the newest numbers\' device cookies only, and none without a keychain or from a damaged file', async () => {
    const dir = tempDir();
    const vault = new SessionVault(dir, standIn());
    for (let i = 0; i <= DEVICE_COOKIES_KEPT; i++) await vault.keepDevice(SESSION.serverUrl, `07700000${String(i).padStart(2, '0')}`, `cookie-${i}`);
    expect(await vault.deviceFor(SESSION.serverUrl, '0770000000')).toBeUndefined();
    expect(await vault.deviceFor(SESSION.serverUrl, '0770000001')).toBe('cookie-1');
    expect(await vault.deviceFor(SESSION.serverUrl, `07700000${DEVICE_COOKIES_KEPT}`)).toBe(`cookie-${DEVICE_COOKIES_KEPT}`);
    writeFileSync(path.join(dir, 'devices.bin'), 'not sealed at all');
    expect(await vault.deviceFor(SESSION.serverUrl, '0770000001')).toBeUndefined();
    const bare = new SessionVault(tempDir(), standIn(false));
    expect(await bare.keepDevice(SESSION.serverUrl, '0771234567', 'cookie')).toBe(false);
    expect(await bare.deviceFor(SESSION.serverUrl, '0771234567')).toBeUndefined();
  });

  it('keeps the agent\'s key readable by its own user only', async () => {
    const dir = tempDir();
    const box = keyFileBox(path.join(dir, 'agent.key'));
    expect(box.open(box.seal('ශ්‍රී ලංකා'))).toBe('ශ්‍රී ලංකා');
    expect(statSync(path.join(dir, 'agent.key')).mode & 0o077).toBe(0);
  });
});
