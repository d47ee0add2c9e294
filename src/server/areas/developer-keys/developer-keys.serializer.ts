import type { DeveloperKeyData } from '../../domain/records/local-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoOrNull, isoSeconds } from '../common/api-values.ts';

/** What a key's JSON shows beside the key itself. */
export interface DeveloperKeyFacts {
  userName: string | null;
  accountName: string | null;
  accessTokenCount: number;
  lastUsedAt: number | null;
}

/**
 * Canvas's account binding JSON. A key has exactly one binding here (to its root account), so the binding
 * carries the key's id.
 */
export function bindingJson(key: Stored<DeveloperKeyData>) {
  return {
    id: key.id,
    account_id: key.data.account_id,
    developer_key_id: key.id,
    workflow_state: key.data.binding_state,
    account_owns_binding: true,
  };
}

/** Canvas's DeveloperKey JSON as its admins see it: `api_key` (the client secret) included. */
export function developerKeyJson(key: Stored<DeveloperKeyData>, facts: DeveloperKeyFacts) {
  const k = key.data;
  return {
    id: key.id,
    name: k.name,
    created_at: isoSeconds(key.created_at),
    updated_at: isoSeconds(key.updated_at),
    api_key: k.api_key,
    redirect_uri: k.redirect_uri,
    redirect_uris: k.redirect_uris,
    notes: k.notes,
    icon_url: k.icon_url,
    vendor_code: k.vendor_code,
    email: k.email,
    user_id: k.user_id,
    user_name: facts.userName,
    account_name: facts.accountName,
    workflow_state: k.workflow_state,
    visible: k.visible,
    scopes: k.scopes,
    require_scopes: k.require_scopes,
    allow_includes: false,
    is_lti_key: k.public_jwk !== null,
    public_jwk: k.public_jwk,
    public_jwk_url: null,
    test_cluster_only: false,
    access_token_count: facts.accessTokenCount,
    last_used_at: isoOrNull(facts.lastUsedAt),
    developer_key_account_binding: bindingJson(key),
  };
}
