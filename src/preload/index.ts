import { contextBridge, ipcRenderer } from 'electron';
import { API_BASE_URL_CHANNEL, type OutpostBridge } from '../contracts/bridge.ts';

// The renderer gets one verb and never ipcRenderer itself.
const bridge: OutpostBridge = {
  getApiBaseUrl: () => ipcRenderer.invoke(API_BASE_URL_CHANNEL) as Promise<string>,
};

contextBridge.exposeInMainWorld('outpost', bridge);
