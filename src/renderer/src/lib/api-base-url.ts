/**
 * Where the API is. In a plain browser the UI is served by the API itself (same origin); in the desktop window the
 * preload says where the embedded server listens (docs/decisions/0003).
 */
export async function apiBaseUrl(): Promise<string> {
  return window.outpost ? window.outpost.getApiBaseUrl() : window.location.origin;
}
