/** The person a token acts for, as the token answer names them. */
export interface TokenUser {
  id: number;
  name: string;
  locale: string | null;
}

/**
 * Canvas's token answer for the authorization code and refresh grants: the refresh token only when one is new
 * (the code grant), `expires_in` in seconds as a number, `global_id` the id as a string (one shard here).
 */
export function grantedTokenJson(accessToken: string, user: TokenUser, lifetimeMs: number, refreshToken?: string) {
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    user: { id: user.id, name: user.name, global_id: String(user.id), effective_locale: user.locale ?? 'en' },
    ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
    expires_in: Math.round(lifetimeMs / 1000),
  };
}
