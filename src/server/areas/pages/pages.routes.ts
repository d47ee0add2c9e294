import type { CoreServices } from '../../core-services.ts';
import { UnauthorizedError } from '../../domain/errors.ts';
import type { WikiPageData } from '../../domain/records/page-records.ts';
import { paginateMapped } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { WikiAccess, type WikiViewer } from './page-access.ts';
import { pageLock, pageViewed } from './page-modules.ts';
import {
  createShape,
  inWiki,
  latestRevisionShape,
  listShape,
  pageShape,
  revisionListShape,
  revisionShape,
  updateShape,
  type WikiKind,
} from './pages.params.ts';
import { loadEditors, pageJson, revisionJson, type Editors } from './pages.serializer.ts';
import { PagesService } from './pages.service.ts';

/** Every page path, spelled out per wiki so a search for a URL lands here. Groups have no duplicate: the API contract has it for courses only. */
const PATHS = {
  Course: {
    frontPage: '/api/v1/courses/:course_id/front_page',
    pages: '/api/v1/courses/:course_id/pages',
    page: '/api/v1/courses/:course_id/pages/:url',
    duplicate: '/api/v1/courses/:course_id/pages/:url/duplicate',
    revisions: '/api/v1/courses/:course_id/pages/:url/revisions',
    latest: '/api/v1/courses/:course_id/pages/:url/revisions/latest',
    revision: '/api/v1/courses/:course_id/pages/:url/revisions/:revision_id',
  },
  Group: {
    frontPage: '/api/v1/groups/:group_id/front_page',
    pages: '/api/v1/groups/:group_id/pages',
    page: '/api/v1/groups/:group_id/pages/:url',
    duplicate: null,
    revisions: '/api/v1/groups/:group_id/pages/:url/revisions',
    latest: '/api/v1/groups/:group_id/pages/:url/revisions/latest',
    revision: '/api/v1/groups/:group_id/pages/:url/revisions/:revision_id',
  },
} as const;

export function pagesRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const access = new WikiAccess(services, rules);
  const pages = new PagesService(services);
  return [...wikiRoutes('Course', services, access, pages), ...wikiRoutes('Group', services, access, pages)];
}

