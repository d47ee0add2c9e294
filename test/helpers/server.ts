import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServerConfig } from '../../src/server/boot.ts';
import type { ServerErrorEntry } from '../../src/server/http/error-envelopes.ts';

export interface TestServer extends RunningServer {
  dataDir: string;
  /** The 5xx failures the server logged, collected instead of printed so green runs stay quiet. */
  errors: ServerErrorEntry[];
  /** Closes the server and deletes its data directory. */
  stop(): Promise<void>;
}

/** The real server on an ephemeral loopback port over a fresh data directory. */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-test-'));
  const errors: ServerErrorEntry[] = [];
  const server = await startServer({ dataDir, port: 0, logError: (entry) => errors.push(entry), ...overrides });
  return {
    ...server,
    dataDir,
    errors,
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
