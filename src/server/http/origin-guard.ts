import type { RequestHandler } from 'express';
import { forbidden } from './http-errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CorsOptions {
  /** Exact origins (`https://tool.example`) allowed to read responses; none by default. */
  readonly origins: readonly string[];
}

/**
 * A foreign page can send a state-changing "simple" request without a preflight (docs/architecture.md §5.5); its answer
 * is hidden, but the change would happen. So a write carrying an `Origin` that is neither our own nor a
 * configured CORS origin is refused. Requests without `Origin` (scripts, curl, the hub) are not browsers' and
 * still need their Bearer token.
 */
export function originGuard(ownOrigins: () => ReadonlySet<string>, cors: CorsOptions | undefined): RequestHandler {
  const corsOrigins = new Set(cors?.origins ?? []);
  return (req, _res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined || SAFE_METHODS.has(req.method)) return next();
    if (ownOrigins().has(origin) || corsOrigins.has(origin)) return next();
    next(forbidden('Cross-origin request refused.'));
  };
}

/**
 * CORS only for configured origins: the origin is echoed only when it is on the list, never with credentials
 * (auth is a Bearer header, not a cookie) and never with `Access-Control-Allow-Private-Network`. Preflights on
 * API paths are answered here, so the router never replies to OPTIONS with its own text body.
 */
export function corsHandler(cors: CorsOptions | undefined): RequestHandler {
  const allowed = new Set(cors?.origins ?? []);
  return (req, res, next) => {
    const origin = req.headers.origin;
    const permitted = origin !== undefined && allowed.has(origin);
    if (permitted) res.set({ 'Access-Control-Allow-Origin': origin, Vary: 'Origin' });
    if (req.method !== 'OPTIONS') return next();
    if (permitted) {
      res.set({
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type',
        'Access-Control-Expose-Headers': 'Link, X-Request-Id, X-Request-Cost, X-Rate-Limit-Remaining',
        'Access-Control-Max-Age': '600',
      });
    }
    res.status(204).end();
  };
}
