import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { installedElectronBinary } from '../../scripts/electron-binary.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const START = new URL('../../scripts/start.ts', import.meta.url).pathname;

// With an Electron binary present `npm start` opens the desktop app instead; electron-app.test.ts covers that.
describe.skipIf(installedElectronBinary() !== undefined)('npm start without an Electron binary', () => {
  const dirs = tempDirs();
  afterAll(() => dirs.removeAll());

  it('says so in one line and serves the API and the UI headless', async () => {
    const child = spawn(process.execPath, [START], {
      env: { ...process.env, OUTPOST_PORT: '0', OUTPOST_DATA_DIR: dirs.make('outpost-start-') },
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    try {
      await expect.poll(() => stdout, { timeout: 60_000 }).toMatch(/Outpost listening on (\S+)\n/);
      const lines = stdout.trimEnd().split('\n');
      expect(lines[0]).toBe('Electron binary not available (it could not be downloaded); running the headless server instead.');
      const url = lines[1]?.replace('Outpost listening on ', '') ?? '';
      const ui = await fetch(`${url}/`);
      expect(ui.status).toBe(200);
      expect(await ui.text()).toContain('<div id="root"></div>');
      expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
    } finally {
      // Stopped, the server has closed its database before the directory goes.
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  });
});
