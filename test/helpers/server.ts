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
  return withCleanup(server, dataDir, errors);
}

/**
 * Closes a server and starts it again on its data directory, as a machine would after a reboot (stop() would
 * delete the data): on the same port unless `extra.port` says otherwise (0: one nobody expects, e.g. so that a
 * device cannot reach its hub meanwhile).
 */
export async function restartTestServer(server: TestServer, extra: Partial<ServerConfig> = {}): Promise<TestServer> {
  await server.close();
  const again = await startServer({ dataDir: server.dataDir, port: server.port, logError: (entry) => server.errors.push(entry), ...extra });
  return withCleanup(again, server.dataDir, server.errors);
}

function withCleanup(server: RunningServer, dataDir: string, errors: ServerErrorEntry[]): TestServer {
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
