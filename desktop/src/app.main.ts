// The Electron main process: a thin shell. Windows, IPC wiring and system integration live here; every piece
// of logic (printing, queue, dispatcher, alert, heartbeat, settings) lives in plain modules tested in Node.
import { app, BrowserWindow, ipcMain, Menu, Notification, safeStorage, shell } from 'electron';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createCounter, type Counter } from './counter';
import type { DesktopConfig } from './config';
import { IPC, type BridgeApi } from './ipc-channels';
import { guardedCall } from './ipc-guard';

const here = path.dirname(fileURLToPath(import.meta.url));
let counter: Counter | undefined;
let window: BrowserWindow | undefined;
let settingsWindow: BrowserWindow | undefined;
/** The one origin the dashboard window may show: the configured server's. */
let allowedOrigin = '';

/** Opens the dashboard of the configured server, locked to that origin; a bundled page when it is unreachable. */
function openWindow(serverUrl: string, fullScreen: boolean): BrowserWindow {
  allowedOrigin = new URL(serverUrl).origin;
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    fullscreen: fullScreen,
    title: 'Kade counter',
    // A new order's chime must ring on an unattended counter, before anyone has touched the window.
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, autoplayPolicy: 'no-user-gesture-required', preload: path.join(here, 'bridge.preload.cjs') },
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (new URL(url).origin !== allowedOrigin) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url); // e.g. a map link: the system browser, never our window
    return { action: 'deny' };
  });
  win.webContents.on('did-fail-load', (_event, _code, _description, url) => {
    if (url.startsWith(allowedOrigin)) void win.loadFile(path.join(here, '..', 'static', 'offline.html'), { query: { retry: `${allowedOrigin}/dashboard/pending` } });
  });
  void win.loadURL(`${allowedOrigin}/dashboard/pending`);
  return win;
}

/** The bundled settings page (first run, and the Settings menu), with the same bridge as the dashboard. */
function openSettings(): void {
  if (settingsWindow && !settingsWindow.isDestroyed()) {
    settingsWindow.focus();
    return;
  }
  settingsWindow = new BrowserWindow({
    width: 640,
    height: 860,
    title: 'Kade counter: settings',
    parent: window,
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, preload: path.join(here, 'bridge.preload.cjs') },
  });
  settingsWindow.webContents.on('will-navigate', (event) => event.preventDefault());
  settingsWindow.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  void settingsWindow.loadFile(path.join(here, 'settings.html'));
}

/** Applies saved settings to the window: another server address reopens the dashboard there. */
function applySettings(before: DesktopConfig, after: DesktopConfig): void {
  if (!window || window.isDestroyed()) return;
  const origin = new URL(after.serverUrl).origin;
  if (new URL(before.serverUrl).origin !== origin) {
    allowedOrigin = origin;
    void window.loadURL(`${origin}/dashboard/pending`);
  }
  if (before.fullScreen !== after.fullScreen) window.setFullScreen(after.fullScreen);
}

/**
 * Every bridge call goes through the guard (ipc-guard.ts): the calling frame must be the configured server's
 * dashboard or the bundled settings page, each allowed only its own calls, with arguments checked.
 */
function registerBridge(bridge: BridgeApi): void {
  const settingsPageUrl = pathToFileURL(path.join(here, 'settings.html')).href;
  for (const [name, channel] of Object.entries(IPC)) {
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      const before = counter?.settings.get();
      const answer = await guardedCall(bridge, name, event.senderFrame?.url, args, { serverOrigin: allowedOrigin, settingsPageUrl });
      if (name === 'saveSettings' && answer.ok && before) applySettings(before, answer.data as DesktopConfig);
      return answer;
    });
  }
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => window?.focus());
  void app.whenReady().then(async () => {
    counter = await createCounter({
      userDataDir: app.getPath('userData'),
      // The OS keychain seals the session, so the counter is still signed in after a restart of the app or the PC.
      secretBox: {
        isAvailable: () => safeStorage.isEncryptionAvailable(),
        seal: (text) => safeStorage.encryptString(text),
        open: (sealed) => safeStorage.decryptString(sealed),
      },
      onStatus: (status) => window?.webContents.send('kade:counter-status', status),
      openSettings: () => openSettings(),
      // The dashboard in the window plays its own chime until an order is taken; the main process adds the system
      // beep, which also sounds while the counter is signed out (when the window may show no dashboard at all).
      playSound: () => shell.beep(),
      notify: (title, body) => {
        if (Notification.isSupported()) new Notification({ title, body }).show();
      },
      env: process.env,
    });
    registerBridge(counter.bridge);
    const settings = counter.settings.get();
    window = openWindow(settings.serverUrl, settings.fullScreen);
    counter.queue.list(); // the queue resumes by itself; new orders come from the dispatcher once signed in
    Menu.setApplicationMenu(
      Menu.buildFromTemplate([
        { label: 'Counter', submenu: [{ label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: () => openSettings() }, { type: 'separator' }, { role: 'quit' }] },
        { role: 'viewMenu' },
      ]),
    );
    if (counter.firstRun) openSettings(); // first run: the clerk sets the server, sign-in and printer
  });
  app.on('window-all-closed', () => {
    void counter?.stop().finally(() => app.quit());
  });
}
