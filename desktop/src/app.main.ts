// The Electron main process: a thin shell. Windows, IPC wiring and system integration live here; every piece
// of logic (printing, queue, dispatcher, alert, heartbeat, settings) lives in plain modules tested in Node.
import { app, BrowserWindow, ipcMain, Notification, shell } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCounter, type Counter } from './counter';
import { IPC, type BridgeApi } from './ipc-channels';

const here = path.dirname(fileURLToPath(import.meta.url));
let counter: Counter | undefined;
let window: BrowserWindow | undefined;

/** Opens the dashboard of the configured server, locked to that origin; a bundled page when it is unreachable. */
function openWindow(serverUrl: string, fullScreen: boolean): BrowserWindow {
  const origin = new URL(serverUrl).origin;
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    fullscreen: fullScreen,
    title: 'Kade counter',
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, preload: path.join(here, 'bridge.preload.cjs') },
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (new URL(url).origin !== origin) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url); // e.g. a map link: the system browser, never our window
    return { action: 'deny' };
  });
  win.webContents.on('did-fail-load', (_event, _code, _description, url) => {
    if (url.startsWith(origin)) void win.loadFile(path.join(here, '..', 'static', 'offline.html'), { query: { retry: `${origin}/dashboard/pending` } });
  });
  void win.loadURL(`${origin}/dashboard/pending`);
  return win;
}

function registerBridge(bridge: BridgeApi): void {
  ipcMain.handle(IPC.printOrder, (_e, order) => bridge.printOrder(order));
  ipcMain.handle(IPC.reprintOrder, (_e, order) => bridge.reprintOrder(order));
  ipcMain.handle(IPC.printerStatus, () => bridge.printerStatus());
  ipcMain.handle(IPC.testPrint, () => bridge.testPrint());
  ipcMain.handle(IPC.printJobs, () => bridge.printJobs());
  ipcMain.handle(IPC.resolveJobs, (_e, ids, decision) => bridge.resolveJobs(ids, decision));
  ipcMain.handle(IPC.getSettings, () => bridge.getSettings());
  ipcMain.handle(IPC.saveSettings, (_e, change) => bridge.saveSettings(change));
  ipcMain.handle(IPC.acknowledgeOrder, (_e, orderId) => bridge.acknowledgeOrder(orderId));
  ipcMain.handle(IPC.signIn, (_e, mobile, password) => bridge.signIn(mobile, password));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => window?.focus());
  void app.whenReady().then(async () => {
    counter = await createCounter({
      userDataDir: app.getPath('userData'),
      playSound: () => window?.webContents.send('kade:play-alert'),
      notify: (title, body) => {
        if (Notification.isSupported()) new Notification({ title, body }).show();
      },
      env: process.env,
    });
    registerBridge(counter.bridge);
    const settings = counter.settings.get();
    window = openWindow(settings.serverUrl, settings.fullScreen);
    counter.queue.list(); // the queue resumes by itself; new orders come from the dispatcher once signed in
    if (counter.firstRun && Notification.isSupported()) {
      new Notification({ title: 'Kade counter', body: 'Set the server address and the printer in Settings.' }).show();
    }
  });
  app.on('window-all-closed', () => {
    void counter?.stop().finally(() => app.quit());
  });
}
