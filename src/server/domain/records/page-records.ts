/**
 * Shapes of wiki pages (the `course` collection) and their revisions (the append-only `history` collection).
 * Field names follow Canvas's JSON; timestamps the API shows are ISO 8601 UTC strings.
 */

/** Who besides the wiki's managers may edit a page (docs/canvas-compatibility.md §4.3); `members` is meant for group wikis. */
export const EDITING_ROLES = ['teachers', 'students', 'members', 'public'] as const;
export type EditingRole = (typeof EDITING_ROLES)[number];

/** Canvas's page states: `active` is published; a delete is a soft delete so ids and revisions stay. */
export type PageWorkflowState = 'active' | 'unpublished' | 'deleted';

/** Whose wiki the page belongs to. Group pages are written with a course_id slot of 0 (module items never name them). */
export type WikiContextType = 'Course' | 'Group';

export interface WikiPageData {
  context_type: WikiContextType;
  context_id: number;
  /**
   * The slug: what module items (`data.url`, see module-items/item-content.ts) and clients address the page by.
   * It follows the title; the slugs it had before stay in `old_urls` and keep resolving.
   */
  url: string;
  old_urls: string[];
  title: string;
  /**
   * Sanitized HTML (domain/html/sanitize.ts); never stored raw. Null only on a device, for a page the hub withheld
   * the body of because it was locked for the device's user (docs/decisions/0048).
   */
  body: string | null;
  workflow_state: PageWorkflowState;
  /** Comma-separated EditingRole values, as Canvas stores and shows them. */
  editing_roles: string;
  front_page: boolean;
  /** The newest revision's number; revisions are numbered 1, 2, 3… per page. */
  revision: number;
  /** Canvas's page `updated_at` is the time of the last revision (publishing does not move it), not the record's. */
  /** Full ISO 8601 with milliseconds, so sorting by it is exact; shown at second precision. */
  revised_at: string;
  last_edited_by: number | null;
  todo_date: string | null;
}

export interface PageRevisionData {
  page_id: number;
  context_type: WikiContextType;
  context_id: number;
  revision_id: number;
  url: string;
  title: string;
  body: string;
  edited_by: number | null;
  saved_at: string;
}