function wikiRoutes(kind: WikiKind, services: CoreServices, access: WikiAccess, pages: PagesService): AnyRoute[] {
  const paths = PATHS[kind];
  const read = access.readRule(kind);
  const write = access.writeRule(kind);

  /** A page as its reader sees it: a student meets the module lock, or is shown the body (which counts as viewed). */
  const shown = async (ctx: AuthenticatedContext, viewer: WikiViewer, page: Stored<WikiPageData>) => {
    const stamp = writeStamp(ctx);
    const lock = await pageLock(services, viewer, page, stamp);
    if (!lock && !viewer.canManage) await pageViewed(services, viewer, page, stamp);
    const editors = await loadEditors(services, [page.data.last_edited_by]);
    return { body: pageJson(page, { baseUrl: ctx.baseUrl, editors, body: true, lock }) };
  };
  /** A page its writer just saved: with its body, never locked for them. */
  const saved = async (ctx: AuthenticatedContext, page: Stored<WikiPageData>, body = true) => {
    const editors = await loadEditors(services, [page.data.last_edited_by]);
    return { body: pageJson(page, { baseUrl: ctx.baseUrl, editors, body }) };
  };
  /** A page of a list whose JSON names editors: the editors of the page's items only are read. */
  const withEditors = <T>(ctx: AuthenticatedContext, list: readonly T[], editorOf: (item: T) => number | null, toJson: (item: T, editors: Editors) => unknown) =>
    paginateMapped(ctx, list, async (shown) => {
      const editors = await loadEditors(services, shown.map(editorOf));
      return shown.map((item) => toJson(item, editors));
    });
  /** Revision list, show and revert need the right to edit the page (docs/canvas-compatibility.md §5.7). */
  const editable = async (ctx: AuthenticatedContext, viewer: WikiViewer, url: string) => {
    const page = await pages.get(viewer, url);
    if (!(await pages.canEdit(viewer, page, writeStamp(ctx)))) throw new UnauthorizedError();
    return page;
  };

  const routes: AnyRoute[] = [
    defineRoute({
      method: 'GET',
      path: paths.frontPage,
      summary: 'Show the front page',
      params: inWiki(kind, {}),
      permission: read,
      handler: async (ctx, p, viewer) => {
        return shown(ctx, viewer, await pages.frontPage(viewer));
      },
    }),
    defineRoute({
      method: 'PUT',
      path: paths.frontPage,
      summary: 'Update the front page; creates a published one when none is set',
      params: inWiki(kind, createShape),
      permission: write,
      bodyLimit: 'html',
      handler: async (ctx, p, viewer) => saved(ctx, await pages.putFrontPage(viewer, p.wiki_page ?? {}, writeStamp(ctx))),
    }),
    defineRoute({
      method: 'GET',
      path: paths.pages,
      summary: 'List pages (sort, order, search_term, published); students see published pages only',
      params: inWiki(kind, listShape),
      permission: read,
      handler: async (ctx, p, viewer) => {
        const list = await pages.list(viewer, p);
        const withBody = p.include.includes('body');
        return withEditors(ctx, list, (page) => page.data.last_edited_by, (page, editors) => pageJson(page, { baseUrl: ctx.baseUrl, editors, body: withBody }));
      },
    }),
    defineRoute({
      method: 'POST',
      path: paths.pages,
      summary: 'Create a page',
      params: inWiki(kind, createShape),
      permission: write,
      bodyLimit: 'html',
      handler: async (ctx, p, viewer) => saved(ctx, await pages.create(viewer, p.wiki_page ?? {}, writeStamp(ctx))),
    }),
    defineRoute({
      method: 'GET',
      path: paths.page,
      summary: 'Show a page by slug, old slug or id',
      params: inWiki(kind, pageShape),
      permission: read,
      handler: async (ctx, p, viewer) => {
        return shown(ctx, viewer, await pages.get(viewer, p.url));
      },
    }),
    defineRoute({
      method: 'PUT',
      path: paths.page,
      summary: 'Update a page; an unknown slug creates it; a new title moves the url',
      params: inWiki(kind, updateShape),
      permission: write,
      bodyLimit: 'html',
      handler: async (ctx, p, viewer) => saved(ctx, await pages.upsert(viewer, p.url, p.wiki_page ?? {}, writeStamp(ctx))),
    }),
    defineRoute({
      method: 'DELETE',
      path: paths.page,
      summary: 'Delete a page (not the front page)',
      params: inWiki(kind, pageShape),
      permission: write,
      handler: async (ctx, p, viewer) => {
        return saved(ctx, await pages.delete(viewer, await pages.get(viewer, p.url), writeStamp(ctx)), false);
      },
    }),
    defineRoute({
      method: 'GET',
      path: paths.revisions,
      summary: 'List revisions, newest first (needs the right to edit the page)',
      params: inWiki(kind, revisionListShape),
      permission: read,
      handler: async (ctx, p, viewer) => {
        const page = await editable(ctx, viewer, p.url);
        const list = await pages.revisions.list(page);
        return withEditors(ctx, list, (r) => r.data.edited_by, (r, editors) => revisionJson(r, page.data.revision, { baseUrl: ctx.baseUrl, editors, content: false }));
      },
    }),
    defineRoute({
      method: 'GET',
      path: paths.latest,
      summary: 'Show the latest revision (read rights suffice)',
      params: inWiki(kind, latestRevisionShape),
      permission: read,
      handler: async (ctx, p, viewer) => {
        const page = await pages.get(viewer, p.url);
        // A locked page's content stays hidden here too, as its body does on the page itself.
        const locked = (await pageLock(services, viewer, page, writeStamp(ctx))) !== undefined;
        const revision = await pages.revisions.latest(page);
        const editors = await loadEditors(services, [revision.data.edited_by]);
        return { body: revisionJson(revision, page.data.revision, { baseUrl: ctx.baseUrl, editors, content: !p.summary && !locked }) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: paths.revision,
      summary: 'Show one revision (needs the right to edit the page)',
      params: inWiki(kind, revisionShape),
      permission: read,
      handler: async (ctx, p, viewer) => {
        const page = await editable(ctx, viewer, p.url);
        const revision = await pages.revisions.get(page, p.revision_id);
        const editors = await loadEditors(services, [revision.data.edited_by]);
        return { body: revisionJson(revision, page.data.revision, { baseUrl: ctx.baseUrl, editors, content: !p.summary }) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: paths.revision,
      summary: 'Revert the page to a revision; the revert is a new revision',
      params: inWiki(kind, revisionShape),
      permission: write,
      handler: async (ctx, p, viewer) => {
        const page = await editable(ctx, viewer, p.url);
        const reverted = await pages.revert(viewer, page, p.revision_id, writeStamp(ctx));
        const revision = await pages.revisions.latest(reverted);
        const editors = await loadEditors(services, [revision.data.edited_by]);
        return { body: revisionJson(revision, reverted.data.revision, { baseUrl: ctx.baseUrl, editors, content: true }) };
      },
    }),
  ];
  if (paths.duplicate !== null) {
    routes.push(
      defineRoute({
        method: 'POST',
        path: paths.duplicate,
        summary: 'Duplicate a page as an unpublished "<title> Copy"',
        params: inWiki(kind, pageShape),
        permission: write,
        handler: async (ctx, p, viewer) => {
          if (!viewer.canManage) throw new UnauthorizedError();
          const page = await pages.find(viewer.wiki, p.url, true);
          if (page?.data.workflow_state === 'deleted') return { status: 400, body: { error: 'cannot duplicate deleted page' } };
          return saved(ctx, await pages.duplicate(viewer, await pages.get(viewer, p.url), writeStamp(ctx)));
        },
      }),
    );
  }
  return routes;
}
