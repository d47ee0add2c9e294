/** In a plain browser the UI is served by the API itself, so the API lives on the same origin. */
export function browserApiBaseUrl(): string {
  return window.location.origin;
}

/** Where the API is, in either shell: the desktop app's preload says (docs/decisions/0021), a browser is on it. */
export async function apiBaseUrl(): Promise<string> {
  return window.outpost ? window.outpost.getApiBaseUrl() : browserApiBaseUrl();
}
