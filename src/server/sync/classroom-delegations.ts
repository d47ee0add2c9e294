import { effectiveEnrollmentState } from '../domain/access.ts';
import type { IdAllocator } from '../domain/ids.ts';
import type { Principal } from '../domain/principal.ts';
import type { Repositories } from '../domain/repositories.ts';
import { Repository, writeTogether, type WriteStamp } from '../domain/repository.ts';
import type { EnrollmentType } from '../domain/permissions/role-catalog.ts';
import type { RecordCollection } from '../storage/database.ts';

/** A device token's right to have its entries of the class performed as the students who made them (decision 0126). */
interface DelegationData {
  token_id: number;
  user_id: number;
  course_ids: number[];
  granted_at: number;
}

/** A person a delegation covers, with what the classroom hub needs to sign them in offline (decision 0125). */
export interface ClassMember {
  user_id: number;
  account_id: number;
  name: string;
  unique_id: string;
  /** The login's stored scrypt verifier, as the school keeps it: never a password, never weaker. */
  password_hash: string;
  course_ids: number[];
}

export interface Delegation {
  course_ids: number[];
  people: ClassMember[];
}

/** The one route prefix a delegated entry may have: classwork of one course (decision 0126). */
const COURSE_ROUTE = '/api/v1/courses/:course_id/';

/**
 * The school hub's side of classroom hubs: a delegation per device token, for the courses its user teaches, checked
 * against the live enrolments at every use, never trusted from the grant alone.
 */
export class ClassroomDelegations {
  readonly #repo: Repository<DelegationData>;
  readonly #repos: Repositories;

  constructor(local: RecordCollection, ids: IdAllocator, repos: Repositories) {
    this.#repos = repos;
    this.#repo = new Repository<DelegationData>(local, 'sync_delegation', ids, (d) => ({ user_id: d.user_id, lookup_key: delegationLookup(d.token_id) }));
  }

  /** Grants (or refreshes) the token's delegation for the courses its user teaches now; undefined when none. */
  async grant(principal: Principal, stamp: WriteStamp): Promise<Delegation | undefined> {
    const courseIds = await this.#activeCourses(principal.userId, 'TeacherEnrollment', stamp.now);
    const existing = await this.#repo.byLookup(delegationLookup(principal.tokenId));
    if (courseIds.length === 0) {
      if (existing) await writeTogether([this.#repo.removal(existing)]);
      return undefined;
    }
    const data: DelegationData = { token_id: principal.tokenId, user_id: principal.userId, course_ids: courseIds, granted_at: stamp.now };
    if (existing) await this.#repo.update(existing.id, stamp, () => data);
    else await this.#repo.create(data, stamp);
    return { course_ids: courseIds, people: await this.#members(courseIds, stamp.now) };
  }

  /** Ends the token's delegation; true when there was one. */
  async revoke(principal: Principal): Promise<boolean> {
    const existing = await this.#repo.byLookup(delegationLookup(principal.tokenId));
    if (existing) await writeTogether([this.#repo.removal(existing)]);
    return existing !== undefined;
  }

  /**
   * Whom an entry of another user than the token's may be performed as: that user, when the token holds a
   * delegation, the entry is classwork of one of its courses, the token's user still teaches it and the entry's
   * user is still an active student there; otherwise undefined (refused as before).
   */
  async actorFor(principal: Principal, entry: { user_id: number; route: string; params: Record<string, unknown> }, now: number): Promise<number | undefined> {
    if (!entry.route.startsWith(COURSE_ROUTE)) return undefined;
    const courseId = idOf(entry.params.course_id);
    const delegation = await this.#repo.byLookup(delegationLookup(principal.tokenId));
    if (courseId === undefined || !delegation?.data.course_ids.includes(courseId)) return undefined;
    const [teaches, studies] = await Promise.all([
      this.#activeIn(principal.userId, courseId, 'TeacherEnrollment', now),
      this.#activeIn(entry.user_id, courseId, 'StudentEnrollment', now),
    ]);
    return teaches && studies ? entry.user_id : undefined;
  }

  async #activeCourses(userId: number, type: EnrollmentType, now: number): Promise<number[]> {
    const rows = (await this.#repos.enrollments.find({ user_id: userId })).filter((e) => e.data.type === type);
    const courses = await this.#repos.courses.getMany([...new Set(rows.map((e) => e.data.course_id))]);
    const active = rows.filter((e) => {
      const course = courses.get(e.data.course_id);
      return course !== undefined && effectiveEnrollmentState(e.data, course.data, now) === 'active';
    });
    return [...new Set(active.map((e) => e.data.course_id))].sort((a, b) => a - b);
  }

  async #activeIn(userId: number, courseId: number, type: EnrollmentType, now: number): Promise<boolean> {
    const course = await this.#repos.courses.get(courseId);
    if (!course) return false;
    const rows = await this.#repos.enrollments.find({ user_id: userId, course_id: courseId });
    return rows.some((e) => e.data.type === type && effectiveEnrollmentState(e.data, course.data, now) === 'active');
  }

  /** The active students of the courses, each with their live password login. */
  async #members(courseIds: readonly number[], now: number): Promise<ClassMember[]> {
    const byUser = new Map<number, number[]>();
    for (const courseId of courseIds) {
      const course = await this.#repos.courses.get(courseId);
      if (!course) continue;
      for (const e of await this.#repos.enrollments.find({ course_id: courseId })) {
        if (e.data.type !== 'StudentEnrollment' || effectiveEnrollmentState(e.data, course.data, now) !== 'active') continue;
        byUser.set(e.data.user_id, [...new Set([...(byUser.get(e.data.user_id) ?? []), courseId])]);
      }
    }
    const users = await this.#repos.users.getMany([...byUser.keys()]);
    const members: ClassMember[] = [];
    for (const [userId, courses] of byUser) {
      const user = users.get(userId);
      const login = (await this.#repos.logins.find({ user_id: userId })).find((l) => l.data.workflow_state === 'active' && l.data.password_hash !== null);
      if (!user || !login?.data.password_hash) continue;
      members.push({ user_id: userId, account_id: login.data.account_id, name: user.data.name, unique_id: login.data.unique_id, password_hash: login.data.password_hash, course_ids: courses });
    }
    return members.sort((a, b) => a.user_id - b.user_id);
  }
}

const delegationLookup = (tokenId: number) => `delegation:${tokenId}`;

function idOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
