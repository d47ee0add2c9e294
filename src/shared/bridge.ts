/**
 * What the Electron preload exposes to the renderer as `window.outpost`: only where the embedded server listens.
 * The window then signs in like any browser (the person's own session), never with a credential handed over here.
 */
export interface OutpostBridge {
  getApiBaseUrl(): Promise<string>;
}

export const API_BASE_URL_CHANNEL = 'outpost:api-base-url';
