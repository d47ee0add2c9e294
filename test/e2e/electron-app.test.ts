import { _electron as electron } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { installedElectronBinary } from '../../scripts/electron-binary.ts';
import type { OutpostBridge } from '../../src/shared/bridge.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const binary = installedElectronBinary();
const root = new URL('../..', import.meta.url).pathname;

if (!binary) {
  console.warn(
    '[electron-app] SKIPPED: no Electron binary on this machine (node_modules/electron/dist is absent and it cannot be ' +
      'downloaded here). Set ELECTRON_OVERRIDE_DIST_PATH to a local Electron to run it.',
  );
}

describe.skipIf(!binary)('the Electron app', () => {
  const dirs = tempDirs();
  afterAll(() => dirs.removeAll());

  it('opens a window on the embedded server with the API-address bridge (no credential) and a live health status', async () => {
    const app = await electron.launch({
      executablePath: binary,
      args: [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      env: { ...process.env, OUTPOST_DATA_DIR: dirs.make('outpost-electron-'), OUTPOST_PORT: '0' },
    });
    try {
      const page = await app.firstWindow();
      await expect.poll(() => page.getByTestId('health-status').textContent()).toMatch(/^Server online/);
      const apiBaseUrl = await page.evaluate(() => (globalThis as { outpost?: OutpostBridge }).outpost?.getApiBaseUrl());
      expect(apiBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    } finally {
      await app.close();
    }
  });
});
