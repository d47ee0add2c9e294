import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root,
    // Real servers, real SQLite files, killed child processes and a real browser with axe-core on 2 cores: generous
    // limits, never used as performance gates (kill -9 and XSS-corpus tests ran near 30 s on a loaded machine).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The JSON report gives .ci/run its closing "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'storage', include: ['test/storage/**/*.test.ts'] } },
      { extends: true, test: { name: 'api', include: ['test/api/**/*.test.ts'] } },
      { extends: true, test: { name: 'webhooks', include: ['test/webhooks/**/*.test.ts'] } },
      // Hub and device servers in one process: at most two servers per file (RxDB's 13-collection limit).
      { extends: true, test: { name: 'sync', include: ['test/sync/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], globalSetup: ['test/helpers/build-once.ts'] },
      },
    ],
  },
});
