import { createServer, type RequestListener, type Server } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { healthRoutes } from './areas/health/health.routes.ts';
import { openApiRoutes } from './areas/openapi/openapi.routes.ts';
import { ConfigError, DEFAULT_CLASSROOM_PORT, DEFAULT_HOST } from './config.ts';
import { openCore, type CoreOptions, type ServerCore } from './core.ts';
import { DataDirError, refuseUnusableDataDir } from './data-dir.ts';
import { DataDirInUseError } from './data-dir-lock.ts';
import type { SecretStore } from './secret-store.ts';
import { createApp, type AppOptions } from './http/app.ts';
import type { Principal } from './domain/principal.ts';
import type { ClassroomListener } from './sync/classroom-hub.ts';
import { announceHub, type HubAnnouncement } from './sync/hub-discovery.ts';
import type { ServerErrorLog } from './http/error-envelopes.ts';
import { hubHostAllowlist, isLoopbackHost, loopbackHostAllowlist } from './http/host-guard.ts';
import type { CorsOptions } from './http/origin-guard.ts';
import type { AnyRoute } from './http/route.ts';

// The Electron shell may import only this module, so it gets its env reader and the secret store types from here.
export { readServerEnv } from './config.ts';
export { FileSecretStore, type SecretStore } from './secret-store.ts';

export interface ServerConfig {
  dataDir: string;
  host?: string;
  port: number;
  /**
   * Hub mode: the host names (optionally `name:port`) other machines reach this server by, e.g. through a reverse
   * proxy. Required when `host` is not a loopback address; without it only loopback Host headers are accepted.
   */
  allowedHosts?: readonly string[];
  /** Where the built renderer lives; defaults to `out/renderer` of this checkout. */
  rendererDir?: string;
  /** OUTPOST_ADMIN_TOKEN: accepted as the admin's token, for scripted setups. */
  adminToken?: string;
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
  /** Where secrets read back later are kept (the hub token); default 0600 files in the data dir. */
  secrets?: SecretStore;
  /** The classroom hub (decision 0124): `auto` shares whenever connected; `port` is the LAN listener's (0: any free). */
  classroom?: { auto?: boolean; port?: number };
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

/** Why a start was refused, as the one line its error holds; undefined for anything else (a bug keeps its stack). */
export function refusalMessage(err: unknown): string | undefined {
  const refusals = [PortInUseError, ConfigError, DataDirError, DataDirInUseError];
  return refusals.some((type) => err instanceof type) ? (err as Error).message : undefined;
}

const CHECKOUT_RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url));

/** Composition root: everything the server needs is built here, from config alone, so any host can run it. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const host = config.host ?? DEFAULT_HOST;
  refuseUnnamedOpenBind(host, config.allowedHosts);
  // What can refuse a start is checked before anything is written: the data directory (a file in its way,
  // another Outpost on it), then the port. Only a start that will run creates or opens the database.
  refuseUnusableDataDir(config.dataDir);
  let handle: RequestListener = startingUp;
  const httpServer = await listen(createServer((req, res) => handle(req, res)), host, config.port);

  const port = (httpServer.address() as AddressInfo).port;
  const core = await openCore({ dataDir: config.dataDir, adminToken: config.adminToken, webhooks: withOnlineState(config), hub: config.hub, secrets: config.secrets, isOnline: config.isOnline }).catch(
    async (err: unknown) => {
      await closeHttp(httpServer);
      throw err;
    },
  );
  try {
    // Known only once bound (port 0 in tests): Host headers must name this port.
    const allowedHosts = config.allowedHosts?.length ? hubHostAllowlist(port, host, config.allowedHosts) : loopbackHostAllowlist(port, host);
    const appOptions: AppOptions = {
      rendererDir: config.rendererDir ?? CHECKOUT_RENDERER_DIR,
      routes: serverRoutes(core),
      verifyToken: (token) => core.verifyToken(token),
      becomeUser: (principal, asUserId) => core.becomeUser(principal, asUserId),
      verifySession: (cookieValue, csrf) => core.verifySession(cookieValue, csrf),
      allowedHosts: () => allowedHosts,
      // A hub's TLS ends at a reverse proxy on the same machine; its X-Forwarded-Proto makes links and cookies https.
      trustLoopbackProxy: Boolean(config.allowedHosts?.length),
      journal: core.services.sync.outbox,
      foreground: core.services.sync.foreground,
      cors: config.cors,
      logError: config.logError,
    };
    handle = createApp(appOptions);
    await core.services.classroom.start(classroomListener(core, appOptions, config.classroom?.port ?? DEFAULT_CLASSROOM_PORT), config.classroom?.auto === true);
  } catch (err) {
    await closeHttp(httpServer);
    await core.close();
    throw err;
  }

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

/**
 * Listening beyond loopback lets other machines connect, and the Host-header guard (which stops DNS rebinding)
 * must then know the names they use: with no names it would refuse them all, and accepting any name would let a
 * rebinding page in. So an open bind without names is a configuration error, reported before anything starts.
 */
