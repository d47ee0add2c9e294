import { _electron as electron } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { installedElectronBinary } from '../../scripts/electron-binary.ts';
import type { OutpostBridge } from '../../src/contracts/bridge.ts';
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

  it('opens a window on the embedded server that offers first-run setup and knows only the API address', async () => {
    const app = await electron.launch({
      executablePath: binary,
      args: [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      env: { ...process.env, OUTPOST_DATA_DIR: dirs.make('outpost-electron-'), OUTPOST_PORT: '0' },
    });
    try {
      const page = await app.firstWindow();
      await expect.poll(() => page.getByTestId('health-status').textContent()).toMatch(/^Server online/);
      // No credential crosses the bridge: the window signs in like a browser, here starting with first-run setup.
      const bridge = await page.evaluate(async () => {
        const outpost = (globalThis as { outpost?: OutpostBridge }).outpost;
        return { verbs: Object.keys(outpost ?? {}), apiBaseUrl: await outpost?.getApiBaseUrl() };
      });
      expect(bridge).toEqual({ verbs: ['getApiBaseUrl'], apiBaseUrl: new URL(page.url()).origin });
      await page.getByRole('heading', { level: 1, name: 'Set up Outpost' }).waitFor();
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    } finally {
      await app.close();
    }
  });
});
