/**
 * A problem report a user files (Canvas's ErrorReport through "Report a problem"). It belongs to its reporter
 * alone, so it lives in `course_user` with their id and no course (docs/architecture.md §4.2): it travels with the
 * reporter's own data to the hub, where support reads it, and never to another user's device.
 */

export const SEVERITIES = ['just_a_comment', 'not_urgent', 'workaround_possible', 'blocks_what_i_need_to_do', 'extreme_critical_emergency'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface ErrorReportData {
  user_id: number;
  /** The installation's root account, as Canvas records the domain's root account. */
  account_id: number;
  subject: string;
  comments: string | null;
  email: string | null;
  url: string | null;
  user_perceived_severity: Severity | null;
  /** `course_12`: where the user was. */
  context_asset_string: string | null;
  /** Comma-separated, as the client reported them. */
  user_roles: string | null;
  /** Request metadata: as the client sent it, else collected from the request. */
  http_env: Record<string, string>;
  /** The id of the request that filed it (Canvas's request_context_id). */
  request_context_id: string;
}
