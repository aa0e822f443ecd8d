import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { desktopConfigSchema, loadDesktopConfig, type DesktopConfig } from './config';

/** Where the counter keeps its settings: `settings.json` in the app's user-data folder. */
export class SettingsStore {
  private current: DesktopConfig | undefined;

  constructor(
    private readonly dir: string,
    private readonly env: Record<string, string | undefined> = {},
  ) {}

  get file(): string {
    return path.join(this.dir, 'settings.json');
  }

  /** The settings, with defaults on first run; `firstRun` is true until settings were saved once. */
  async load(): Promise<{ settings: DesktopConfig; firstRun: boolean }> {
    let saved: unknown;
    let firstRun = false;
    try {
      saved = JSON.parse(await readFile(this.file, 'utf8'));
    } catch {
      firstRun = true;
    }
    this.current = loadDesktopConfig(saved, this.env);
    return { settings: this.current, firstRun };
  }

  get(): DesktopConfig {
    if (!this.current) throw new Error('settings not loaded');
    return this.current;
  }

  /** Checks and keeps a change; a bad value throws with a message naming the setting, and nothing is saved. */
  async save(change: Partial<DesktopConfig>): Promise<DesktopConfig> {
    const result = desktopConfigSchema.safeParse({ ...this.get(), ...change });
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Those settings are not valid.');
    await mkdir(this.dir, { recursive: true });
    const temp = `${this.file}.tmp`;
    await writeFile(temp, JSON.stringify(result.data, null, 2), 'utf8');
    await rename(temp, this.file);
    this.current = result.data;
    return result.data;
  }
}
