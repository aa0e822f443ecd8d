import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keyFileBox, SessionVault, type SecretBox } from './session-vault';

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

  it('keeps the agent\'s key readable by its own user only', async () => {
    const dir = tempDir();
    const box = keyFileBox(path.join(dir, 'agent.key'));
    expect(box.open(box.seal('ශ්‍රී ලංකා'))).toBe('ශ්‍රී ලංකා');
    expect(statSync(path.join(dir, 'agent.key')).mode & 0o077).toBe(0);
  });
});
