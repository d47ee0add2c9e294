import { ensureBuilt } from '../../scripts/ensure-build.ts';

/** Browser and Electron tests need `out/`; build it once per run if sources changed. */
export default function setup(): void {
  ensureBuilt();
}
