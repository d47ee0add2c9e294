import { BadRequestError } from '../../domain/errors.ts';
import type { ModuleItemData, ModuleItemType } from '../../domain/records/module-records.ts';
import type { WikiPageData } from '../../domain/records/page-records.ts';
import type { Repositories } from '../../domain/repositories.ts';
import type { Stored } from '../../domain/repository.ts';
import { cachePerKey, CourseCache } from '../../domain/progression/course-cache.ts';
import { loadCourseModules } from '../../domain/progression/course-modules.ts';

/**
 * What a module item shows of the content it points at: its title and draft state (for create), whether it can
 * be graded (which requirements apply), and the dates content_details carries.
 */
export interface ContentSummary {
  title: string;
  published: boolean;
  graded: boolean;
  points_possible: number | null;
  due_at: string | null;
  unlock_at: string | null;
  lock_at: string | null;
  /** Canvas's asset string, for lock_info (`assignment_5`, `wiki_page_intro`). */
  asset_string: string;
}

const CONTENT_TYPES: ReadonlySet<ModuleItemType> = new Set(['Assignment', 'Quiz', 'Discussion', 'File']);

export const contentKey = (item: Pick<ModuleItemData, 'type' | 'content_id' | 'page_url'>): string =>
  item.type === 'Page' ? `Page:${item.page_url}` : `${item.type}:${item.content_id}`;

const summary = (fields: Partial<ContentSummary> & Pick<ContentSummary, 'title' | 'published' | 'asset_string'>): ContentSummary => ({
  graded: false,
  points_possible: null,
  due_at: null,
  unlock_at: null,
  lock_at: null,
  ...fields,
});

function pageSummary(page: Stored<WikiPageData>): ContentSummary {
  return summary({ title: page.data.title, published: page.data.workflow_state !== 'unpublished', asset_string: `wiki_page_${page.id}` });
}

async function findPage(repos: Repositories, courseId: number, url: string): Promise<ContentSummary | undefined> {
  const [page] = await repos.wikiPages.find({ course_id: courseId, 'data.url': url });
  return !page || page.data.workflow_state === 'deleted' ? undefined : pageSummary(page);
}

/**
 * The course's live pages by url, with one query: `data.url` has no index, so a query per url would scan every
 * page of the course once per Page item (a 40-module course made that the largest cost of listing its modules).
 */
async function pagesByUrl(repos: Repositories, courseId: number, urls: ReadonlySet<string>): Promise<Map<string, ContentSummary>> {
  const found = new Map<string, ContentSummary>();
  if (urls.size === 0) return found;
  for (const page of await repos.wikiPages.find({ course_id: courseId })) {
    if (urls.has(page.data.url) && page.data.workflow_state !== 'deleted') found.set(page.data.url, pageSummary(page));
  }
  return found;
}

/** One piece of content of the course, not deleted; undefined when there is none. */
export async function findContent(
  repos: Repositories,
  courseId: number,
  type: ModuleItemType,
  ref: { content_id: number | null; page_url: string | null },
): Promise<ContentSummary | undefined> {
  if (type === 'Page') return ref.page_url === null ? undefined : findPage(repos, courseId, ref.page_url);
  if (ref.content_id === null) return undefined;
  return (await loadOfType(repos, courseId, type, [ref.content_id])).get(ref.content_id);
}

/** Content of one type by id, with one batch read; deleted content and other courses' content are left out. */
async function loadOfType(repos: Repositories, courseId: number, type: ModuleItemType, ids: number[]): Promise<Map<number, ContentSummary>> {
  const out = new Map<number, ContentSummary>();
  const live = <T extends { course_id: number; workflow_state: string }>(rows: Map<number, Stored<T>>) =>
    [...rows.values()].filter((r) => r.data.course_id === courseId && r.data.workflow_state !== 'deleted');
  switch (type) {
    case 'Assignment':
      for (const { id, data: a } of live(await repos.assignments.getMany(ids))) {
        out.set(id, summary({ ...a, title: a.name, published: a.workflow_state === 'published', graded: true, asset_string: `assignment_${id}` }));
      }
      break;
    case 'Quiz':
      // Practice quizzes and surveys are still graded in Canvas's sense: they take submissions and scores.
      for (const { id, data: q } of live(await repos.quizzes.getMany(ids))) {
        out.set(id, summary({ ...q, published: q.workflow_state === 'published', graded: true, asset_string: `quizzes:quiz_${id}` }));
      }
      break;
    case 'Discussion':
      for (const { id, data: t } of live(await repos.discussionTopics.getMany(ids))) {
        out.set(id, summary({ title: t.title, lock_at: t.lock_at, published: t.workflow_state === 'published', asset_string: `discussion_topic_${id}` }));
      }
      break;
    case 'File':
      for (const { id, data: f } of live(await repos.files.getMany(ids))) {
        out.set(id, summary({ title: f.display_name, unlock_at: f.unlock_at, lock_at: f.lock_at, published: !f.locked, asset_string: `attachment_${id}` }));
      }
      break;
    default:
      break;
  }
  return out;
}

const contentsCache = cachePerKey(
  (repos: Repositories) =>
    new CourseCache(repos.courses, async (courseId) => {
      const course = await loadCourseModules(repos, courseId);
      return loadContents(repos, courseId, [...course.itemsByModule.values()].flat());
    }),
);

/** The content behind every item of the course, keyed by `contentKey`; shared and read-only (see CourseCache). */
export function courseContents(repos: Repositories, courseId: number): Promise<ReadonlyMap<string, ContentSummary>> {
  return contentsCache(repos).get(courseId);
}

/** The content behind each item that has some, keyed by `contentKey`, loaded with one batch per type. */
async function loadContents(repos: Repositories, courseId: number, items: readonly Stored<ModuleItemData>[]): Promise<Map<string, ContentSummary>> {
  const found = new Map<string, ContentSummary>();
  const idsByType = new Map<ModuleItemType, number[]>();
  for (const { data } of items) {
    if (!CONTENT_TYPES.has(data.type) || data.content_id === null) continue;
    const ids = idsByType.get(data.type) ?? [];
    ids.push(data.content_id);
    idsByType.set(data.type, ids);
  }
  const pageUrls = new Set(items.filter((i) => i.data.type === 'Page' && i.data.page_url !== null).map((i) => i.data.page_url!));
  await Promise.all([
    ...[...idsByType].map(async ([type, ids]) => {
      for (const [id, content] of await loadOfType(repos, courseId, type, [...new Set(ids)])) found.set(`${type}:${id}`, content);
    }),
    (async () => {
      for (const [url, page] of await pagesByUrl(repos, courseId, pageUrls)) found.set(`Page:${url}`, page);
    })(),
  ]);
  return found;
}

/** Create's lookup: Canvas's own 400s for a missing or unknown page_url and for content it cannot find. */
export async function requireContent(
  repos: Repositories,
  courseId: number,
  type: ModuleItemType,
  ref: { content_id: number | null; page_url: string | null },
): Promise<ContentSummary> {
  if (type === 'Page' && ref.page_url === null) throw new BadRequestError('missing page_url parameter');
  const content = await findContent(repos, courseId, type, ref);
  if (content) return content;
  throw new BadRequestError(type === 'Page' ? 'invalid page_url parameter' : 'Could not find content');
}
