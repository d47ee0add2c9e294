import type { CoreServices } from '../../core-services.ts';
import { paginateMapped } from '../../http/pagination.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { topicsJsonFor } from '../discussion-topics/discussion-topics.routes.ts';
import { sectionJson } from '../sections/sections.serializer.ts';
import { listAnnouncementsParams, type AnnouncementFilters } from './announcements.params.ts';
import { AnnouncementsService, type ListedAnnouncement } from './announcements.service.ts';

/** The courses of `context_codes`, each resolved (404 when unknown) and readable by the caller (401 otherwise). */
function readsEveryCourse(services: CoreServices, rules: AccessRules) {
  return scopedRule('enrolled in every course of context_codes, or read_course_content on its account', 'read', async (ctx, p: AnnouncementFilters) => {
    const courseIds = [...new Set(await Promise.all(p.context_codes.map((code) => rules.ids.courseId(code.slice('course_'.length)))))];
    const readable = await Promise.all(courseIds.map((courseId) => services.access.canReadCourse(ctx.principal, courseId)));
    return scopeIf(readable.every(Boolean), { courseIds });
  });
}

export function announcementsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const announcements = new AnnouncementsService(services);
  const topicsJson = topicsJsonFor(services);

  /** A page of announcements from several courses: each course's topics are serialized with its own viewer. */
  const pageJson = async (ctx: AuthenticatedContext, page: readonly ListedAnnouncement[], withSections: boolean) => {
    const json = new Map<number, Record<string, unknown>>();
    for (const viewer of new Set(page.map((a) => a.viewer))) {
      const topics = page.filter((a) => a.viewer === viewer).map((a) => a.topic);
      const list = await topicsJson(ctx, viewer, topics);
      topics.forEach((t, i) => json.set(t.id, list[i]!));
    }
    if (withSections) await addSections(services, page, json);
    return page.map((a) => json.get(a.topic.id)!);
  };

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/announcements',
      summary: 'List the announcements of the courses in context_codes, newest first, within start_date..end_date',
      params: listAnnouncementsParams,
      permission: readsEveryCourse(services, rules),
      handler: async (ctx, p, { courseIds }) =>
        paginateMapped(ctx, await announcements.list(ctx.principal, courseIds, p, ctx.now), (page) => pageJson(ctx, page, p.include.includes('sections'))),
    }),
  ];
}

/** `include[]=sections`: the sections a section-specific announcement is for (none for a course-wide one). */
async function addSections(services: CoreServices, page: readonly ListedAnnouncement[], json: Map<number, Record<string, unknown>>): Promise<void> {
  const ids = [...new Set(page.flatMap((a) => a.topic.data.section_ids ?? []))];
  const courseIds = [...new Set(page.map((a) => a.topic.data.course_id))];
  const [sections, courses] = await Promise.all([services.repos.sections.getMany(ids), services.repos.courses.getMany(courseIds)]);
  for (const { topic } of page) {
    const course = courses.get(topic.data.course_id)!;
    const own = (topic.data.section_ids ?? []).flatMap((id) => {
      const section = sections.get(id);
      return section ? [sectionJson(section, course)] : [];
    });
    json.set(topic.id, { ...json.get(topic.id), sections: own });
  }
}
