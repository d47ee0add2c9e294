import type { CoreServices } from '../../core-services.ts';
import { pageLockSubject } from '../../domain/content-visibility.ts';
import { progressionService } from '../../domain/progression/progression.service.ts';
import type { WikiPageData } from '../../domain/records/page-records.ts';
import type { PlannedWrite, Stored, WriteStamp } from '../../domain/repository.ts';
import { ContentLocks } from '../../domain/progression/content-locks.ts';
import type { ItemLock } from '../../domain/progression/item-locks.ts';
import type { WikiViewer } from './page-access.ts';

/**
 * Where pages meet modules: the lock a student meets on a page that sits in a locked module, the progression
 * events pages cause (a shown body is `viewed`, an edit `contributed`), and keeping module items pointed at a
 * page whose slug changed. Only course wikis have modules; group pages never lock.
 */

/** The lock on a page for a student: only when every module item showing the page is locked (Canvas's rule). */
export async function pageLock(services: CoreServices, viewer: WikiViewer, page: Stored<WikiPageData>, stamp: WriteStamp): Promise<ItemLock | undefined> {
  const courseId = viewer.wiki.courseId;
  if (courseId === null) return undefined;
  const locks = await ContentLocks.load(services.repos, viewer.principal.userId, courseId, viewer.canManage, stamp);
  return locks.lockOf(pageLockSubject(page));
}

/** A student was shown the page body: must_view of its module items. */
export async function pageViewed(services: CoreServices, viewer: WikiViewer, page: Stored<WikiPageData>, stamp: WriteStamp): Promise<void> {
  if (viewer.wiki.courseId === null) return;
  await progressionService(services.repos).viewed(viewer.wiki.courseId, viewer.principal.userId, { type: 'Page', url: page.data.url }, stamp);
}

/** A student edited the page: must_contribute (and must_view) of its module items. */
export async function pageContributed(services: CoreServices, viewer: WikiViewer, page: Stored<WikiPageData>, stamp: WriteStamp): Promise<void> {
  if (viewer.wiki.courseId === null) return;
  await progressionService(services.repos).contributed(viewer.wiki.courseId, viewer.principal.userId, { type: 'Page', url: page.data.url }, stamp);
}

/**
 * Module items name pages by slug; Canvas's items follow the page (they hold its id), so when a rename or revert
 * moves the slug, the course's items that pointed at the old one follow it, title included. Planned, not written:
 * the page and its items are one write (`writeTogether`).
 */
export async function followSlug(services: CoreServices, page: Stored<WikiPageData>, previousUrl: string, stamp: WriteStamp): Promise<PlannedWrite[]> {
  if (page.data.context_type !== 'Course' || previousUrl === page.data.url) return [];
  const { moduleItems } = services.repos;
  const items = await moduleItems.find({ course_id: page.data.context_id, 'data.page_url': previousUrl });
  return moduleItems.replacements(items.map((item) => ({ read: item, data: { ...item.data, page_url: page.data.url, title: page.data.title } })), stamp);
}
