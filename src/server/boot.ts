import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { healthRoutes } from './areas/health/health.routes.ts';
import { openApiRoutes } from './areas/openapi/openapi.routes.ts';
import { DEFAULT_HOST } from './config.ts';
import { openCore, type CoreOptions, type ServerCore } from './core.ts';
import { createApp } from './http/app.ts';
import type { ServerErrorLog } from './http/error-envelopes.ts';
import { loopbackHostAllowlist } from './http/host-guard.ts';
import type { CorsOptions } from './http/origin-guard.ts';
import type { AnyRoute } from './http/route.ts';

// The Electron shell may import only this module, so it gets its env reader from here.
export { readServerEnv } from './config.ts';

export interface ServerConfig {
  dataDir: string;
  host?: string;
  port: number;
  /** Where the built renderer lives; defaults to `out/renderer` of this checkout. */
  rendererDir?: string;
  /** OUTPOST_ADMIN_TOKEN: accepted as the admin's token, for scripted setups. */
  adminToken?: string;
  /** The desktop app's per-launch token, held only in memory. */
  sessionToken?: string;
  /** Browser origins allowed to read API answers; none unless configured. */
  cors?: CorsOptions;
  /** Webhook deriver and delivery worker (on by default); `false` turns them off. */
  webhooks?: CoreOptions['webhooks'];
  /** Whether the machine has a network (the desktop app passes Electron's `net.isOnline`); default always. */
  isOnline?: () => boolean;
  /** Sync: the hub to replicate with (see config.ts); none by default. */
  hub?: CoreOptions['hub'];
  /** Where unexpected request failures are logged; stderr by default. */
  logError?: ServerErrorLog;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The storage and services below HTTP, for in-process tooling and test fixtures; closed by `close()`. */
  core: ServerCore;
  /** Stops listening, then closes the core; idempotent. */
  close(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(`Outpost cannot start: port ${port} on ${host} is already in use (set OUTPOST_PORT to a free port).`);
  }
}

const CHECKOUT_RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url));

/** Composition root: everything the server needs is built here, from config alone, so any host can run it. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const host = config.host ?? DEFAULT_HOST;
  mkdirSync(config.dataDir, { recursive: true });
  const core = await openCore({ dataDir: config.dataDir, adminToken: config.adminToken, sessionToken: config.sessionToken, webhooks: withOnlineState(config), hub: config.hub, isOnline: config.isOnline });

  let allowedHosts: ReadonlySet<string> = new Set();
  let httpServer: Server;
  try {
    const app = createApp({
      rendererDir: config.rendererDir ?? CHECKOUT_RENDERER_DIR,
      routes: serverRoutes(core),
      verifyToken: (token) => core.verifyToken(token),
      allowedHosts: () => allowedHosts,
      cors: config.cors,
      logError: config.logError,
    });
    httpServer = await listen(app, host, config.port);
  } catch (err) {
    await core.close();
    throw err;
  }

  const port = (httpServer.address() as AddressInfo).port;
  // Known only now when started on port 0; until this line every request was refused.
  allowedHosts = loopbackHostAllowlist(port, host);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    core,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        httpServer.close((err) => (err ? reject(err) : resolve()));
        httpServer.closeAllConnections();
      }).finally(() => core.close());
      return closing;
    },
  };
}

/** Every area's routes plus the two public ones; the OpenAPI document describes exactly this list. */
function serverRoutes(core: ServerCore): AnyRoute[] {
  const routes: AnyRoute[] = [...healthRoutes(), ...core.routes];
  routes.push(...openApiRoutes(() => routes));
  return routes;
}

function listen(app: ReturnType<typeof createApp>, host: string, port: number): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => resolve(server));
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(host, port) : err));
  });
}

/** The webhook worker sends only while online; `isOnline` joins the webhook options unless they set their own. */
function withOnlineState(config: ServerConfig): CoreOptions['webhooks'] {
  return config.webhooks === false ? false : { isOnline: config.isOnline, ...config.webhooks };
}
