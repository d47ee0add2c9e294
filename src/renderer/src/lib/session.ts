import type { DesktopSession } from '../../../shared/bridge.ts';

/**
 * In the desktop app the preload hands over the API URL and a per-launch token; in a plain browser the UI is
 * served by the API itself, so the API lives on the same origin.
 */
export async function resolveSession(): Promise<DesktopSession | { apiBaseUrl: string; sessionToken?: undefined }> {
  if (window.outpost) return window.outpost.getSession();
  return { apiBaseUrl: window.location.origin };
}
