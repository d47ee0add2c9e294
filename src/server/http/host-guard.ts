import type { RequestHandler } from 'express';
import { forbidden } from './http-errors.ts';

/**
 * The loopback names a local client may use, with the real port (docs/architecture.md §5.5). Under DNS rebinding
 * the Host header carries the attacker's name, so an exact match on name *and* port is the only control that
 * stops it; prefix or substring checks let `127.0.0.1.evil.com` through. A specific bind address (not a
 * wildcard) is allowed too, so a server started on `::1` or a LAN address answers its own URL.
 */
export function loopbackHostAllowlist(port: number, bindHost?: string): ReadonlySet<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (bindHost !== undefined && bindHost !== '0.0.0.0' && bindHost !== '::' && bindHost !== '') {
    names.push(bindHost.includes(':') ? `[${bindHost.toLowerCase()}]` : bindHost.toLowerCase());
  }
  return new Set(names.map((name) => `${name}:${port}`));
}

/** Bind addresses that only this machine can reach: the default, and the one a desktop install keeps. */
export function isLoopbackHost(bindHost: string): boolean {
  return bindHost === 'localhost' || bindHost === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bindHost);
}

/**
 * A hub's allowlist: the loopback names (the machine's own admin, a reverse proxy on it) plus the names other
 * machines use, each exactly as configured. A name given without a port is accepted bare (the Host a reverse proxy
 * on port 80/443 forwards) and with the port the server listens on (a LAN client connecting directly).
 */
export function hubHostAllowlist(port: number, bindHost: string, names: readonly string[]): ReadonlySet<string> {
  const allowed = new Set(loopbackHostAllowlist(port, bindHost));
  for (const name of names.map((configured) => configured.toLowerCase())) {
    allowed.add(name);
    if (!/:\d+$/.test(name)) allowed.add(`${name}:${port}`);
  }
  return allowed;
}

/**
 * Runs before everything else, auth included. `allowedHosts` is read per request because the port is known only
 * once the server listens (port 0 in tests); until then nothing is allowed.
 */
export function hostGuard(allowedHosts: () => ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    const host = req.headers.host?.toLowerCase();
    if (host === undefined || !allowedHosts().has(host)) return next(forbidden('Host not allowed.'));
    next();
  };
}
