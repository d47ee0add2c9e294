/** Who a request acts for, once its Bearer token has been verified. */
export interface Principal {
  userId: number;
  /** The token's (or session's) record id, keying the request throttle; 0 for OUTPOST_ADMIN_TOKEN. */
  tokenId: number;
  /** Canvas-style `url:GET|/api/v1/...` scopes; null when the token is unscoped. */
  scopes: readonly string[] | null;
  /** Set when the request came with a person's session cookie (and its CSRF header) rather than a token. */
  sessionId?: number;
}
