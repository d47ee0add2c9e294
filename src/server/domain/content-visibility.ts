import { lockedAssignment, lockedPage } from './locked-content.ts';
import type { ContentLocks, LockedContent } from './progression/content-locks.ts';
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

/** The page as a reader meets it: without its body while locked (`locked-content.ts`). */
export function pageAsSeen(data: WikiPageData, lock: ItemLock | undefined): WikiPageData {
  return lock ? lockedPage(data) : data;
}

/** The assignment as a reader meets it: without its description while locked (`locked-content.ts`). */
export function assignmentAsSeen(data: AssignmentData, lock: ItemLock | undefined): AssignmentData {
  return lock ? lockedAssignment(data) : data;
}

/** Locked by hand, or outside its availability window: the File JSON's `locked`, and what file lists leave out. */
export function fileLocked(f: FileData, now = Date.now()): boolean {
  return f.locked || (f.unlock_at !== null && Date.parse(f.unlock_at) > now) || (f.lock_at !== null && Date.parse(f.lock_at) < now);
}

/** The course file as the lock computation sees it: its dates, and the module items of type File that show it. */
export function fileLockSubject(file: Stored<FileData>): LockedContent {
  return {
    type: 'File',
    summary: { asset_string: `attachment_${file.id}`, unlock_at: file.data.unlock_at, lock_at: file.data.lock_at },
    shownBy: (item) => item.data.type === 'File' && item.data.content_id === file.id,
  };
}

/**
 * The lock a reader meets on a course file: locked by hand, by its dates, or by the modules that show it (every
 * one locked for the student). `locks` is the reader's; an editor's exempts them from all but the hand lock,
 * which callers skip for editors.
 */
export function fileLock(file: Stored<FileData>, locks: ContentLocks): ItemLock | undefined {
  if (file.data.locked) return { lock_info: { asset_string: `attachment_${file.id}` }, lock_explanation: 'This file is locked.' };
  return locks.lockOf(fileLockSubject(file));
}

/**
 * May a reader who does not edit files open a course file, its metadata and its bytes? Not a deleted one, nor a
 * locked one until it unlocks. Hidden files stay readable: hidden only keeps them out of lists (reachable by link,
 * which embedded images rely on). Submission files follow whose work they are, decided by the caller.
 */
export function courseFileReadable(f: FileData, lock: ItemLock | undefined): boolean {
  return f.workflow_state === 'available' && lock === undefined;
}
