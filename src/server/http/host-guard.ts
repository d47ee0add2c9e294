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
