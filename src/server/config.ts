import { homedir } from 'node:os';
import { join } from 'node:path';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4477;
const APP_DIR_NAME = 'Outpost';

export interface ServerEnvConfig {
  dataDir: string;
  host: string;
  port: number;
  /** OUTPOST_ADMIN_TOKEN: a token the admin may use without issuing one first (scripted setups). */
  adminToken?: string;
  /** Sync: OUTPOST_HUB_URL and OUTPOST_HUB_TOKEN (a token of the device's user on the hub), set together. */
  hub?: { url: string; token: string };
}

export class ConfigError extends Error {}

/** The per-user data directory each platform expects desktop apps to use. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME);
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), APP_DIR_NAME);
}

export function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PORT;
  // Only plain decimal integers: "4477abc" or "1e3" are typos, not ports.
  if (!/^\d{1,5}$/.test(raw.trim())) throw new ConfigError(`OUTPOST_PORT must be an integer from 0 to 65535, got "${raw}"`);
  const port = Number(raw);
  if (port > 65535) throw new ConfigError(`OUTPOST_PORT must be an integer from 0 to 65535, got "${raw}"`);
  return port;
}

/** Reads OUTPOST_DATA_DIR, OUTPOST_HOST, OUTPOST_PORT and OUTPOST_ADMIN_TOKEN; shared by the CLI and the Electron shell. */
export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnvConfig {
  return {
    dataDir: env.OUTPOST_DATA_DIR || defaultDataDir(process.platform, env),
    host: env.OUTPOST_HOST || DEFAULT_HOST,
    port: parsePort(env.OUTPOST_PORT),
    adminToken: env.OUTPOST_ADMIN_TOKEN || undefined,
    hub: parseHub(env.OUTPOST_HUB_URL, env.OUTPOST_HUB_TOKEN),
  };
}

/** Sync: both or neither; only http(s) URLs, so a typo fails at start rather than on every retry. */
export function parseHub(url: string | undefined, token: string | undefined): ServerEnvConfig['hub'] {
  if (!url && !token) return undefined;
  if (!url || !token) throw new ConfigError('OUTPOST_HUB_URL and OUTPOST_HUB_TOKEN must be set together');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`OUTPOST_HUB_URL must be an http(s) URL, got "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(`OUTPOST_HUB_URL must be an http(s) URL, got "${url}"`);
  return { url: parsed.toString(), token };
}
