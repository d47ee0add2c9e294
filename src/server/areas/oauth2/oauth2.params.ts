import { z } from 'zod';
import { canvasBoolean } from '../../http/params/canvas-params.ts';

/**
 * OAuth2 parameters are plain text. One that is malformed (a hash where text belongs) counts as absent, so the
 * service answers it in OAuth's own error JSON (`invalid_request`, …) rather than with Canvas's parameter errors.
 */
const oauthText = () => z.union([z.string(), z.number().transform(String)]).optional().catch(undefined);

/** `GET /login/oauth2/auth`, and the same request approved on the consent page. */
export const authorizeParams = z.object({
  client_id: oauthText(),
  response_type: oauthText(),
  redirect_uri: oauthText(),
  state: oauthText(),
  /** Space-separated scopes; they count only on keys with `require_scopes`. */
  scope: oauthText(),
  /** The token's purpose, shown in the user's token list. */
  purpose: oauthText(),
  code_challenge: oauthText(),
  code_challenge_method: oauthText(),
  /** Outpost's own: the consent page's language, which its script sets to the signed-in person's choice. */
  locale: oauthText(),
});
export type AuthorizeParams = z.output<typeof authorizeParams>;

export const tokenParams = z.object({
  grant_type: oauthText(),
  client_id: oauthText(),
  client_secret: oauthText(),
  code: oauthText(),
  redirect_uri: oauthText(),
  code_verifier: oauthText(),
  refresh_token: oauthText(),
  /** authorization_code: revoke the user's earlier tokens from the same key. */
  replace_tokens: canvasBoolean().optional().catch(undefined),
  client_assertion_type: oauthText(),
  client_assertion: oauthText(),
  scope: oauthText(),
});
export type TokenParams = z.output<typeof tokenParams>;

/** `expire_sessions` (end the browser session too) is Canvas's; a token has no browser session here, so it is ignored. */
export const revokeParams = z.object({ expire_sessions: canvasBoolean().optional().catch(undefined) });
