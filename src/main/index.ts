import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, net, safeStorage, session } from 'electron';
import { API_BASE_URL_CHANNEL } from '../contracts/bridge.ts';
import { FileSecretStore, readServerEnv, refusalMessage, startServer, type RunningServer } from '../server/boot.ts';
import { SafeStorageSecretStore } from './safe-storage-secrets.ts';

import { allowsPermission, guardWebContents, isAppUrl, secureWebPreferences } from './window-policy.ts';

let server: RunningServer | undefined;

async function launch(): Promise<void> {
  const env = readServerEnv(process.env);
  // The window signs in as its person like any browser (docs/decisions/0021); the hub token is keychain-encrypted.
  server = await startServer({
    // The directory `npm run serve`, `npm run token` and `npm run seed:demo` use too (decision 0011).
    dataDir: env.dataDir,
    host: env.host,
    allowedHosts: env.allowedHosts,
    port: env.port,
    adminToken: env.adminToken,
    hub: env.hub,
    secrets: new SafeStorageSecretStore(new FileSecretStore(env.dataDir), safeStorage, (message) => console.warn(message)),
    rendererDir: join(import.meta.dirname, '../renderer'),
    // Offline, webhook deliveries wait without spending retries (docs/architecture.md §8.4); back online, sync pulls at once.
    isOnline: () => net.isOnline(),
  });
  const appOrigin = new URL(server.url).origin;
  const apiBaseUrl = server.url;

  // Only our own page may ask; a navigated-away or injected frame gets nothing.
  ipcMain.handle(API_BASE_URL_CHANNEL, (event) => {
    if (!isAppUrl(event.senderFrame?.url, appOrigin)) throw new Error('refused: foreign sender');
    return apiBaseUrl;
  });
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(allowsPermission(permission, details.requestingUrl, appOrigin)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) => allowsPermission(permission, requestingOrigin, appOrigin));
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, appOrigin));

  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    title: 'Outpost',
    webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs')),
  });
  await window.loadURL(server.url);
}

app
  .whenReady()
  .then(launch)
  .catch((err: unknown) => {
    // A refused start (a taken port, a data directory in use or unusable) is one line, in a window too.
    const refusal = refusalMessage(err);
    console.error(refusal ?? err);
    dialog.showErrorBox('Outpost cannot start', refusal ?? String(err));
    app.exit(1);
  });

app.on('window-all-closed', () => app.quit());

// Hold the quit until the server has closed, so no request is cut off mid-write.
app.on('will-quit', (event) => {
  if (!server) return;
  event.preventDefault();
  const closing = server;
  server = undefined;
  void closing.close().finally(() => app.quit());
});
