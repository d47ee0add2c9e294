import type { CoreServices } from '../../core-services.ts';
import { InvalidError, UnauthorizedError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { EnrollmentData } from '../../domain/records/course-records.ts';
import type { Stored } from '../../domain/repository.ts';

const STAFF: ReadonlySet<EnrollmentData['type']> = new Set(['TeacherEnrollment', 'TaEnrollment']);

/** Whom the caller may message in one course, and whether they may write to the whole course at once. */
interface CourseReach {
  readonly courseId: number;
  readonly members: readonly Stored<EnrollmentData>[];
  /** User ids the caller may message in the course. */
  readonly reachable: ReadonlySet<number>;
  /** `send_messages_all`: `course_<id>` and `course_<id>_students` as recipients. */
  readonly wholeCourse: boolean;
}

/**
 * Canvas's rules of who may message whom, per course the caller is actively enrolled in: everyone reaches the
 * course's teachers and TAs; with `send_messages` (students by default, unless the course's roles take it away)
 * every member; with `send_messages_all` (staff) every member and the whole course at once. Observers hold
 * neither by default, so they reach their students' teachers. No one reaches people they share no course with.
 */
export class MessagingRules {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async reach(principal: Principal): Promise<CourseReach[]> {
    const { repos, access } = this.#services;
    const own = (await repos.enrollments.find({ user_id: principal.userId })).filter((e) => e.data.workflow_state === 'active');
    const reaches: CourseReach[] = [];
    for (const courseId of new Set(own.map((e) => e.data.course_id))) {
      const context = { type: 'course', courseId } as const;
      const [all, some, members] = await Promise.all([
        access.can(principal, 'send_messages_all', context),
        access.can(principal, 'send_messages', context),
        repos.enrollments.find({ course_id: courseId }),
      ]);
      const active = members.filter((e) => e.data.workflow_state === 'active');
      const reachable = new Set(active.filter((e) => all || some || STAFF.has(e.data.type)).map((e) => e.data.user_id));
      reachable.delete(principal.userId);
      reaches.push({ courseId, members: active, reachable, wholeCourse: all });
    }
    return reaches;
  }

  /**
   * The user ids `recipients[]` name (user ids, `course_<id>`, `course_<id>_students`, `group_<id>`), every one of
   * which the caller may message; 400 for a malformed entry, 401 for anyone or any context out of reach.
   */
  async expand(principal: Principal, recipients: readonly string[]): Promise<{ userIds: number[]; contextCode: string | null }> {
    const reaches = await this.reach(principal);
    const byCourse = new Map(reaches.map((r) => [r.courseId, r]));
    const anyReach = (userId: number) => reaches.some((r) => r.reachable.has(userId));
    const userIds = new Set<number>();
    let contextCode: string | null = null;
    for (const raw of recipients) {
      const text = raw.trim();
      const course = /^course_(\d+)(_students)?$/.exec(text);
      const group = /^group_(\d+)$/.exec(text);
      if (/^\d+$/.test(text)) {
        if (!anyReach(Number(text))) throw new UnauthorizedError();
        userIds.add(Number(text));
      } else if (course) {
        const reach = byCourse.get(Number(course[1]));
        if (!reach?.wholeCourse) throw new UnauthorizedError();
        contextCode = `course_${reach.courseId}`;
        for (const e of reach.members) if (!course[2] || e.data.type === 'StudentEnrollment') userIds.add(e.data.user_id);
      } else if (group) {
        const members = await this.#groupMembers(principal, Number(group[1]), byCourse);
        for (const id of members) userIds.add(id);
      } else {
        throw new InvalidError('Invalid recipient', { field: 'recipients' });
      }
    }
    userIds.delete(principal.userId);
    return { userIds: [...userIds].sort((a, b) => a - b), contextCode };
  }

  /** A group's members, for one of them or for those who reach everyone in its course. */
  async #groupMembers(principal: Principal, groupId: number, byCourse: ReadonlyMap<number, CourseReach>): Promise<number[]> {
    const { repos } = this.#services;
    const group = await repos.groups.get(groupId);
    if (!group) throw new UnauthorizedError();
    const members = (await repos.groupMemberships.find({ parent_id: groupId })).filter((m) => m.data.workflow_state === 'accepted').map((m) => m.data.user_id);
    const reach = byCourse.get(group.data.course_id);
    if (!reach || !(reach.wholeCourse || members.includes(principal.userId))) throw new UnauthorizedError();
    return members;
  }
}
