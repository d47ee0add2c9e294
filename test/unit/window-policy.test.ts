import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { allowsPermission, guardWebContents, isAppUrl, secureWebPreferences } from '../../src/main/window-policy.ts';

const APP = 'http://127.0.0.1:4477';

/** Stands in for WebContents: records the handlers the guard installs so they can be driven directly. */
class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.openHandler = handler;
  }
  navigate(event: string, url: string): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function guarded(): FakeContents {
  const contents = new FakeContents();
  // The fake implements exactly the two members the guard uses.
  guardWebContents(contents as unknown as Parameters<typeof guardWebContents>[0], APP);
  return contents;
}

describe('Electron window security policy', () => {
  it('isolates and sandboxes the renderer with no Node access', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toEqual({
      preload: '/app/preload.cjs',
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
    });
  });

  it('recognises only the exact app origin', () => {
    expect(isAppUrl(`${APP}/courses/1`, APP)).toBe(true);
    for (const url of [
      'http://127.0.0.1:4478/',
      'https://127.0.0.1:4477/',
      'http://127.0.0.1.evil.com:4477/',
      'http://localhost:4477/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
      '',
      undefined,
    ]) {
      expect(isAppUrl(url, APP), String(url)).toBe(false);
    }
  });

  it('denies navigation and redirects away from the app', () => {
    const contents = guarded();
    expect(contents.navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.navigate('will-redirect', 'http://127.0.0.1:9999/')).toBe(true);
    expect(contents.navigate('will-navigate', `${APP}/home`)).toBe(false);
  });

  it('denies every new window and webview', () => {
    const contents = guarded();
    expect(contents.openHandler?.({ url: `${APP}/popup` })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.navigate('will-attach-webview', `${APP}/`)).toBe(true);
  });

  it('grants the microphone and camera, and notifications, to the app’s own page only, and nothing else to anyone', () => {
    expect(allowsPermission('media', `${APP}/#/courses/1/assignments/2`, APP)).toBe(true);
    expect(allowsPermission('media', APP, APP)).toBe(true);
    expect(allowsPermission('notifications', `${APP}/#/inbox`, APP)).toBe(true);
    expect(allowsPermission('media', 'https://evil.example/', APP)).toBe(false);
    expect(allowsPermission('notifications', 'https://evil.example/', APP)).toBe(false);
    expect(allowsPermission('media', undefined, APP)).toBe(false);
    for (const other of ['geolocation', 'clipboard-read', 'display-capture']) expect(allowsPermission(other, APP, APP), other).toBe(false);
  });
});
