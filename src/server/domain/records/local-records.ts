/** Shapes of records in the `local` collection: never replicated, they belong to this installation. */

export interface AccessTokenData {
  user_id: number;
  /** Hex SHA-256 of the token: the token itself is shown once and never stored. */
  token_hash: string;
  purpose: string;
  /** Canvas-style `url:GET|/api/v1/...` scopes; null for an unscoped token. */
  scopes: string[] | null;
  /** Epoch milliseconds; null when the token never expires. */
  expires_at: number | null;
  last_used_at: number | null;
  /** First characters of the token, so a user can tell their tokens apart; never enough to use one. */
  token_hint: string;
  workflow_state: 'active' | 'deleted';
  /** The developer key an OAuth2 token was issued to (absent on tokens made by hand): it must stay usable. */
  developer_key_id?: number | null;
  /**
   * Hex SHA-256 of the OAuth2 refresh token, which trades for a new access token on this record: the access
   * token expires hourly, the refresh token lasts until the token is revoked.
   */
  refresh_token_hash?: string | null;
}

/**
 * A developer key (Canvas's OAuth2 client): tools get tokens against it through `/login/oauth2/*`. Kept in
 * `local` like access tokens, because the tokens it issues are valid only on this installation.
 */
export interface DeveloperKeyData {
  account_id: number;
  /** Who created it. */
  user_id: number;
  name: string;
  email: string | null;
  icon_url: string | null;
  notes: string | null;
  vendor_code: string | null;
  /**
   * The client secret. Stored readable, unlike tokens: Canvas shows it to the admins of the key's account, who
   * copy it into the tool (docs/decisions/0034).
   */
  api_key: string;
  /** Canvas's older single redirect URI; matched exactly, like each of `redirect_uris`. */
  redirect_uri: string | null;
  redirect_uris: string[];
  /** What tokens of this key may be granted: `url:GET|/api/v1/…` route scopes and LTI service scopes. */
  scopes: string[];
  /** When true, tokens carry the scopes asked for (all within `scopes`) and reach nothing else. */
  require_scopes: boolean;
  visible: boolean;
  /** The public key (one JWK, or a JWK Set `{keys: […]}`) that signs the tool's `client_credentials` assertions. */
  public_jwk: Record<string, unknown> | null;
  workflow_state: 'active' | 'inactive' | 'deleted';
  /** The key's binding to its (root) account: tokens are issued and honoured only while it is `on`. */
  binding_state: 'on' | 'off' | 'allow';
}

/** Who this installation is: the root account it created on first start and that account's first admin. */
export interface InstallationData {
  root_account_id: number;
  admin_user_id: number;
}

export type ProgressState = 'queued' | 'running' | 'completed' | 'failed';

export interface ProgressData {
  context_type: string;
  context_id: number;
  user_id: number;
  tag: string;
  completion: number;
  workflow_state: ProgressState;
  message: string | null;
  results: unknown;
}

/**
 * A job of the job table (jobs/job-runner.ts): what runs behind a Progress, kept so that a restart after a crash
 * resumes it. Which of its items are done is kept beside the items' own writes (a done mark in the same
 * transaction), not here: this record is in `local`, the items' changes are in the collections they change.
 */
export interface JobData {
  /** The registered kind that runs it; also its Progress's tag, e.g. `submissions_update`. */
  kind: string;
  progress_id: number;
  /** Who started it: its items are written as this user. */
  user_id: number;
  /** The kind's inputs as plain JSON, read and checked again on every start, so a resumed job sees them as stored. */
  inputs: unknown;
  workflow_state: ProgressState;
}

/**
 * A way to sign in (Canvas's pseudonym). Kept in `local` because the password hash must never leave the
 * installation: a device's logins are its own, and a hub's hashes never reach devices.
 */
export interface LoginData {
  user_id: number;
  /** The root account the login belongs to (Canvas scopes unique ids per account). */
  account_id: number;
  /** Unique case-insensitively among live logins (the lookup slot holds it lowercased). */
  unique_id: string;
  sis_user_id: string | null;
  integration_id: string | null;
  /** A versioned scrypt hash (domain/auth/passwords.ts); null for logins that sign in with a token only. */
  password_hash: string | null;
  workflow_state: 'active' | 'suspended' | 'deleted';
}

/** A person's signed-in browser or window (an HttpOnly cookie; see http/session-cookie.ts). */
export interface SessionData {
  user_id: number;
  /** Hex SHA-256 of the cookie's value, like access tokens: the value itself is never stored. */
  token_hash: string;
  /**
   * Sent back in `X-CSRF-Token` on every request. Stored as is: it is worthless without the cookie, and the page
   * reads it again after a reload through `GET /api/v1/login/session`.
   */
  csrf_token: string;
  /** Epoch ms; slides forward while the session is used. */
  expires_at: number;
  workflow_state: 'active' | 'revoked';
}

/**
 * The hub this installation syncs with, connected from the UI (`POST /api/v1/sync/hub`). The access token lives
 * in the secret store, not here. Kept after disconnecting (`connected: false`) so the same person may connect again.
 */
export interface HubLinkData {
  url: string;
  /** The hub user the device syncs as; the same id locally (the directory record is pulled). */
  user_id: number;
  connected: boolean;
  connected_at: number;
  /** Names this connection's replication checkpoints: a new connection pulls everything again. */
  connection_id: string;
}
