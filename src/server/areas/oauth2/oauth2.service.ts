import { createHash, timingSafeEqual } from 'node:crypto';
import type { CoreServices } from '../../core-services.ts';
import { BadRequestError } from '../../domain/errors.ts';
import { AuthorizationCodes } from '../../domain/oauth/authorization-codes.ts';
import { CLIENT_ASSERTION_TYPE, ClientAssertions } from '../../domain/oauth/client-assertions.ts';
import { isUsableKey, redirectAllowed } from '../../domain/oauth/developer-key-rules.ts';
import { OAuthError } from '../../domain/oauth/oauth-error.ts';
import { isCodeChallenge, verifierMatches } from '../../domain/oauth/pkce.ts';
import { SERVICE_TOKEN_SECONDS } from '../../domain/oauth/service-tokens.ts';
import type { Principal } from '../../domain/principal.ts';
import type { DeveloperKeyData } from '../../domain/records/local-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { AuthorizeParams, TokenParams } from './oauth2.params.ts';
import { grantedTokenJson, type TokenUser } from './oauth2.serializer.ts';

type Key = Stored<DeveloperKeyData>;

/** A request the consent page may show: the key, where the browser goes back to, and what was asked. */
export interface CheckedAuthorization {
  key: Key;
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  purpose: string;
  codeChallenge: string | null;
}

/** Either a request to show, or (once `redirect_uri` is trusted) the error to send the browser back with. */
export type AuthorizationCheck = { ok: true; request: CheckedAuthorization } | { ok: false; redirect: string };

/** How the client proved who it is: `client_id` and `client_secret` from the body or from HTTP Basic. */
export interface ClientCredentials {
  clientId: string | undefined;
  clientSecret: string | undefined;
}

/** OAuth2 access tokens last an hour, as Canvas's do; the refresh token renews them. */
const ACCESS_TOKEN_MS = 3600 * 1000;

const unknownClient = () => new OAuthError('invalid_client', 'unknown client');
const notAllowed = () => new OAuthError('unauthorized_client', 'Client does not have access to the specified Canvas account.');
const scopesOf = (scope: string | undefined) => [...new Set((scope ?? '').split(' ').filter((s) => s !== ''))];
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Canvas's OAuth2 provider (`/login/oauth2/*`): the authorization code flow with a consent page, refresh tokens,
 * revocation, and `client_credentials` with a signed JWT for LTI services. Errors are RFC 6749's JSON; once the
 * `redirect_uri` is known to belong to the key, errors about the request go back to it as query parameters.
 */
export class OAuth2Service {
  readonly #services: CoreServices;
  readonly #codes = new AuthorizationCodes();
  readonly #assertions = new ClientAssertions();

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** Step 1: the client and its redirect URI first (an answer in JSON), then the request (an answer by redirect). */
  async checkAuthorization(params: AuthorizeParams): Promise<AuthorizationCheck> {
    const key = await this.#keyOf(params.client_id);
    if (!key) throw unknownClient();
    const redirectUri = params.redirect_uri ?? '';
    if (!redirectAllowed(key.data, redirectUri)) throw new OAuthError('invalid_request', 'redirect_uri does not match client settings');
    if (!isUsableKey(key.data)) throw notAllowed();
    const back = (error: string, description: string) => ({ ok: false as const, redirect: withQuery(redirectUri, { error, error_description: description, state: params.state }) });
    if (params.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code');
    const requested = scopesOf(params.scope);
    if (key.data.require_scopes && (requested.length === 0 || requested.some((scope) => !key.data.scopes.includes(scope)))) {
      return back('invalid_scope', 'A requested scope is invalid, unknown, malformed, or exceeds the scope granted by the developer key.');
    }
    const challenge = params.code_challenge;
    if (challenge !== undefined && (params.code_challenge_method !== 'S256' || !isCodeChallenge(challenge))) {
      return back('invalid_request', 'code_challenge must be an S256 challenge (code_challenge_method=S256)');
    }
    return {
      ok: true,
      request: {
        key,
        redirectUri,
        state: params.state,
        scopes: key.data.require_scopes ? requested : [],
        purpose: params.purpose?.trim() || key.data.name || 'OAuth2 token',
        codeChallenge: challenge ?? null,
      },
    };
  }

  /** The person approved: the browser goes back with a single-use code (and the client's state). */
  approve(userId: number, request: CheckedAuthorization, now: number): string {
    const code = this.#codes.issue(
      {
        developerKeyId: request.key.id,
        userId,
        redirectUri: request.redirectUri,
        scopes: request.scopes,
        purpose: request.purpose,
        codeChallenge: request.codeChallenge,
      },
      now,
    );
    return withQuery(request.redirectUri, { code, state: request.state });
  }

  /** The person declined: the browser goes back with `access_denied`. */
  denial(request: CheckedAuthorization): string {
    return withQuery(request.redirectUri, { error: 'access_denied', error_description: 'The user declined the request.', state: request.state });
  }

  /** `POST /login/oauth2/token`, by grant type. `tokenUrl` is the endpoint as the client addressed it. */
  async token(params: TokenParams, client: ClientCredentials, tokenUrl: string, requestId: string, now: number): Promise<Record<string, unknown>> {
    switch (params.grant_type) {
      case 'authorization_code':
        return this.#exchangeCode(params, await this.#authenticateClient(client), requestId, now);
      case 'refresh_token':
        return this.#refresh(params, await this.#authenticateClient(client), requestId, now);
      case 'client_credentials':
        return this.#clientCredentials(params, client.clientId, tokenUrl, now);
      default:
        throw new OAuthError('unsupported_grant_type', 'The grant_type you requested is not currently supported');
    }
  }

