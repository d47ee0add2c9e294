import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { electronBinaryOrFetch } from './electron-binary.ts';
import { ensureBuilt } from './ensure-build.ts';

const root = join(import.meta.dirname, '..');

// `npm start -- --demo`: load the demo course first (the server is not running yet, so the data dir is free).
if (process.argv.includes('--demo')) {
  const seeded = spawnSync(process.execPath, [join(root, 'src/server/cli.ts'), 'seed-demo'], { stdio: 'inherit' });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

if (electronBinaryOrFetch()) {
  ensureBuilt();
  const child = spawn(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'preview', '--skipBuild'], {
    cwd: root,
    stdio: 'inherit',
  });
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  console.log('Electron binary not available (it could not be downloaded); running the headless server instead.');
  await import('./serve.ts');
}
