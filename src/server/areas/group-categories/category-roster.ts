import type { CoreServices } from '../../core-services.ts';
import { effectiveEnrollmentState } from '../../domain/access.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import type { GroupCategoryData } from '../../domain/records/group-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { GroupsService } from '../groups/groups.service.ts';

export interface SectionRef {
  section_id: number;
  section_code: string;
}

/** Someone a category's groups can hold, with the sections the sync assignment answer lists. */
export interface Candidate {
  user: Stored<UserData>;
  sections: SectionRef[];
}

/**
 * Who may be placed in a category's groups. In a course: its students (custom student roles included) whose
 * enrollment is current or invited. An account has no roster of its own, so its categories draw on the users of
 * its root account.
 */
export class CategoryRoster {
  readonly #services: CoreServices;
  readonly #groups: GroupsService;

  constructor(services: CoreServices) {
    this.#services = services;
    this.#groups = new GroupsService(services);
  }

  /** Sorted by sortable name, then id, like Canvas's user lists. */
  async candidates(category: Stored<GroupCategoryData>, now: number): Promise<Candidate[]> {
    const candidates = category.data.context_type === 'Course' ? await this.#students(category.data.context_id, now) : await this.#accountUsers(category.data.context_id);
    return candidates
      .filter((c) => c.user.data.workflow_state !== 'deleted')
      .sort((a, b) => a.user.data.sortable_name.toLowerCase().localeCompare(b.user.data.sortable_name.toLowerCase()) || a.user.id - b.user.id);
  }

  /** Users holding a live membership in any active group of the category. */
  async assignedUserIds(categoryId: number): Promise<Set<number>> {
    const groups = await this.#groups.groupsOf(categoryId);
    const memberships = await this.#groups.membershipsOf(groups.map((g) => g.id));
    return new Set(memberships.map((m) => m.data.user_id));
  }

  /** Candidates without a group in the category; in multiple-membership categories everyone is a candidate. */
  async unassigned(category: Stored<GroupCategoryData>, now: number, multiple: boolean): Promise<Candidate[]> {
    const all = await this.candidates(category, now);
    if (multiple) return all;
    const assigned = await this.assignedUserIds(category.id);
    return all.filter((c) => !assigned.has(c.user.id));
  }

  async #students(courseId: number, now: number): Promise<Candidate[]> {
    const { repos } = this.#services;
    const course = await repos.courses.get(courseId);
    if (!course) return [];
    const enrollments = (await repos.enrollments.inCourse(courseId)).filter((e) => {
      if (e.data.type !== 'StudentEnrollment') return false;
      const state = effectiveEnrollmentState(e.data, course.data, now);
      return state === 'active' || state === 'invited';
    });
    const [users, sections] = await Promise.all([
      repos.users.getMany([...new Set(enrollments.map((e) => e.data.user_id))]),
      repos.sections.getMany([...new Set(enrollments.map((e) => e.data.course_section_id))]),
    ]);
    const byUser = new Map<number, Candidate>();
    for (const e of enrollments) {
      const user = users.get(e.data.user_id);
      if (!user) continue;
      const candidate = byUser.get(user.id) ?? { user, sections: [] };
      const section = sections.get(e.data.course_section_id);
      if (section && !candidate.sections.some((s) => s.section_id === section.id)) {
        candidate.sections.push({ section_id: section.id, section_code: section.data.name });
      }
      byUser.set(user.id, candidate);
    }
    return [...byUser.values()];
  }

  /**
   * The users of the root account, found as Canvas finds an account's users: through their logins (pseudonyms). Every
   * user made here gets a login at their root account with them, so the root's logins (one index range, deleted ones
   * too: a user whose logins were removed stays a member) name them all, read by id; no scan of every user (0090).
   */
  async #accountUsers(accountId: number): Promise<Candidate[]> {
    const { access, repos } = this.#services;
    const [root] = await access.accountChain(accountId);
    const logins = await repos.logins.find({ parent_id: root!.id });
    const users = await repos.users.getMany([...new Set(logins.map((login) => login.data.user_id))]);
    return [...users.values()].filter((user) => user.data.root_account_id === root!.id).map((user) => ({ user, sections: [] }));
  }
}
