import type { IncomingHttpHeaders } from 'node:http';
import { sessionCookieName } from '../../contracts/session-dtos.ts';

/**
 * The session cookie (docs/decisions/0018): `HttpOnly` so page scripts never hold it, `SameSite=Strict` so no
 * other site's page makes the browser send it, `Path=/api/` because only the API reads it, `Secure` behind https.
 * Cookies are shared by every port of a host, so the name carries the port the request addressed: a hub and a
 * device on one machine keep apart, and a cookie set for another port is never read.
 */

/** The port the request addressed; the Host guard has already matched `name:port` exactly. */
function portOf(host: string | undefined, secure: boolean): number {
  const match = /:(\d{1,5})$/.exec(host ?? '');
  return match ? Number(match[1]) : secure ? 443 : 80;
}

function nameFor(headers: IncomingHttpHeaders, secure: boolean): string {
  return sessionCookieName(portOf(headers.host, secure));
}

/** The session cookie of this port, if the request carries one. */
export function sessionCookieOf(req: { headers: IncomingHttpHeaders; secure: boolean }): string | undefined {
  const name = nameFor(req.headers, req.secure);
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** `Set-Cookie` for a new or refreshed session, from the request's `baseUrl` (`scheme://host:port`). */
export function sessionCookieHeader(baseUrl: string, value: string, maxAgeMs: number): string {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  const name = sessionCookieName(portOf(url.host, secure));
  return `${name}=${value}; Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}; Path=/api/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** `Set-Cookie` that makes the browser drop the session cookie (the session itself is revoked on the server). */
export function clearedSessionCookieHeader(baseUrl: string): string {
  return sessionCookieHeader(baseUrl, '', 0);
}
