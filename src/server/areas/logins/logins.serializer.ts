import type { LoginData } from '../../domain/records/local-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';

/** Canvas's Login JSON, from an allow-list: the password hash is never part of it. */
export function loginJson(login: Stored<LoginData>): Record<string, unknown> {
  const l = login.data;
  return {
    id: login.id,
    user_id: l.user_id,
    account_id: l.account_id,
    unique_id: l.unique_id,
    sis_user_id: l.sis_user_id,
    integration_id: l.integration_id,
    authentication_provider_id: null,
    authentication_provider_type: null,
    declared_user_type: null,
    workflow_state: l.workflow_state,
    created_at: isoSeconds(login.created_at),
  };
}
