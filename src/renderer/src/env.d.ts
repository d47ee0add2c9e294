import type { OutpostBridge } from '../../contracts/bridge.ts';

declare global {
  interface Window {
    /** Present only inside the Electron shell (set by the preload). */
    outpost?: OutpostBridge;
  }
}
