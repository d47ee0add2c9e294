import type { CoreServices } from '../../core-services.ts';
import type { Principal } from '../../domain/principal.ts';
import type { SearchRecipientsParams } from './conversations.params.ts';
import type { MessagingRules } from './messaging-rules.ts';

/**
 * Canvas's `GET /search/recipients`: the people (`type=user`) and courses (`type=context`) the caller may message,
 * by the same rules as sending (`MessagingRules`). `context=course_<id>` narrows people to that course
 * (`course_<id>_students`/`_teachers` to its students or staff); `search` matches names. People by name, then id.
 */
export async function searchRecipients(services: CoreServices, rules: MessagingRules, principal: Principal, p: SearchRecipientsParams, baseUrl: string): Promise<Record<string, unknown>[]> {
  const reaches = await rules.reach(principal);
  const term = p.search?.toLowerCase() ?? '';
  const context = /^course_(\d+)(?:_(students|teachers))?$/.exec(p.context ?? '');
  const scoped = p.context === undefined ? reaches : reaches.filter((r) => context && r.courseId === Number(context[1]));
  const results: Record<string, unknown>[] = [];
  if (p.type !== 'user' && !context) {
    const courses = await services.repos.courses.getMany(scoped.map((r) => r.courseId));
    for (const reach of scoped) {
      const name = courses.get(reach.courseId)?.data.name ?? '';
      if (reach.wholeCourse && name.toLowerCase().includes(term)) {
        results.push({ id: `course_${reach.courseId}`, name, type: 'context', user_count: reach.members.length, avatar_url: null, permissions: { send_messages_all: true } });
      }
    }
  }
  if (p.type !== 'context') {
    const wanted = new Set<number>();
    const staffOnly = context?.[2] === 'teachers';
    for (const reach of scoped) {
      for (const e of reach.members) {
        if (!reach.reachable.has(e.data.user_id)) continue;
        if (context?.[2] === 'students' && e.data.type !== 'StudentEnrollment') continue;
        if (staffOnly && e.data.type !== 'TeacherEnrollment' && e.data.type !== 'TaEnrollment') continue;
        wanted.add(e.data.user_id);
      }
    }
    const users = await services.repos.users.getMany([...wanted]);
    const people = [...users.values()].filter((u) => u.data.name.toLowerCase().includes(term)).sort((a, b) => a.data.sortable_name.localeCompare(b.data.sortable_name) || a.id - b.id);
    for (const user of people) {
      const common = Object.fromEntries(scoped.filter((r) => r.reachable.has(user.id)).map((r) => [r.courseId, r.members.filter((e) => e.data.user_id === user.id).map((e) => e.data.type)]));
      results.push({ id: user.id, name: user.data.name, full_name: user.data.name, type: 'user', avatar_url: `${baseUrl}/images/messages/avatar-50.png`, common_courses: common, common_groups: {} });
    }
  }
  return results;
}
