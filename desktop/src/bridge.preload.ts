// The preload: exposes the one narrow, typed bridge to the dashboard page (context-isolated, sandboxed).
// The dashboard shows its desktop-only controls (thermal printing, printer status) only when it finds it.
import { contextBridge, ipcRenderer } from 'electron';
import { IPC, type BridgeApi } from './ipc-channels';

const bridge: BridgeApi = {
  printOrder: (orderId) => ipcRenderer.invoke(IPC.printOrder, orderId),
  reprintOrder: (orderId) => ipcRenderer.invoke(IPC.reprintOrder, orderId),
  printerStatus: () => ipcRenderer.invoke(IPC.printerStatus),
  testPrint: () => ipcRenderer.invoke(IPC.testPrint),
  printJobs: () => ipcRenderer.invoke(IPC.printJobs),
  resolveJobs: (ids, decision) => ipcRenderer.invoke(IPC.resolveJobs, ids, decision),
  getSettings: () => ipcRenderer.invoke(IPC.getSettings),
  saveSettings: (change) => ipcRenderer.invoke(IPC.saveSettings, change),
  acknowledgeOrder: (orderId) => ipcRenderer.invoke(IPC.acknowledgeOrder, orderId),
  counterStatus: () => ipcRenderer.invoke(IPC.counterStatus),
  signIn: (mobile, password) => ipcRenderer.invoke(IPC.signIn, mobile, password),
  openSettings: () => ipcRenderer.invoke(IPC.openSettings),
  printDaySummary: (day) => ipcRenderer.invoke(IPC.printDaySummary, day),
  printHandInSlip: (slip) => ipcRenderer.invoke(IPC.printHandInSlip, slip),
};

contextBridge.exposeInMainWorld('kadeCounter', bridge);
