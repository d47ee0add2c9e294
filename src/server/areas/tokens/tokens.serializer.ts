import type { AccessTokenData } from '../../domain/records/local-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoOrNull, isoSeconds } from '../common/api-values.ts';

/** Canvas's AccessToken JSON: only the hint identifies the token; the token itself is never shown again. */
export function tokenJson(token: Stored<AccessTokenData>): Record<string, unknown> {
  const t = token.data;
  return {
    id: token.id,
    user_id: t.user_id,
    purpose: t.purpose,
    created_at: isoSeconds(token.created_at),
    updated_at: isoSeconds(token.updated_at),
    expires_at: isoOrNull(t.expires_at),
    last_used_at: isoOrNull(t.last_used_at),
    workflow_state: t.workflow_state,
    scopes: t.scopes ?? [],
    remember_access: null,
    real_user_id: null,
    token_hint: t.token_hint,
  };
}
