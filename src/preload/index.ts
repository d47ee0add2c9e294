import { contextBridge, ipcRenderer } from 'electron';
import { SESSION_CHANNEL, type DesktopSession, type OutpostBridge } from '../shared/bridge.ts';

// The renderer gets one verb and never ipcRenderer itself.
const bridge: OutpostBridge = {
  getSession: () => ipcRenderer.invoke(SESSION_CHANNEL) as Promise<DesktopSession>,
};

contextBridge.exposeInMainWorld('outpost', bridge);
