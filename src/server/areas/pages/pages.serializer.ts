import type { CoreServices } from '../../core-services.ts';
import { pageAsSeen } from '../../domain/content-visibility.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import type { PageRevisionData, WikiPageData } from '../../domain/records/page-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoOrNull, isoSeconds } from '../common/api-values.ts';
import type { ItemLock } from '../../domain/progression/item-locks.ts';
import { defaultAvatarUrl } from '../users/users.serializer.ts';

/** The users a batch of pages or revisions names, loaded once: id → user. */
export type Editors = ReadonlyMap<number, Stored<UserData>>;

export async function loadEditors(services: CoreServices, ids: ReadonlyArray<number | null>): Promise<Editors> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  return services.repos.users.getMany(wanted);
}

function wikiPath(page: { context_type: string; context_id: number }): string {
  return `/${page.context_type === 'Course' ? 'courses' : 'groups'}/${page.context_id}`;
}

/** Canvas's `user_display_json`; absent (the field is omitted) when no editor was recorded. */
function editorJson(editors: Editors, userId: number | null, baseUrl: string, wiki: string): Record<string, unknown> | undefined {
  const user = userId === null ? undefined : editors.get(userId);
  if (!user) return undefined;
  return { id: user.id, display_name: user.data.short_name, avatar_image_url: defaultAvatarUrl(baseUrl), html_url: `${baseUrl}${wiki}/users/${user.id}` };
}

export interface PageView {
  baseUrl: string;
  editors: Editors;
  /** Set only on single-page answers; a locked page shows no body. */
  body?: boolean;
  lock?: ItemLock;
}

/** Canvas's Page JSON (`lib/api/v1/wiki_page.rb`, docs/canvas-compatibility.md §4.1), from an allow-list. */
export function pageJson(record: Stored<WikiPageData>, view: PageView): Record<string, unknown> {
  const p = record.data;
  const wiki = wikiPath(p);
  const published = p.workflow_state === 'active';
  const editor = editorJson(view.editors, p.last_edited_by, view.baseUrl, wiki);
  const body = pageAsSeen(p, view.lock).body;
  return {
    page_id: record.id,
    url: p.url,
    html_url: `${view.baseUrl}${wiki}/pages/${encodeURIComponent(p.url)}`,
    title: p.title,
    created_at: isoSeconds(record.created_at),
    updated_at: isoOrNull(p.revised_at),
    // Deprecated, but clients still read it: always the inverse of published.
    hide_from_students: !published,
    editing_roles: p.editing_roles || 'teachers',
    ...(editor ? { last_edited_by: editor } : {}),
    published,
    front_page: p.front_page,
    todo_date: p.todo_date,
    publish_at: null,
    locked_for_user: view.lock !== undefined,
    ...(view.lock ? { lock_info: view.lock.lock_info, lock_explanation: view.lock.lock_explanation } : {}),
    // No body while locked, nor when the hub withheld it from this device (it was locked when last synced).
    ...(view.body && body !== null ? { body } : {}),
  };
}

/** Canvas's PageRevision JSON: content only on a single revision, and not with `summary`. */
export function revisionJson(
  record: Stored<PageRevisionData>,
  latestId: number,
  view: { baseUrl: string; editors: Editors; content: boolean },
): Record<string, unknown> {
  const r = record.data;
  const editor = editorJson(view.editors, r.edited_by, view.baseUrl, wikiPath(r));
  return {
    revision_id: r.revision_id,
    updated_at: isoOrNull(r.saved_at),
    latest: r.revision_id === latestId,
    ...(editor ? { edited_by: editor } : {}),
    ...(view.content ? { url: r.url, title: r.title, body: r.body } : {}),
  };
}
