import { ensureBuilt } from './ensure-build.ts';

// Headless: the API and the UI on localhost, no Electron involved.
ensureBuilt();
await import('../src/server/cli.ts');
