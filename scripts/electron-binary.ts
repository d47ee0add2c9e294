import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const electronPkg = join(import.meta.dirname, '../node_modules/electron');

/** Where the Electron binary is, honouring ELECTRON_OVERRIDE_DIST_PATH; undefined when it is not on disk. */
export function installedElectronBinary(): string | undefined {
  const pathFile = join(electronPkg, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, relative) : join(electronPkg, 'dist', relative);
  return existsSync(binary) ? binary : undefined;
}

/** The electron package fetches its binary on first use; try that once, quietly, and report what we have. */
export function electronBinaryOrFetch(): string | undefined {
  const present = installedElectronBinary();
  if (present || process.env.ELECTRON_OVERRIDE_DIST_PATH) return present;
  spawnSync(process.execPath, [join(electronPkg, 'install.js')], { stdio: 'ignore', timeout: 300_000 });
  return installedElectronBinary();
}
