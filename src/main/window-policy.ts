import type { WebContents, WebPreferences } from 'electron';

/**
 * The security posture of every Outpost window, kept free of Electron runtime imports so a unit test can assert it.
 * Electron 45 already defaults most of these; they are spelled out so a changed default cannot loosen them.
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
  };
}

/** True only for URLs on exactly the app's own origin (scheme, host and port). */
export function isAppUrl(candidate: string | undefined, appOrigin: string): boolean {
  if (!candidate) return false;
  try {
    return new URL(candidate).origin === appOrigin;
  } catch {
    return false;
  }
}

/** What the app's own page may ask for: what a student records a media submission with (decision 0076), and desktop notifications (decision 0135). */
const APP_PERMISSIONS: ReadonlySet<string> = new Set(['media', 'notifications']);

/**
 * The permissions a page gets: those above, and only for the app's own page. Every other permission, and every
 * other origin, is refused.
 */
export function allowsPermission(permission: string, requestingUrl: string | undefined, appOrigin: string): boolean {
  return APP_PERMISSIONS.has(permission) && isAppUrl(requestingUrl, appOrigin);
}

type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** Denies every popup and every navigation away from the app's origin. */
export function guardWebContents(contents: GuardedContents, appOrigin: string): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, appOrigin)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, appOrigin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