function refuseUnnamedOpenBind(host: string, allowedHosts: readonly string[] | undefined): void {
  if (isLoopbackHost(host) || (allowedHosts?.length ?? 0) > 0) return;
  throw new ConfigError(
    `OUTPOST_HOST=${host} lets other machines connect: set OUTPOST_ALLOWED_HOSTS to the host names they use (e.g. lms.school.example), or keep OUTPOST_HOST=127.0.0.1 behind a reverse proxy.`,
  );
}

/** Every area's routes plus the two public ones; the OpenAPI document describes exactly this list. */
function serverRoutes(core: ServerCore): AnyRoute[] {
  const routes: AnyRoute[] = [...healthRoutes(), ...core.routes];
  routes.push(...openApiRoutes(() => routes));
  return routes;
}

function listen(server: Server, host: string, port: number): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    server.once('listening', () => resolve(server));
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(host, port) : err));
    server.listen(port, host);
  });
}

/**
 * The classroom hub's LAN listener (decision 0124): the same app on every interface, answering only the Host names
 * this machine has on the LAN (and loopback), and admitting only the class's people and its teacher. While open it
 * is announced by DNS-SD as `_outpost._tcp`, so `Connect to a hub` on the students' Outposts lists it (decision 0129).
 */
function classroomListener(core: ServerCore, options: AppOptions, port: number): ClassroomListener {
  const { classroom } = core.services;
  const admitted = (principal: Principal | undefined) => (principal && classroom.admits(principal.userId) ? principal : undefined);
  let allowed: ReadonlySet<string> = new Set();
  let server: Server | undefined;
  let announcement: HubAnnouncement | undefined;
  const app = createApp({
    ...options,
    verifyToken: async (token) => admitted(await options.verifyToken(token)),
    verifySession: async (cookieValue, csrf) => {
      const principal = admitted(await options.verifySession(cookieValue, csrf));
      if (principal?.sessionId !== undefined) classroom.browserSeen(principal.sessionId, principal.userId, Date.now());
      return principal;
    },
    allowedHosts: () => allowed,
    trustLoopbackProxy: false,
  });
  return {
    async open() {
      server = await listen(createServer(app), LAN_HOST, port);
      const bound = (server.address() as AddressInfo).port;
      const addresses = lanAddresses();
      allowed = hubHostAllowlist(bound, LAN_HOST, [...addresses, `${hostname().toLowerCase()}.local`]);
      announcement = announceHub(await classroomName(core), bound);
      return { port: bound, addresses };
    },
    async close() {
      const open = server;
      server = undefined;
      await announcement?.stop();
      announcement = undefined;
      if (open) {
        open.closeAllConnections();
        await closeHttp(open);
      }
    },
  };
}

/** The name students see in `Hubs found on this network`: the teacher's, and the machine's to tell two laptops apart. */
async function classroomName(core: ServerCore): Promise<string> {
  const teacherId = core.services.sync.hub.linkedUserId;
  const teacher = teacherId === undefined ? undefined : await core.services.repos.users.get(teacherId);
  return teacher ? `${teacher.data.name} (${hostname()})` : hostname();
}

/** Every interface: a class reaches the teacher's laptop by whatever LAN it is on. */
const LAN_HOST = '0.0.0.0';

/** This machine's IPv4 addresses other than loopback: what the class types. */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
}

function closeHttp(server: Server): Promise<void> {
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Between binding the port and opening the database the server is up but not ready; a client may retry. */
const startingUp: RequestListener = (_req, res) => {
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
  res.end(JSON.stringify({ errors: [{ message: 'Outpost is starting; try again in a moment.' }] }));
};

/** The webhook worker sends only while online; `isOnline` joins the webhook options unless they set their own. */
function withOnlineState(config: ServerConfig): CoreOptions['webhooks'] {
  return config.webhooks === false ? false : { isOnline: config.isOnline, ...config.webhooks };
}
