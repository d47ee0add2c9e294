import type { CalendarFeedData } from '../records/calendar-records.ts';
import type { AccessTokenData, DeveloperKeyData, HubLinkData, InstallationData, JobData, LoginData, ProgressData, SessionData } from '../records/local-records.ts';
import { exportChunkKey, type ContentMigrationData, type ExportChunkData, type ExportFileData, type GradebookUploadData } from '../records/export-records.ts';
import { lookupKey } from './lookup-keys.ts';
import { declareRecord, FIELD_BY_FIELD } from './record-declaration.ts';

/** Records of the `local` partition: this installation's credentials and state, which never leave it. */

// Local records never reach the hub's change feed: no sync scope reads them.
const local = { collection: 'local', pull: 'never', scopes: 'none', conflicts: FIELD_BY_FIELD, webhooks: [] } as const;

// A developer key's tokens are counted (and revoked) through `parent_id`.
export const tokenRecord = declareRecord<AccessTokenData>()({
  ...local,
  type: 'access_token',
  slots: (t) => ({ user_id: t.user_id, parent_id: t.developer_key_id ?? 0, lookup_key: lookupKey.tokenHash(t.token_hash) }),
});

export const developerKeyRecord = declareRecord<DeveloperKeyData>()({ ...local, type: 'developer_key', slots: (k) => ({ parent_id: k.account_id }) });

export const installationRecord = declareRecord<InstallationData>()({ ...local, type: 'installation', slots: () => ({}) });

export const loginRecord = declareRecord<LoginData>()({
  ...local,
  type: 'login',
  slots: (l) => ({
    user_id: l.user_id,
    parent_id: l.account_id,
    lookup_key: l.workflow_state === 'deleted' ? '' : lookupKey.pseudonym(l.unique_id),
    sort_key: l.unique_id.toLowerCase().slice(0, 300),
  }),
});

export const sessionRecord = declareRecord<SessionData>()({
  ...local,
  type: 'session',
  slots: (s) => ({ user_id: s.user_id, lookup_key: lookupKey.sessionHash(s.token_hash) }),
});

export const hubLinkRecord = declareRecord<HubLinkData>()({ ...local, type: 'hub_link', slots: (h) => ({ user_id: h.user_id }) });

export const progressRecord = declareRecord<ProgressData>()({ ...local, type: 'progress', slots: (p) => ({ user_id: p.user_id, course_id: 0 }) });

// Unfinished jobs are found at start through the (type, parent_id, sort_key) index: their state is the sort key.
export const jobRecord = declareRecord<JobData>()({ ...local, type: 'job', slots: (j) => ({ user_id: j.user_id, sort_key: j.workflow_state }) });

export const exportFileRecord = declareRecord<ExportFileData>()({ ...local, type: 'export_file', slots: (f) => ({ user_id: f.user_id }) });

// A chunk's key makes its index unique per export; `parent_id` + `sort_key` read an export's chunks in order.
export const exportChunkRecord = declareRecord<ExportChunkData>()({
  ...local,
  type: 'export_chunk',
  slots: (c) => ({ parent_id: c.export_id, sort_key: String(c.index).padStart(9, '0'), lookup_key: exportChunkKey(c.export_id, c.index) }),
});

export const gradebookUploadRecord = declareRecord<GradebookUploadData>()({ ...local, type: 'gradebook_upload', slots: (u) => ({ user_id: u.user_id }) });

export const contentMigrationRecord = declareRecord<ContentMigrationData>()({ ...local, type: 'content_migration', slots: (m) => ({ user_id: m.user_id, parent_id: m.course_id }) });

// Found by its code when a calendar application fetches the feed, by its user when the profile shows it.
export const calendarFeedRecord = declareRecord<CalendarFeedData>()({ ...local, type: 'calendar_feed', slots: (f) => ({ user_id: f.user_id, lookup_key: lookupKey.calendarFeed(f.code) }) });
