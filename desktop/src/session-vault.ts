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

/** Devices kept (DEVICE_COOKIES_KEPT): one per server and staff number that signed in here, the newest first. */
const storedDevices = z.array(
  z.object({
    serverUrl: z.string().min(1),
    mobile: z.string().min(1).max(40),
    cookie: z.string().min(1).max(200),
  }),
);
type StoredDevices = z.infer<typeof storedDevices>;
/** Staff numbers whose device cookie a counter keeps: more than a shop's clerks ever share one counter. */
export const DEVICE_COOKIES_KEPT = 20;
/** A staff number as the server reads it at login (the shared mobileSchema trims it). */
export const numberOf = (mobile: string): string => mobile.trim();

/**
 * The counter's session across restarts of the app or the PC: the refresh token (never the password), sealed
 * with the SecretBox, in `session.bin` in the user-data folder, written by rename so a crash never leaves half
 * a file. Reading answers undefined for anything that does not open or parse: the counter then says it is
 * signed out, loudly.
 */
export class SessionVault {
  private readonly file: string;
  /** The device cookies (`devices.bin`): kept when the session is cleared, as a browser keeps its cookie at logout. */
  private readonly devicesFile: string;
  /** Device cookies are kept one write after another: two logins at once each keep theirs. */
  private keeping: Promise<unknown> = Promise.resolve();

  constructor(
    userDataDir: string,
    private readonly box: SecretBox,
  ) {
    this.file = path.join(userDataDir, 'session.bin');
    this.devicesFile = path.join(userDataDir, 'devices.bin');
  }

  get available(): boolean {
    return this.box.isAvailable();
  }

  async save(session: Omit<StoredSession, 'savedAt'>): Promise<boolean> {
    return this.seal(this.file, { ...session, savedAt: new Date().toISOString() });
  }

  async load(): Promise<StoredSession | undefined> {
    const parsed = storedSession.safeParse(await this.open(this.file));
    return parsed.success ? parsed.data : undefined;
  }

  async clear(): Promise<void> {
    await rm(this.file, { force: true });
  }

  /** The device cookie this counter was given at its last login as `mobile` on that server, if kept. */
  async deviceFor(serverUrl: string, mobile: string): Promise<string | undefined> {
    const number = numberOf(mobile);
    return (await this.devices()).find((device) => device.serverUrl === serverUrl && device.mobile === number)?.cookie;
  }

  /** Keeps the device cookie of a login (the newest DEVICE_COOKIES_KEPT numbers' only). */
  keepDevice(serverUrl: string, mobile: string, cookie: string): Promise<boolean> {
    const number = numberOf(mobile);
    const kept = this.keeping.then(async () => {
      const others = (await this.devices()).filter((device) => !(device.serverUrl === serverUrl && device.mobile === number));
      return this.seal(this.devicesFile, [{ serverUrl, mobile: number, cookie }, ...others].slice(0, DEVICE_COOKIES_KEPT));
    });
    this.keeping = kept.catch(() => undefined);
    return kept;
  }

  private async devices(): Promise<StoredDevices> {
    const parsed = storedDevices.safeParse(await this.open(this.devicesFile));
    return parsed.success ? parsed.data : [];
  }

  /** Seals `value` as JSON into `file`, written by rename; false when the OS offers no encryption (nothing written). */
  private async seal(file: string, value: unknown): Promise<boolean> {
    if (!this.box.isAvailable()) return false;
    const sealed = this.box.seal(JSON.stringify(value));
    await mkdir(path.dirname(file), { recursive: true });
    // a name of its own, so two writes at once never share a half-written file
    const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, sealed, { mode: 0o600 });
    await rename(temp, file);
    return true;
  }

  /** What `file` holds, opened and parsed as JSON, or undefined for anything missing, sealed otherwise or broken. */
  private async open(file: string): Promise<unknown> {
    if (!this.box.isAvailable()) return undefined;
    let sealed: Buffer;
    try {
      sealed = await readFile(file);
    } catch {
      return undefined;
    }
    try {
      return JSON.parse(this.box.open(sealed)) as unknown;
    } catch {
      return undefined;
    }
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
