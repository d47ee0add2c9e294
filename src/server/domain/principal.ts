/** Who a request acts for, once its Bearer token has been verified. */
export interface Principal {
  userId: number;
  /** The token's (or session's) record id, keying the request throttle; 0 for OUTPOST_ADMIN_TOKEN. */
  tokenId: number;
  /** Canvas-style `url:GET|/api/v1/...` scopes; null when the token is unscoped. */
  scopes: readonly string[] | null;
  /**
   * Set while the request acts as another user (`as_user_id`, Canvas's masquerading): the token's own user, who
   * really sent it. `userId` is then the user acted as, whose rights the request has.
   */
  realUserId?: number;
  /** Set when the request came with a person's session cookie (and its CSRF header) rather than a token. */
  sessionId?: number;
}

/** A credential (a token or a session record) as one key: what revoking ends, what a budget counts. */
export const credentialKey = {
  token: (id: number) => `token:${id}`,
  session: (id: number) => `session:${id}`,
};

/** The credential a principal came with. */
export function credentialOf(principal: Principal): string {
  return principal.sessionId !== undefined ? credentialKey.session(principal.sessionId) : credentialKey.token(principal.tokenId);
}
