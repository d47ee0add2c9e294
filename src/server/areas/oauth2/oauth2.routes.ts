import type { CoreServices } from '../../core-services.ts';
import { allowIf, publicRule } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type RequestContext, type RouteResult } from '../../http/route.ts';
import { writeStamp } from '../common/api-values.ts';
import { OAuthError } from '../../domain/oauth/oauth-error.ts';
import { pageLocale } from '../../pages/page-intl.ts';
import { AUTHORIZE_ERROR_PAGE_CSP, authorizeErrorPage } from './authorize-error-page.ts';
import { CONSENT_PAGE_CSP, consentPage } from './consent-page.ts';
import { authorizeParams, revokeParams, tokenParams } from './oauth2.params.ts';
import { OAuth2Service, type AuthorizationCheck, type ClientCredentials } from './oauth2.service.ts';

/** Token answers must not be cached (RFC 6749 §5.1); `/login/oauth2/*` lies outside `/api`'s own no-store header. */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** A browser navigating to the page lists `text/html` in `Accept`; tools and scripts do not. */
const wantsPage = (accept: string | undefined) => /\btext\/html\b/i.test(accept ?? '');

/** Only a person at the consent page approves: a tool's Bearer token must never mint itself another token. */
const signedInPerson = allowIf('a person signed in with the session cookie and its CSRF header', 'own', (ctx) => ctx.principal.sessionId !== undefined);

/** RFC 6749 §2.3.1: a client may send its id and secret as HTTP Basic credentials instead of in the body. */
function basicCredentials(header: string | undefined): Partial<ClientCredentials> {
  const match = /^Basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(header ?? '');
  if (!match) return {};
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return {};
  try {
    return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return {};
  }
}

/**
 * Canvas's OAuth2 endpoints (outside `/api`, as Canvas serves them), and the consent page's approval (under
 * `/api/`, where the session cookie is sent).
 */
export function oauth2Routes(services: CoreServices): AnyRoute[] {
  const oauth = new OAuth2Service(services);
  return [
    defineRoute<typeof authorizeParams, undefined, RequestContext>({
      method: 'GET',
      path: '/login/oauth2/auth',
      summary: 'Start the authorization code flow: the consent page, or a redirect back with the error',
      params: authorizeParams,
      permission: publicRule('public: a tool sends the person here; the page asks them to sign in', 'read'),
      async handler(ctx, params): Promise<RouteResult> {
        const locale = pageLocale(params.locale, ctx.headers['accept-language']);
        let check: AuthorizationCheck;
        try {
          check = await oauth.checkAuthorization(params);
        } catch (err) {
          // A person's browser gets a page saying what went wrong; a tool asking for JSON gets Canvas's error.
          if (err instanceof OAuthError && wantsPage(ctx.headers.accept)) {
            const html = authorizeErrorPage(err.code, locale);
            return { status: err.kind === 'refused' ? 401 : 400, html, headers: { 'Content-Security-Policy': AUTHORIZE_ERROR_PAGE_CSP }, body: null };
          }
          throw err;
        }
        if (!check.ok) return { status: 302, headers: { Location: check.redirect }, body: {} };
        const { request } = check;
        const html = consentPage({ toolName: request.key.data.name, scopes: request.scopes, params, denyUrl: oauth.denial(request) }, locale);
        return { html, headers: { 'Content-Security-Policy': CONSENT_PAGE_CSP }, body: null };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/login/oauth2/accept',
      summary: "The consent page's approval: the request is checked again and answered with the redirect URI carrying the code",
      params: authorizeParams,
      permission: signedInPerson,
      async handler(ctx, params) {
        const check = await oauth.checkAuthorization(params);
        const redirect = check.ok ? oauth.approve(ctx.principal.userId, check.request, ctx.now) : check.redirect;
        return { body: { redirect_uri: redirect }, headers: NO_STORE };
      },
    }),
    defineRoute<typeof tokenParams, undefined, RequestContext>({
      method: 'POST',
      path: '/login/oauth2/token',
      summary: 'Trade a code, a refresh token or (client_credentials) a signed JWT for an access token',
      params: tokenParams,
      // `own`: a client trades its own code, refresh token or signed assertion for its own token.
      permission: publicRule('public: a code, a refresh token or a signed assertion, with the client’s credentials', 'own'),
      async handler(ctx, params) {
        const basic = basicCredentials(ctx.headers.authorization);
        const client = { clientId: params.client_id ?? basic.clientId, clientSecret: params.client_secret ?? basic.clientSecret };
        const body = await oauth.token(params, client, `${ctx.baseUrl}${ctx.path}`, ctx.requestId, ctx.now);
        return { body, headers: NO_STORE };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/login/oauth2/token',
      summary: 'Revoke the access token of this request (and its refresh token)',
      params: revokeParams,
      permission: allowIf('any access token, revoking itself', 'own', () => true),
      async handler(ctx) {
        await oauth.revoke(ctx.principal, writeStamp(ctx));
        return { body: {} };
      },
    }),
  ];
}
