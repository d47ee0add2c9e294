import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Principal } from '../../src/server/domain/principal.ts';
import { createApp, type AppOptions } from '../../src/server/http/app.ts';
import { loopbackHostAllowlist } from '../../src/server/http/host-guard.ts';
import type { AnyRoute } from '../../src/server/http/route.ts';

export interface FixtureApp {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Tokens the fixture app accepts, each acting as its own user. */
export const FIXTURE_TOKENS: Readonly<Record<string, Principal>> = {
  'lms_teacher-token': { userId: 1, tokenId: 1, scopes: null },
  'lms_student-token': { userId: 2, tokenId: 2, scopes: null },
  'lms_scoped-token': { userId: 3, tokenId: 3, scopes: ['url:GET|/api/v1/echo'] },
};

/**
 * The real HTTP stack (`createApp`, real parsing, a real socket on 127.0.0.1:0) around routes a test defines,
 * for conventions no area exercises yet. No database: tokens come from FIXTURE_TOKENS.
 */
export async function startFixtureApp(
  routes: readonly AnyRoute[],
  overrides: Partial<Omit<AppOptions, 'routes' | 'allowedHosts'>> = {},
): Promise<FixtureApp> {
  let allowed: ReadonlySet<string> = new Set();
  const app = createApp({
    rendererDir: '/nonexistent-renderer',
    routes,
    verifyToken: async (token) => FIXTURE_TOKENS[token],
    // No database, so no sessions: a cookie is never a credential here.
    verifySession: async () => undefined,
    allowedHosts: () => allowed,
    ...overrides,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(0, '127.0.0.1');
    listening.once('listening', () => resolve(listening));
    listening.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  allowed = loopbackHostAllowlist(port, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
