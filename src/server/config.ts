import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4477;
/** Where a classroom hub serves its class on the LAN (decision 0124), beside the loopback port. */
export const DEFAULT_CLASSROOM_PORT = 4478;
const APP_DIR_NAME = 'Outpost';

export interface ServerEnvConfig {
  dataDir: string;
  host: string;
  port: number;
  /** OUTPOST_ADMIN_TOKEN: a token the admin may use without issuing one first (scripted setups). */
  adminToken?: string;
  /** Sync: OUTPOST_HUB_URL and OUTPOST_HUB_TOKEN (a token of the device's user on the hub), set together. */
  hub?: { url: string; token: string };
  /** OUTPOST_ALLOWED_HOSTS: the host names other machines reach a hub by; required to bind off loopback. */
  allowedHosts?: string[];
  /** OUTPOST_CLASSROOM_HUB=1 (share with the class whenever connected) and OUTPOST_CLASSROOM_PORT. */
  classroom: { auto: boolean; port: number };
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

export function parsePort(raw: string | undefined, name = 'OUTPOST_PORT', fallback = DEFAULT_PORT): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  // Only plain decimal integers: "4477abc" or "1e3" are typos, not ports.
  if (!/^\d{1,5}$/.test(raw.trim())) throw new ConfigError(`${name} must be an integer from 0 to 65535, got "${raw}"`);
  const port = Number(raw);
  if (port > 65535) throw new ConfigError(`${name} must be an integer from 0 to 65535, got "${raw}"`);
  return port;
}

/**
 * Reads OUTPOST_DATA_DIR, OUTPOST_HOST, OUTPOST_PORT, OUTPOST_ALLOWED_HOSTS, OUTPOST_ADMIN_TOKEN and the hub
 * connection; shared by the CLI and the Electron shell.
 */
export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnvConfig {
  const adminToken = env.OUTPOST_ADMIN_TOKEN || undefined;
  if (adminToken !== undefined) refuseWeakToken('OUTPOST_ADMIN_TOKEN', adminToken);
  return {
    dataDir: env.OUTPOST_DATA_DIR || defaultDataDir(process.platform, env),
    host: env.OUTPOST_HOST || DEFAULT_HOST,
    port: parsePort(env.OUTPOST_PORT),
    adminToken,
    hub: parseHub(env.OUTPOST_HUB_URL, env.OUTPOST_HUB_TOKEN),
    allowedHosts: parseAllowedHosts(env.OUTPOST_ALLOWED_HOSTS),
    classroom: { auto: parseSwitch('OUTPOST_CLASSROOM_HUB', env.OUTPOST_CLASSROOM_HUB), port: parsePort(env.OUTPOST_CLASSROOM_PORT, 'OUTPOST_CLASSROOM_PORT', DEFAULT_CLASSROOM_PORT) },
  };
}

/** An on/off variable: unset, empty or 0 is off; 1 is on; anything else is a typo worth a refusal. */
function parseSwitch(name: string, raw: string | undefined): boolean {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

/** A token `refuseWeakToken` accepts, shaped like the ones Outpost issues, for a process that starts its own server. */
export function generateStrongToken(): string {
  return `lms_${randomBytes(32).toString('base64url')}`;
}

/** The command the refusal of a weak token suggests: 32 bytes from the OS's random source, as base64url. */
export const GENERATE_TOKEN_COMMAND = `node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))"`;

/**
 * A token set in the environment is a password nobody rate-limits per guess once it leaks into a script, so it must
 * carry at least 256 random bits: 43 base64url characters, or 64 when it is hex (4 bits each). Outpost's own
 * tokens (`lms_` + 43 characters) pass; `lms_` and Canvas's `<id>~` prefixes are not counted.
 */
export function refuseWeakToken(name: string, token: string): void {
  const secret = token.replace(/^lms_/, '').replace(/^\d+~/, '');
  const needed = /^[0-9a-f]+$/i.test(secret) ? 64 : 43;
  if (/^[A-Za-z0-9_-]+$/.test(secret) && secret.length >= needed) return;
  throw new ConfigError(
    `${name} must be at least 32 random bytes (43 base64url or 64 hex characters); generate one with: ${GENERATE_TOKEN_COMMAND}`,
  );
}

/** Comma-separated host names (`lms.school.example`, `lms.school.example:8443`, `10.0.0.5`), lower-cased. */
export function parseAllowedHosts(raw: string | undefined): string[] | undefined {
  const names = (raw ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
  if (names.length === 0) return undefined;
  const invalid = names.find((name) => !/^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/.test(name));
  if (invalid !== undefined) throw new ConfigError(`OUTPOST_ALLOWED_HOSTS must list host names (optionally with :port), got "${invalid}"`);
  return names;
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
  refuseWeakToken('OUTPOST_HUB_TOKEN', token);
  return { url: parsed.toString(), token };
}
