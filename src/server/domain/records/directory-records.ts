import type { RoleOverrideRecord } from '../permissions/index.ts';

/**
 * Shapes of the records in the `directory` collection (replicated to devices that share a course or account).
 * Field names follow Canvas's JSON so serializers stay allow-lists rather than translations.
 */

export interface AccountData {
  name: string;
  /** Null for a root account. */
  parent_account_id: number | null;
  /** Null for a root account (Canvas reports null there too). */
  root_account_id: number | null;
  workflow_state: 'active' | 'deleted';
  sis_account_id: string | null;
  uuid: string;
  default_time_zone: string;
}

export type UserWorkflowState = 'registered' | 'pre_registered' | 'deleted';

export interface UserData {
  name: string;
  sortable_name: string;
  short_name: string;
  /** The login (Canvas's pseudonym unique_id); unique case-insensitively, kept in the record's lookup slot. */
  login_id: string;
  sis_user_id: string | null;
  integration_id: string | null;
  email: string | null;
  time_zone: string | null;
  locale: string | null;
  /** The account the login belongs to. */
  root_account_id: number;
  workflow_state: UserWorkflowState;
  uuid: string;
}

/** An admin role held at an account (Canvas's AccountUser). */
export interface AccountUserData {
  account_id: number;
  user_id: number;
  role_id: number;
  workflow_state: 'active' | 'deleted';
}

export interface CommunicationChannelData {
  user_id: number;
  address: string;
  type: 'email' | 'sms' | 'push';
  position: number;
  workflow_state: 'unconfirmed' | 'active' | 'retired';
}

/** A custom role; built-in roles are constants (domain/permissions/role-catalog.ts) and never stored. */
export interface RoleData {
  name: string;
  label: string;
  base_role_type: string;
  account_id: number;
  workflow_state: 'active' | 'inactive' | 'deleted';
}

/** A stored override is exactly the policy's record; storage assigns the id. */
export type RoleOverrideData = Omit<RoleOverrideRecord, 'id'>;
