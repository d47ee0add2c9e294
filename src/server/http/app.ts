import type { ServerResponse } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import { Authenticator, type VerifySession, type VerifyToken } from './bearer-auth.ts';
import { apiNotFound, consoleErrorLog, errorHandler, type ServerErrorLog } from './error-envelopes.ts';
import { hostGuard } from './host-guard.ts';
import type { BecomeUser } from './masquerade.ts';
import { corsHandler, originGuard, type CorsOptions } from './origin-guard.ts';
import { rendererStatic } from './renderer-static.ts';
import { assignRequestId } from './request-id.ts';
import type { WriteJournal } from '../domain/write-observer.ts';
import { dispatchRoute } from './route-dispatch.ts';
import { assertRoutesWellFormed } from './route-registry.ts';
import type { AnyRoute } from './route.ts';
import { CANVAS_THROTTLE, RequestThrottle, type ThrottleOptions } from './throttle.ts';

export interface AppOptions {
  rendererDir: string;
  routes: readonly AnyRoute[];
  verifyToken: VerifyToken;
  /** Whether a caller may act as the user `as_user_id` names; without it, every `as_user_id` is refused. */
  becomeUser?: BecomeUser;
  /** Resolves a person's session cookie (plus its CSRF check) to its principal. */
  verifySession: VerifySession;
  /** Exact `host:port` values a request's Host may carry; read per request (see `loopbackHostAllowlist`). */
  allowedHosts: () => ReadonlySet<string>;
  /** Origins allowed to read API answers from a browser; none unless configured. */
  cors?: CorsOptions;
  /** Hub mode: `X-Forwarded-Proto` from a reverse proxy on loopback sets the scheme of links and cookies. */
  trustLoopbackProxy?: boolean;
  /** Canvas's bucket unless a test needs another. */
  throttle?: ThrottleOptions;
  /** Failed token verifications per minute before wrong tokens get 429 (default 1,000, docs/architecture.md §5.5). */
  authFailuresPerMinute?: number;
  /** Sees every write route's handler run (a device's outbox); none unless given. */
  journal?: WriteJournal;
  /** Told of every request as it arrives, to count it until answered (the hub's change feed steps aside meanwhile). */
  foreground?: { track(res: ServerResponse): void };
  /** Where unexpected (5xx) failures are logged, once each; stderr unless given (tests collect them quietly). */
  logError?: ServerErrorLog;
}

/** Security first (Host, request id, Origin), then the API routes, then the UI; every error answers in JSON. */
export function createApp(options: AppOptions): Express {
  assertRoutesWellFormed(options.routes);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Parameters are parsed by our own Rack-style parser with Canvas's limits; Express's parser would bypass them.
  app.set('query parser', false);
  app.set('case sensitive routing', true);
  if (options.trustLoopbackProxy) app.set('trust proxy', 'loopback');

  // Behind a TLS reverse proxy the browser's origin is https with the same host.
  const ownOrigins = () => new Set([...options.allowedHosts()].flatMap((host) => [`http://${host}`, `https://${host}`]));
  const { foreground } = options;
  if (foreground) {
    app.use((_req, res, next) => {
      foreground.track(res);
      next();
    });
  }
  app.use(hostGuard(options.allowedHosts));
  app.use(assignRequestId);
  app.use(originGuard(ownOrigins, options.cors));
  app.use('/api', apiHeaders, corsHandler(options.cors));

  const deps = {
    authenticator: new Authenticator(options.verifyToken, options.verifySession, options.authFailuresPerMinute),
    throttle: new RequestThrottle(options.throttle ?? CANVAS_THROTTLE),
    becomeUser: options.becomeUser ?? (async () => undefined),
    journal: options.journal,
  };
  for (const route of options.routes) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    app.route(route.path)[method](dispatchRoute(route, deps));
  }
  app.use('/api', apiNotFound);
  // Canvas's OAuth2 endpoints live outside /api; an unknown method or path there answers JSON too, never the UI.
  app.use('/login/oauth2', apiNotFound);
  app.use('/feeds', apiNotFound);
  app.use(rendererStatic(options.rendererDir));
  app.use(errorHandler(options.logError ?? consoleErrorLog));
  return app;
}

/** API answers are per-user data: never cached, never sniffed into something executable. */
const apiHeaders: RequestHandler = (_req, res, next) => {
  res.set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  next();
};
