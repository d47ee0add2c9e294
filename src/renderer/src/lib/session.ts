import type { DesktopSession } from '../../../shared/bridge.ts';

/** In a plain browser the UI is served by the API itself, so the API lives on the same origin. */
export function browserApiBaseUrl(): string {
  return window.location.origin;
}

/** The desktop app's per-launch session from the preload (docs/decisions/0003); undefined in a plain browser. */
export async function desktopSession(): Promise<DesktopSession | undefined> {
  return window.outpost ? window.outpost.getSession() : undefined;
}

/** Where the API is, in either shell. */
export async function apiBaseUrl(): Promise<string> {
  return (await desktopSession())?.apiBaseUrl ?? browserApiBaseUrl();
}
