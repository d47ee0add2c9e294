/**
 * JSON shapes of signing in, first-run setup, the device's hub connection and sync status, shared by the server and
 * the renderer. Errors use the Canvas envelope (`ErrorEnvelope` in api-types.ts).
 */
import type { IsoDateTime, UserProfile } from './lms-dtos.ts';

/**
 * Every cookie-authenticated request carries the session's CSRF token in this header (except `GET /login/session`,
 * which is how the page learns it). A cookie without it counts as no credential at all.
 */
export const CSRF_HEADER = 'X-CSRF-Token';

/** Cookies are not port-scoped, so a hub and a device on one machine each get their own name. */
export function sessionCookieName(port: number): string {
  return `outpost_session_${port}`;
}

/** `POST /api/v1/login/session` (JSON or form body). */
export interface SignInRequest {
  unique_id: string;
  password: string;
}

/** `POST|GET /api/v1/login/session` and `POST /api/v1/outpost/setup`: the signed-in person and their CSRF token. */
export interface SessionResponse {
  user: UserProfile;
  csrf_token: string;
  /** When the session ends if unused (it slides forward on every request). */
  expires_at: IsoDateTime;
}

/** `GET /api/v1/outpost/setup` (public). */
export interface SetupStatus {
  /** True while nobody but the built-in admin can sign in with a password: the page offers first-run setup. */
  setup_needed: boolean;
  hub: { connected: boolean; url: string | null };
}

/** `POST /api/v1/outpost/setup`: "Use Outpost on this computer" — the first teacher, an admin of the root account. */
export interface SetupRequest {
  name: string;
  unique_id: string;
  password: string;
}

/** `GET /api/v1/sync/hub` */
export interface HubConnectionStatus {
  connected: boolean;
  url: string | null;
  /** The hub user this device syncs as (same id locally: the hub's directory record is pulled). */
  user_id: number | null;
  connected_at: IsoDateTime | null;
}

/** `POST /api/v1/sync/hub` */
export interface ConnectHubRequest {
  hub_url: string;
  unique_id: string;
  password: string;
}

/** `POST /api/v1/sync/hub`: signed in locally as the hub user, plus the new connection. */
export interface ConnectHubResponse extends SessionResponse {
  hub: HubConnectionStatus;
}

export type SyncState = 'not_connected' | 'offline' | 'syncing' | 'synced';

/** A local change the hub refused to take: replayed there as the same user, its API answered with an error. */
export interface RefusedChange {
  /** The outbox entry's id on this computer. */
  id: number;
  /** The request that made the change, e.g. "PUT /api/v1/courses/3/pages/intro". */
  description: string;
  /** The hub's reason: its API's error message. */
  message: string;
  /** When the change was made on this computer. */
  created_at: IsoDateTime;
  /** The HTTP status the hub's API answered the replayed change with. */
  status: number | null;
}

/** `GET /api/v1/sync/status` — polled by the page while visible. */
export interface SyncStatus {
  state: SyncState;
  last_synced_at: IsoDateTime | null;
  /** Local changes the hub has not acknowledged yet. */
  waiting: number;
  refused: RefusedChange[];
  /** Unresolved conflicts (refusals are listed in `refused`, not counted here). */
  conflicts: number;
}

/** `device`: make the write that did not stand again (through the API); `hub`: leave what stands. */
export type ConflictChoice = 'device' | 'hub';

/** `POST /api/v1/sync/conflicts/:id/resolve`. */
export interface ResolveConflictRequest {
  choice: ConflictChoice;
}

/** A record's state as sync carries it (envelope plus its data). */
export interface SyncRecordState {
  key: string;
  type: string;
  id: number;
  course_id: number;
  user_id: number;
  updated_at: number;
  data: Record<string, unknown>;
  _deleted: boolean;
}

/** `GET /api/v1/sync/conflicts` (unresolved by default; `include_resolved=true` lists all) and the resolve answer. */
export interface SyncConflict {
  id: number;
  side: 'hub' | 'device';
  collection: string;
  record_type: string;
  record_id: number;
  course_id: number | null;
  user_id: number;
  subject_user_id: number | null;
  /** Data fields both writes changed. */
  fields: string[];
  /** The record as it stands, who wrote that and when. */
  kept: SyncRecordState;
  kept_by: number;
  kept_at: IsoDateTime;
  /** The record as the write that did not stand (made by `user_id`) left or would have left it, and when. */
  lost: SyncRecordState;
  lost_at: IsoDateTime;
  /** Whether choosing `device` can make that write again (the request is known). */
  can_redo: boolean;
  detected_at: IsoDateTime;
  workflow_state: 'open' | 'resolved';
  resolution: ConflictChoice | null;
  resolved_at: IsoDateTime | null;
}

/** Canvas's Login JSON (`/api/v1/accounts/:id/logins`, `/api/v1/users/:id/logins`): never a password or its hash. */
export interface CanvasLogin {
  id: number;
  user_id: number;
  account_id: number;
  unique_id: string;
  sis_user_id: string | null;
  integration_id: string | null;
  authentication_provider_id: number | null;
  created_at: IsoDateTime;
}

/** Canvas's access token JSON (`/api/v1/users/self/tokens`, "Approved integrations"). */
export interface AccessTokenInfo {
  id: number;
  user_id: number;
  purpose: string;
  created_at: IsoDateTime;
  updated_at: IsoDateTime;
  expires_at: IsoDateTime | null;
  last_used_at: IsoDateTime | null;
  workflow_state: 'active' | 'deleted';
  scopes: string[];
  /** The token's first characters, to tell tokens apart. */
  token_hint: string;
}

/** `POST /api/v1/users/self/tokens`: the only answer that ever holds the token itself. */
export interface CreatedAccessToken extends AccessTokenInfo {
  visible_token: string;
}

/** `GET /api/v1/users/self/communication_channels`: where notifications go. */
export interface CommunicationChannel {
  id: number;
  type: string;
  address: string;
}

export type NotificationFrequency = 'immediately' | 'daily' | 'weekly' | 'never';

/** One notification's setting on a channel, within its category (`discussion_entry`, `grading`, …). */
export interface NotificationPreference {
  notification: string;
  category: string;
  frequency: NotificationFrequency;
}
