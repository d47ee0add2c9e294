import type { CoreServices } from '../../core-services.ts';
import { InvalidParameterError, NotFoundError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import { sanitizeUserHtml } from '../../domain/html/sanitize.ts';
import type { WikiPageData } from '../../domain/records/page-records.ts';
import { retryStale, writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import { matchesSearch } from '../common/course-content.ts';
import { canCreatePage, canSeePage, defaultEditingRoles, holdsEditingRole, type Wiki, type WikiViewer } from './page-access.ts';
import { followSlug, pageContributed, pageLock } from './page-modules.ts';
import { isVersionChange, PageRevisions } from './page-revisions.service.ts';
import { copyTitle, titleErrors, titleFromSlug, toSlug, uniqueSlug } from './page-slugs.ts';
import type { ListFilters, PageFields } from './pages.params.ts';

/** Canvas's wiki pages controller answers its own 404s as `{"message": …}`, not the generic errors list. */
const PAGE_404 = 'message';

type Page = Stored<WikiPageData>;

const FRONT_PAGE_UNPUBLISHED = 'The front page cannot be unpublished';
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Course and group wikis (docs/canvas-compatibility.md §4): lookup by slug, drafts, the front page, and revisions on every edit. */
export class PagesService {
  readonly #services: CoreServices;
  readonly revisions: PageRevisions;

  constructor(services: CoreServices) {
    this.#services = services;
    this.revisions = new PageRevisions(services);
  }

  /** Every page of the wiki, deleted ones included (ids stay resolvable for duplicate's own 400). */
  async #all(wiki: Wiki): Promise<Page[]> {
    const slots = wiki.kind === 'Course' ? { course_id: wiki.id, parent_id: 0 } : { course_id: 0, parent_id: wiki.id };
    const pages = await this.#services.repos.wikiPages.find(slots);
    return pages.filter((p) => p.data.context_type === wiki.kind && p.data.context_id === wiki.id);
  }

  /**
   * Canvas's `:url` lookup (docs/canvas-compatibility.md §4.2): `page_id:N`; else the slug, the slug form of the text, a slug the
   * page had before a rename; else a numeric id. Undefined when nothing live matches.
   */
  async find(wiki: Wiki, ref: string, includeDeleted = false): Promise<Page | undefined> {
    const all = await this.#all(wiki);
    const live = all.filter((p) => p.data.workflow_state !== 'deleted');
    const forced = /^page_id:(\d{1,16})$/.exec(ref);
    if (forced) return (includeDeleted ? all : live).find((p) => p.id === Number(forced[1]));
    const slug = toSlug(ref);
    return (
      live.find((p) => p.data.url === ref) ??
      live.find((p) => p.data.url === slug) ??
      live.find((p) => p.data.old_urls.includes(ref) || p.data.old_urls.includes(slug)) ??
      (/^\d{1,16}$/.test(ref) ? (includeDeleted ? all : live).find((p) => p.id === Number(ref)) : undefined)
    );
  }

  /**
   * A page the viewer may see. As in Canvas, the page is found first and the right to read it asked after: a draft
   * is a 401 for those who may not see drafts, only a page that does not exist a 404.
   */
  async get(viewer: WikiViewer, ref: string): Promise<Page> {
    const page = await this.find(viewer.wiki, ref);
    if (!page) throw new NotFoundError('page', PAGE_404);
    if (!canSeePage(page, viewer)) throw new UnauthorizedError();
    return page;
  }

  async frontPage(viewer: WikiViewer): Promise<Page> {
    const page = (await this.#all(viewer.wiki)).find((p) => p.data.front_page && p.data.workflow_state !== 'deleted');
    if (!page || !canSeePage(page, viewer)) throw NotFoundError.saying('No front page has been set', PAGE_404);
    return page;
  }

  async list(viewer: WikiViewer, filters: ListFilters): Promise<Page[]> {
    if (filters.search_term !== undefined && filters.search_term.length < 3) {
      throw new InvalidParameterError('search_term', '3 or more characters is required');
    }
    const shown = (await this.#all(viewer.wiki)).filter(
      (p) =>
        canSeePage(p, viewer) &&
        (filters.published === undefined || (p.data.workflow_state === 'active') === filters.published) &&
        matchesSearch(p.data.title, filters.search_term),
    );
    const direction = filters.order === 'desc' ? -1 : 1;
    const key = sortKey(filters.sort);
    return shown.sort((a, b) => direction * (key(a, b) || a.id - b.id));
  }

  /** Whether the viewer may change the page's content: managers, or an editing role on an unlocked, published page. */
  async canEdit(viewer: WikiViewer, page: Page, stamp: WriteStamp): Promise<boolean> {
    if (viewer.canManage) return true;
    if (page.data.workflow_state !== 'active' || !holdsEditingRole(page.data.editing_roles, viewer)) return false;
    return (await pageLock(this.#services, viewer, page, stamp)) === undefined;
  }

  async create(viewer: WikiViewer, fields: PageFields, stamp: WriteStamp, slug?: string): Promise<Page> {
    if (!canCreatePage(viewer)) throw new UnauthorizedError();
    guardManagerFields(viewer, fields, undefined);
    const title = fields.title ?? (slug === undefined ? '' : titleFromSlug(slug));
    const invalid = titleErrors(title);
    if (invalid) throw invalid;
    // Teachers start drafts; everyone else's pages are published at once (they could not publish them later).
    const published = viewer.canManage ? (fields.published ?? false) : true;
    if (fields.front_page === true && !published) throw ValidationError.field('front_page', FRONT_PAGE_UNPUBLISHED, 'front_page');
    const live = (await this.#all(viewer.wiki)).filter((p) => p.data.workflow_state !== 'deleted');
    const base = fields.title === undefined && slug !== undefined ? toSlug(slug) || toSlug(title) : toSlug(title);
    const data: WikiPageData = {
      context_type: viewer.wiki.kind,
      context_id: viewer.wiki.id,
      url: uniqueSlug(base, takenSlugs(live)),
      old_urls: [],
      title,
      body: sanitizeUserHtml(fields.body ?? ''),
      workflow_state: published ? 'active' : 'unpublished',
      editing_roles: fields.editing_roles ?? defaultEditingRoles(viewer.wiki),
      front_page: fields.front_page === true,
      revision: 1,
      revised_at: new Date(stamp.now).toISOString(),
      last_edited_by: viewer.principal.userId,
      todo_date: todoDateOf(fields, null),
    };
    const { wikiPages } = this.#services.repos;
    const page = await retryStale(async () => {
      const built = await wikiPages.build(data, stamp);
      // The new front page and the old one's demotion are one write: never two front pages, never none.
      await writeTogether([wikiPages.insertion(built), ...(data.front_page ? await this.#otherFrontPages(viewer.wiki, built.id, stamp) : [])]);
      return built;
    });
    // Revisions live in the history collection: recorded after the page, so a crash can lose a revision, never a page.
    await this.revisions.record(page, stamp);
    return page;
  }

  /** `PUT /pages/:url`: an unknown slug creates the page under it (docs/canvas-compatibility.md §0.3). */
  async upsert(viewer: WikiViewer, ref: string, fields: PageFields, stamp: WriteStamp): Promise<Page> {
    const page = await this.find(viewer.wiki, ref);
    if (page && canSeePage(page, viewer)) return this.update(viewer, page, fields, stamp);
    if (page) throw new UnauthorizedError();
    return this.create(viewer, fields, stamp, ref);
  }

  /** `PUT /front_page`: with none set, a published page is created and made the front page. */
  async putFrontPage(viewer: WikiViewer, fields: PageFields, stamp: WriteStamp): Promise<Page> {
    const { front_page: _ignored, ...rest } = fields;
    const current = (await this.#all(viewer.wiki)).find((p) => p.data.front_page && p.data.workflow_state !== 'deleted');
    if (current && canSeePage(current, viewer)) return this.update(viewer, current, rest, stamp);
    if (current) throw NotFoundError.saying('No front page has been set', PAGE_404);
    return this.create(viewer, { title: 'Front Page', ...rest, published: rest.published ?? true, front_page: true }, stamp);
  }

  async update(viewer: WikiViewer, page: Page, fields: PageFields, stamp: WriteStamp): Promise<Page> {
    if (!(await this.canEdit(viewer, page, stamp))) throw new UnauthorizedError();
    guardManagerFields(viewer, fields, page.data);
    const published = fields.published ?? page.data.workflow_state === 'active';
    const front = fields.front_page ?? page.data.front_page;
    if (front && !published) {
      throw ValidationError.field(fields.front_page === true && !page.data.front_page ? 'front_page' : 'published', FRONT_PAGE_UNPUBLISHED);
    }
    const title = fields.title ?? page.data.title;
    const invalid = titleErrors(title);
    if (invalid) throw invalid;
    const others = (await this.#all(viewer.wiki)).filter((p) => p.id !== page.id && p.data.workflow_state !== 'deleted');
    const url = title === page.data.title ? page.data.url : uniqueSlug(toSlug(title), takenSlugs(others));
    const body = fields.body === undefined ? page.data.body : sanitizeUserHtml(fields.body ?? '');
    const saved = await this.#write(
      page,
      { url, title, body },
      stamp,
      (data) => ({ ...data, workflow_state: published ? 'active' : 'unpublished', editing_roles: fields.editing_roles ?? data.editing_roles, front_page: front, todo_date: todoDateOf(fields, data.todo_date) }),
      false,
      front && !page.data.front_page ? viewer.wiki : undefined,
    );
    if (!viewer.canManage) await pageContributed(this.#services, viewer, saved, stamp);
    return saved;
  }

  /** Puts an old revision's title, body and url back; the save is a new revision (docs/canvas-compatibility.md §4.6). */
  async revert(viewer: WikiViewer, page: Page, revisionId: number, stamp: WriteStamp): Promise<Page> {
    if (!(await this.canEdit(viewer, page, stamp))) throw new UnauthorizedError();
    const old = await this.revisions.get(page, revisionId);
    const others = (await this.#all(viewer.wiki)).filter((p) => p.id !== page.id && p.data.workflow_state !== 'deleted');
    const taken = takenSlugs(others);
    const url = taken.has(old.data.url) ? uniqueSlug(toSlug(old.data.title), taken) : old.data.url;
    const saved = await this.#write(page, { url, title: old.data.title, body: old.data.body }, stamp, (data) => data, true);
    if (!viewer.canManage) await pageContributed(this.#services, viewer, saved, stamp);
    return saved;
  }

  async delete(viewer: WikiViewer, page: Page, stamp: WriteStamp): Promise<Page> {
    if (!viewer.canManage) throw new UnauthorizedError();
    if (page.data.front_page) throw ValidationError.field('front_page', 'The front page cannot be deleted');
    const deleted = await this.#services.repos.wikiPages.update(page.id, stamp, (data) => ({ ...data, workflow_state: 'deleted', front_page: false }));
    if (!deleted) throw new NotFoundError('page', PAGE_404);
    return deleted;
  }

  /** Course pages only: an unpublished copy titled "<title> Copy" (then "Copy 2"…), with its own slug and history. */
  async duplicate(viewer: WikiViewer, page: Page, stamp: WriteStamp): Promise<Page> {
    if (!viewer.canManage) throw new UnauthorizedError();
    const live = (await this.#all(viewer.wiki)).filter((p) => p.data.workflow_state !== 'deleted');
    const title = copyTitle(page.data.title, live.map((p) => p.data.title));
    const data: WikiPageData = {
      ...page.data,
      url: uniqueSlug(toSlug(title), takenSlugs(live)),
      old_urls: [],
      title,
      workflow_state: 'unpublished',
      front_page: false,
      revision: 1,
      revised_at: new Date(stamp.now).toISOString(),
      last_edited_by: viewer.principal.userId,
    };
    const copy = await this.#services.repos.wikiPages.create(data, stamp);
    await this.revisions.record(copy, stamp);
    return copy;
  }

  /**
   * Writes the page; when title, body or url change (or `forceRevision`), the revision number moves inside the same
   * write and the revision is recorded after it. A new slug keeps the old one resolving and moves module items;
   * `frontOf` makes it the wiki's only front page. The page, the items and the demoted front page are one write.
   */
  async #write(
    page: Page,
    next: Pick<WikiPageData, 'url' | 'title' | 'body'>,
    stamp: WriteStamp,
    other: (data: WikiPageData) => WikiPageData,
    forceRevision = false,
    frontOf?: Wiki,
  ): Promise<Page> {
    const { wikiPages } = this.#services.repos;
    const revised = forceRevision || isVersionChange(page.data, next);
    const saved = await retryStale(async () => {
      const read = await wikiPages.get(page.id);
      if (!read) throw new NotFoundError('page', PAGE_404);
      const current = read.data;
      const data = other({ ...current, ...next });
      const oldUrls = current.url === next.url ? current.old_urls : [...new Set([...current.old_urls, current.url])];
      const planned = wikiPages.replacement(
        read,
        revised
          ? { ...data, old_urls: oldUrls.filter((u) => u !== next.url), revision: current.revision + 1, revised_at: new Date(stamp.now).toISOString(), last_edited_by: stamp.actorId }
          : data,
        stamp,
      );
      await writeTogether([
        planned,
        ...(await followSlug(this.#services, planned.record, page.data.url, stamp)),
        ...(frontOf ? await this.#otherFrontPages(frontOf, page.id, stamp) : []),
      ]);
      return planned.record;
    });
    // Revisions live in the history collection: recorded after the page, so a crash can lose a revision, never the edit.
    if (revised) await this.revisions.record(saved, stamp);
    return saved;
  }

  /** The wiki's other front pages, demoted: planned for the same write that makes `keepId` the front page. */
  async #otherFrontPages(wiki: Wiki, keepId: number, stamp: WriteStamp): Promise<PlannedWrite[]> {
    const others = (await this.#all(wiki)).filter((other) => other.id !== keepId && other.data.front_page);
    return this.#services.repos.wikiPages.replacements(others.map((other) => ({ read: other, data: { ...other.data, front_page: false } })), stamp);
  }
}

/** Every slug a live page answers to, old ones included, so no two pages ever resolve from one slug. */
function takenSlugs(pages: readonly Page[]): Set<string> {
  return new Set(pages.flatMap((p) => [p.data.url, ...p.data.old_urls]));
}

/** Non-managers change only title and body: publishing, roles and the front page are the managers' (docs/canvas-compatibility.md §4.3). */
function guardManagerFields(viewer: WikiViewer, fields: PageFields, current: WikiPageData | undefined): void {
  if (viewer.canManage) return;
  const published = current ? current.workflow_state === 'active' : true;
  const roles = current?.editing_roles ?? defaultEditingRoles(viewer.wiki);
  const changesPublished = fields.published !== undefined && fields.published !== published;
  const changesRoles = fields.editing_roles !== undefined && fields.editing_roles !== roles;
  const changesFront = fields.front_page !== undefined && fields.front_page !== (current?.front_page ?? false);
  const changesTodo = todoDateOf(fields, current?.todo_date ?? null) !== (current?.todo_date ?? null);
  if (changesPublished || changesRoles || changesFront || changesTodo) throw new UnauthorizedError();
}

/**
 * The page's planner to-do date after a write, as Canvas reads its two fields: `student_todo_at` sets it (empty
 * clears it), `student_planner_checkbox=false` clears it whatever the date says; neither keeps it.
 */
function todoDateOf(fields: Pick<PageFields, 'student_todo_at' | 'student_planner_checkbox'>, current: string | null): string | null {
  if (fields.student_planner_checkbox === false) return null;
  if (fields.student_todo_at === undefined) return current;
  return fields.student_todo_at === null ? null : isoSeconds(fields.student_todo_at.getTime());
}

function sortKey(sort: ListFilters['sort']): (a: Page, b: Page) => number {
  switch (sort) {
    case 'title':
      return (a, b) => collator.compare(a.data.title, b.data.title);
    case 'created_at':
      return (a, b) => a.created_at - b.created_at;
    case 'updated_at':
      return (a, b) => a.data.revised_at.localeCompare(b.data.revised_at);
    case 'todo_date':
      return (a, b) => (a.data.todo_date ?? '').localeCompare(b.data.todo_date ?? '');
    default:
      return () => 0;
  }
}
