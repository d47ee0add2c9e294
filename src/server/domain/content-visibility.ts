import type { LockedContent } from './progression/content-locks.ts';
import type { ItemLock } from './progression/item-locks.ts';
import type { AssignmentData, FileData } from './records/content-records.ts';
import type { WikiPageData } from './records/page-records.ts';
import type { Stored } from './repository.ts';

/**
 * What one reader sees of each kind of lockable course content, asked by the REST serializers and by the hub's
 * sync pull alike (docs/decisions/0048), so a device never holds what its user could not read over the API. The
 * lock itself comes from `ContentLocks` (docs/decisions/0036); these say what a lock withholds.
 */

/** The page as the lock computation sees it: pages have no dates of their own, only the module items showing them. */
export function pageLockSubject(page: Stored<WikiPageData>): LockedContent {
  const urls = new Set([page.data.url, ...page.data.old_urls]);
  return {
    type: 'Page',
    summary: { asset_string: `wiki_page_${page.id}`, unlock_at: null, lock_at: null },
    shownBy: (item) => item.data.type === 'Page' && urls.has(item.data.page_url ?? ''),
  };
}

/**
 * The assignment as the lock computation sees it: its dates, and the module items that show it (its own, and
 * those of the quiz or graded topic it grades, as Canvas's items follow either side).
 */
export function assignmentLockSubject(record: Stored<AssignmentData>): LockedContent {
  const a = record.data;
  const shows = new Set([`Assignment:${record.id}`]);
  if (a.quiz_id !== null) shows.add(`Quiz:${a.quiz_id}`);
  if (a.discussion_topic_id !== null) shows.add(`Discussion:${a.discussion_topic_id}`);
  return {
    type: 'Assignment',
    summary: { asset_string: `assignment_${record.id}`, unlock_at: a.unlock_at, lock_at: a.lock_at },
    shownBy: (item) => shows.has(`${item.data.type}:${item.data.content_id}`),
  };
}

/** A locked page keeps its title and settings; its body is withheld (Canvas shows no body while locked). */
export function pageAsSeen(data: WikiPageData, lock: ItemLock | undefined): WikiPageData {
  return lock ? { ...data, body: null } : data;
}

/** A locked assignment keeps its name, dates and points; its description is withheld, like a locked page's body. */
export function assignmentAsSeen(data: AssignmentData, lock: ItemLock | undefined): AssignmentData {
  return lock ? { ...data, description: null } : data;
}

/** Locked by hand, or outside its availability window. */
export function fileLocked(f: FileData, now = Date.now()): boolean {
  return f.locked || (f.unlock_at !== null && Date.parse(f.unlock_at) > now) || (f.lock_at !== null && Date.parse(f.lock_at) < now);
}

/**
 * May a reader who is not the file's editor open a course file (its metadata and bytes)? Not a deleted one, nor
 * a locked one until it unlocks. Hidden files stay readable: hidden only keeps them out of lists (reachable by
 * link, as in Canvas). Submission files follow whose work they are, decided by the caller.
 */
export function courseFileReadable(f: FileData, now = Date.now()): boolean {
  return f.workflow_state === 'available' && !fileLocked(f, now);
}
