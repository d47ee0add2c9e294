import type { UserData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import { userDisplayJson } from '../submissions/submissions.serializer.ts';
import { newestFirst, oldestFirst, type Entry, type ReadStates } from './discussion-thread.ts';

/** What entry JSON needs besides the entry: the authors, the rating totals and the caller's read states. */
export interface EntryView {
  readonly users: ReadonlyMap<number, Stored<UserData>>;
  readonly ratings: ReadonlyMap<number, { count: number; sum: number }>;
  readonly reads: ReadStates;
}

/** Canvas shows at most this many recent replies inline with a top-level entry (`has_more_replies` says there are more). */
const RECENT_REPLIES = 10;

/**
 * The fields of an entry every shape shares (Canvas's `discussion_entry_api_json`). A deleted entry keeps its
 * place but shows `deleted: true` and neither message nor author, as Canvas documents.
 */
function entryCore(entry: Entry, view: EntryView): Record<string, unknown> {
  const e = entry.data;
  const totals = view.ratings.get(entry.id);
  const json: Record<string, unknown> = {
    id: entry.id,
    parent_id: e.parent_id,
    created_at: isoSeconds(entry.created_at),
    updated_at: isoSeconds(entry.updated_at),
    rating_count: totals?.count ?? null,
    rating_sum: totals?.sum ?? null,
  };
  if (e.workflow_state === 'deleted') return { ...json, deleted: true };
  return { ...json, user_id: e.user_id, ...(e.editor_id === null ? {} : { editor_id: e.editor_id }), message: e.message };
}

/**
 * An entry as the entries, replies and create endpoints answer it: with the author's name and the caller's read
 * state; a top-level entry of the entries list also carries its newest replies.
 */
export function entryJson(entry: Entry, view: EntryView, replies?: readonly Entry[]): Record<string, unknown> {
  const json = entryCore(entry, view);
  if (entry.data.workflow_state === 'active') json.user_name = view.users.get(entry.data.user_id)?.data.name ?? '';
  json.read_state = view.reads.of(entry);
  json.forced_read_state = view.reads.forced(entry);
  const recent = (replies ?? []).filter((r) => r.data.workflow_state === 'active').sort(newestFirst);
  if (recent.length > 0) {
    json.recent_replies = recent.slice(0, RECENT_REPLIES).map((r) => entryJson(r, view));
    json.has_more_replies = recent.length > RECENT_REPLIES;
  }
  return json;
}

/**
 * Canvas's full topic view: every entry once, nested under its parent (`replies`), oldest first, deleted ones in
 * place; the caller's own state comes beside it (unread and forced entries, ratings), and `participants` names
 * everyone who wrote or edited one. Outpost builds the view on each request, so no entry is ever "new" to it.
 */
export function topicViewJson(entries: readonly Entry[], view: EntryView, courseId: number, baseUrl: string): Record<string, unknown> {
  const children = new Map<number | null, Entry[]>();
  for (const entry of [...entries].sort(oldestFirst)) {
    const list = children.get(entry.data.parent_id) ?? [];
    list.push(entry);
    children.set(entry.data.parent_id, list);
  }
  const tree = (parentId: number | null): Record<string, unknown>[] =>
    (children.get(parentId) ?? []).map((entry) => ({ ...entryCore(entry, view), replies: tree(entry.id) }));
  const active = entries.filter((e) => e.data.workflow_state === 'active');
  const participantIds = [...new Set(active.flatMap((e) => [e.data.user_id, ...(e.data.editor_id === null ? [] : [e.data.editor_id])]))];
  const ratings = Object.fromEntries(entries.flatMap((e) => {
    const rating = view.reads.rating(e.id);
    return rating === null ? [] : [[String(e.id), rating]];
  }));
  return {
    unread_entries: active.filter((e) => view.reads.of(e) === 'unread').map((e) => e.id),
    forced_entries: active.filter((e) => view.reads.forced(e)).map((e) => e.id),
    entry_ratings: ratings,
    participants: participantIds.sort((a, b) => a - b).map((id) => userDisplayJson(view.users.get(id), id, courseId, baseUrl)),
    view: tree(null),
    new_entries: [],
  };
}
