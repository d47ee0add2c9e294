/** What the Electron preload exposes to the renderer as `window.outpost`. */
export interface DesktopSession {
  apiBaseUrl: string;
  sessionToken: string;
}

export interface OutpostBridge {
  getSession(): Promise<DesktopSession>;
}

export const SESSION_CHANNEL = 'outpost:session';
