import type { AccountData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';

/** Canvas's Account JSON (`lib/api/v1/account.rb`), as an allow-list. */
export function accountJson(account: Stored<AccountData>) {
  const a = account.data;
  return {
    id: account.id,
    name: a.name,
    uuid: a.uuid,
    parent_account_id: a.parent_account_id,
    root_account_id: a.root_account_id,
    workflow_state: a.workflow_state,
    sis_account_id: a.sis_account_id,
    integration_id: null,
    sis_import_id: null,
    default_time_zone: a.default_time_zone,
  };
}