  /** `DELETE /login/oauth2/token`: the token that authenticated the request stops working, refresh token included. */
  async revoke(principal: Principal, stamp: WriteStamp): Promise<void> {
    // A session or an in-memory token (OUTPOST_ADMIN_TOKEN) has no token record to revoke.
    if (principal.sessionId !== undefined || principal.tokenId <= 0) {
      throw new BadRequestError("can't delete OAuth access token when not using an OAuth access token");
    }
    await this.#services.repos.tokens.update(principal.tokenId, stamp, (data) => ({ ...data, workflow_state: 'deleted' }));
  }

  async #exchangeCode(params: TokenParams, key: Key, requestId: string, now: number) {
    if (!params.code) throw new OAuthError('invalid_request', 'You must provide the code parameter when using the authorization_code grant type');
    const grant = this.#codes.redeem(params.code, now);
    if (!grant) throw new OAuthError('invalid_grant', 'authorization_code not found');
    if (grant.developerKeyId !== key.id) throw new OAuthError('invalid_grant', 'incorrect client');
    if (params.redirect_uri !== undefined && params.redirect_uri !== grant.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match');
    if (grant.codeChallenge === null ? params.code_verifier !== undefined : !verifierMatches(params.code_verifier ?? '', grant.codeChallenge)) {
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
    }
    const user = await this.#activeUser(grant.userId);
    const stamp = { actorId: user.id, requestId, now };
    if (params.replace_tokens) await this.#services.tokens.revokeIssuedTo(key.id, stamp, user.id);
    const issued = await this.#services.tokens.issue(
      {
        userId: user.id,
        purpose: grant.purpose,
        scopes: key.data.require_scopes ? grant.scopes : null,
        expiresAt: now + ACCESS_TOKEN_MS,
        developerKeyId: key.id,
      },
      stamp,
    );
    return grantedTokenJson(issued.visibleToken, user, ACCESS_TOKEN_MS, issued.refreshToken);
  }

  async #refresh(params: TokenParams, key: Key, requestId: string, now: number) {
    if (!params.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
    const record = await this.#services.tokens.byRefreshToken(params.refresh_token);
    if (!record) throw new OAuthError('invalid_grant', 'refresh_token not found');
    if (record.data.developer_key_id !== key.id) throw new OAuthError('invalid_grant', 'incorrect client');
    const user = await this.#activeUser(record.data.user_id);
    const renewed = await this.#services.tokens.renew(record, now + ACCESS_TOKEN_MS, { actorId: user.id, requestId, now });
    return grantedTokenJson(renewed.visibleToken, user, ACCESS_TOKEN_MS);
  }

  /** LTI 1.3 services: a token for the key itself (no user), limited to the scopes asked for, all on the key. */
  async #clientCredentials(params: TokenParams, statedClientId: string | undefined, tokenUrl: string, now: number) {
    if (params.client_assertion_type !== CLIENT_ASSERTION_TYPE || !params.client_assertion) {
      throw new OAuthError('invalid_request', `client_credentials needs client_assertion_type=${CLIENT_ASSERTION_TYPE} and a client_assertion`);
    }
    const clientId = ClientAssertions.subjectOf(params.client_assertion);
    const key = await this.#keyOf(clientId);
    // A client id sent beside the assertion must name the same client (RFC 7521 §4.2).
    if (!key || !clientId || (statedClientId !== undefined && statedClientId !== clientId)) throw unknownClient();
    if (!isUsableKey(key.data)) throw notAllowed();
    await this.#assertions.verify(params.client_assertion, clientId, key.data, tokenUrl, now);
    const scopes = scopesOf(params.scope);
    if (scopes.length === 0 || scopes.some((scope) => !key.data.scopes.includes(scope))) {
      throw new OAuthError('invalid_scope', 'Every requested scope must be one of the developer key’s scopes.');
    }
    const host = new URL(tokenUrl).host;
    const accessToken = await this.#services.serviceTokens.sign(clientId, host, Math.floor(now / 1000), { scopes: scopes.join(' ') });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: SERVICE_TOKEN_SECONDS, scope: scopes.join(' ') };
  }

  /** The client id names a live key and the secret is its `api_key` (compared in constant time). */
  async #authenticateClient(client: ClientCredentials): Promise<Key> {
    const key = await this.#keyOf(client.clientId);
    if (!key) throw unknownClient();
    if (!timingSafeEqual(sha256(client.clientSecret ?? ''), sha256(key.data.api_key))) throw new OAuthError('invalid_client', 'invalid client');
    if (!isUsableKey(key.data)) throw notAllowed();
    return key;
  }

  async #keyOf(clientId: string | undefined): Promise<Key | undefined> {
    if (clientId === undefined || !/^\d{1,16}$/.test(clientId)) return undefined;
    const key = await this.#services.repos.developerKeys.get(Number(clientId));
    return key && key.data.workflow_state !== 'deleted' ? key : undefined;
  }

  async #activeUser(userId: number): Promise<TokenUser> {
    const user = await this.#services.repos.users.get(userId);
    if (!user || user.data.workflow_state === 'deleted') throw new OAuthError('invalid_grant', 'the user of this grant no longer exists');
    return { id: user.id, name: user.data.name, locale: user.data.locale };
  }

}

/** `uri` with the given parameters added to its query (a registered URI may carry one of its own). */
function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}
