/**
 * What the Electron preload exposes to the renderer as `window.outpost`: where the embedded server is, and nothing
 * else. The window signs in like any browser (docs/decisions/0021); no credential crosses the bridge.
 */
export interface OutpostBridge {
  getApiBaseUrl(): Promise<string>;
}

export const API_BASE_URL_CHANNEL = 'outpost:api-base-url';
