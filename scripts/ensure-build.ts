import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const SOURCES = ['src/renderer', 'src/contracts', 'src/main', 'src/preload', 'electron.vite.config.ts', 'package.json'];
const MARKER = join(root, 'out/renderer/index.html');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Builds `out/` when it is missing or older than its sources, so no command needs a separate build step. */
export function ensureBuilt(): void {
  const builtAt = existsSync(MARKER) ? statSync(MARKER).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((p) => newestMtime(join(root, p))));
  if (builtAt >= sourcesAt) return;
  const result = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('Building the app failed (electron-vite build); see the output above.');
}
