import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HOST } from './config.ts';
import { createApp } from './http/app.ts';

// The Electron shell may import only this module, so it gets its env reader from here.
export { readServerEnv } from './config.ts';

export interface ServerConfig {
  dataDir: string;
  host?: string;
  port: number;
  /** Where the built renderer lives; defaults to `out/renderer` of this checkout. */
  rendererDir?: string;
}

export interface RunningServer {
  url: string;
  port: number;
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
  const app = createApp({ rendererDir: config.rendererDir ?? CHECKOUT_RENDERER_DIR });

  const httpServer = await new Promise<Server>((resolve, reject) => {
    const server = app.listen(config.port, host);
    server.once('listening', () => resolve(server));
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(host, config.port) : err),
    );
  });

  const port = (httpServer.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        httpServer.close((err) => (err ? reject(err) : resolve()));
        httpServer.closeAllConnections();
      });
      return closing;
    },
  };
}
