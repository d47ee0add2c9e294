import type { CoreServices } from '../../core-services.ts';
import { loadCourseModules } from '../../domain/progression/course-modules.ts';
import { progressionService } from '../../domain/progression/progression.service.ts';
import type { WikiPageData } from '../../domain/records/page-records.ts';
import type { PlannedWrite, Stored, WriteStamp } from '../../domain/repository.ts';
import type { ContentSummary } from '../module-items/item-content.ts';
import { itemLock, type ItemLock } from '../module-items/item-locks.ts';
import type { WikiViewer } from './page-access.ts';

/**
 * Where pages meet modules: the lock a student meets on a page that sits in a locked module, the progression
 * events pages cause (a shown body is `viewed`, an edit `contributed`), and keeping module items pointed at a
 * page whose slug changed. Only course wikis have modules; group pages never lock.
 */

/** The lock on a page for a student: only when every module item showing the page is locked (Canvas's rule). */
export async function pageLock(services: CoreServices, viewer: WikiViewer, page: Stored<WikiPageData>, stamp: WriteStamp): Promise<ItemLock | undefined> {
  const courseId = viewer.wiki.courseId;
  if (courseId === null || viewer.canManage) return undefined;
  const progression = progressionService(services.repos);
  if (!(await progression.participatesAsStudent(courseId, viewer.principal.userId, stamp.now))) return undefined;
  const course = await loadCourseModules(services.repos, courseId);
  const urls = new Set([page.data.url, ...page.data.old_urls]);
  const placements = course.modules
    .filter((m) => m.data.published)
    .flatMap((module) => {
      const items = course.itemsByModule.get(module.id) ?? [];
      return items.filter((i) => i.data.published && i.data.type === 'Page' && urls.has(i.data.page_url ?? '')).map((item) => ({ item, module, items }));
    });
  if (placements.length === 0) return undefined;
  const progress = await progression.progressFor(courseId, viewer.principal.userId, stamp, course);
  const content = pageSummary(page);
  let first: ItemLock | undefined;
  for (const { item, module, items } of placements) {
    const lock = itemLock(item, module, items, progress, content, stamp.now);
    if (!lock) return undefined;
    first ??= lock;
  }
  return first;
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

function pageSummary(page: Stored<WikiPageData>): ContentSummary {
  return {
    title: page.data.title,
    published: page.data.workflow_state === 'active',
    graded: false,
    points_possible: null,
    due_at: null,
    unlock_at: null,
    lock_at: null,
    asset_string: `wiki_page_${page.id}`,
  };
}
