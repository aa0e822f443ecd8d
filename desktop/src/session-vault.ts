import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * What seals the counter's session at rest: Electron's `safeStorage` (the OS keychain: DPAPI, Keychain,
 * libsecret) in the app, a stand-in in Node tests, and for the headless agent a key file or nothing. Behind
 * this one interface so that no test needs Electron.
 */
export interface SecretBox {
  /** False when the OS offers no encryption (e.g. Linux without a keyring): nothing is then written. */
  isAvailable(): boolean;
  seal(text: string): Buffer;
  open(sealed: Buffer): string;
}

const storedSession = z.object({
  /** The server the session belongs to: a session is never sent to another server. */
  serverUrl: z.string().min(1),
  refreshToken: z.string().min(16).max(512),
  /** Who is signed in, for the settings page ('Signed in as …'). */
  staffName: z.string().max(200),
  savedAt: z.string(),
});
export type StoredSession = z.infer<typeof storedSession>;

/**
 * The counter's session across restarts of the app or the PC: the refresh token (never the password), sealed
 * with the SecretBox, in `session.bin` in the user-data folder, written by rename so a crash never leaves half
 * a file. Reading answers undefined for anything that does not open or parse: the counter then says it is
 * signed out, loudly.
 */
export class SessionVault {
  private readonly file: string;

  constructor(
    userDataDir: string,
    private readonly box: SecretBox,
  ) {
    this.file = path.join(userDataDir, 'session.bin');
  }

  get available(): boolean {
    return this.box.isAvailable();
  }

  async save(session: Omit<StoredSession, 'savedAt'>): Promise<boolean> {
    if (!this.box.isAvailable()) return false;
    const sealed = this.box.seal(JSON.stringify({ ...session, savedAt: new Date().toISOString() }));
    await mkdir(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    await writeFile(temp, sealed, { mode: 0o600 });
    await rename(temp, this.file);
    return true;
  }

  async load(): Promise<StoredSession | undefined> {
    if (!this.box.isAvailable()) return undefined;
    let sealed: Buffer;
    try {
      sealed = await readFile(this.file);
    } catch {
      return undefined;
    }
    try {
      const parsed = storedSession.safeParse(JSON.parse(this.box.open(sealed)));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  async clear(): Promise<void> {
    await rm(this.file, { force: true });
  }
}

/**
 * A SecretBox for the headless print agent, where there is no OS keychain: AES-256-GCM under a random key kept
 * in a file only this user may read (made on first use). It keeps the token off the disk in clear text and
 * tied to this box; whoever can read the key file can open it, as with any service account's credentials.
 */
export function keyFileBox(keyFile: string): SecretBox {
  const key = (): Buffer => {
    try {
      const existing = readFileSync(keyFile);
      if (existing.length === 32) return existing;
    } catch {
      // first use: no key yet
    }
    mkdirSync(path.dirname(keyFile), { recursive: true });
    const fresh = randomBytes(32);
    writeFileSync(keyFile, fresh, { mode: 0o600 });
    return fresh;
  };
  return {
    isAvailable: () => true,
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key(), iv);
      const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]);
    },
    open(sealed) {
      const decipher = createDecipheriv('aes-256-gcm', key(), sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
