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
