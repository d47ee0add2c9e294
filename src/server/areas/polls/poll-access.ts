import type { CoreServices } from '../../core-services.ts';
import { effectiveEnrollmentState } from '../../domain/access.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { EnrollmentType } from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import type { PollData, PollSessionData } from '../../domain/records/poll-records.ts';
import type { Stored } from '../../domain/repository.ts';

export type Poll = Stored<PollData>;
export type PollSession = Stored<PollSessionData>;

/** An active enrollment of the caller's: what makes a poll session theirs to see (Canvas's `available_for`). */
interface ActiveEnrollment {
  courseId: number;
  sectionId: number;
  type: EnrollmentType;
}

/** Canvas's "teacher" role (`User#roles`): instructor-type enrollments may author polls. */
const AUTHOR_TYPES: ReadonlySet<EnrollmentType> = new Set(['TeacherEnrollment', 'TaEnrollment', 'DesignerEnrollment']);

/**
 * Who the caller is to the polls: their active enrollments, loaded once per request, and the courses whose
 * content they manage, asked of the policy once per course.
 */
export class PollViewer {
  readonly principal: Principal;
  readonly enrollments: readonly ActiveEnrollment[];
  readonly #manages = new Map<number, Promise<boolean>>();
  readonly #services: CoreServices;

  constructor(services: CoreServices, principal: Principal, enrollments: readonly ActiveEnrollment[]) {
    this.#services = services;
    this.principal = principal;
    this.enrollments = enrollments;
  }

  get userId(): number {
    return this.principal.userId;
  }

  /** May author polls (Poll `:create`): an active instructor enrollment somewhere. */
  get isAuthor(): boolean {
    return this.enrollments.some((e) => AUTHOR_TYPES.has(e.type));
  }

  /** manage_content in the course; a deleted course is managed by nobody. */
  managesCourse(courseId: number): Promise<boolean> {
    let answer = this.#manages.get(courseId);
    if (!answer) {
      answer = this.#services.access.can(this.principal, 'manage_content', { type: 'course', courseId }).catch((err: unknown) => {
        if (err instanceof NotFoundError) return false;
        throw err;
      });
      this.#manages.set(courseId, answer);
    }
    return answer;
  }

  /** Canvas's session visibility: an active enrollment in the course, and in the section if the session has one. */
  takesPart(session: PollSessionData, types?: ReadonlySet<EnrollmentType>): boolean {
    return this.enrollments.some(
      (e) =>
        e.courseId === session.course_id &&
        (session.course_section_id === null || e.sectionId === session.course_section_id) &&
        (!types || types.has(e.type)),
    );
  }
}

const STUDENTS: ReadonlySet<EnrollmentType> = new Set(['StudentEnrollment']);

/**
 * The visibility rules of polls (docs/canvas-compatibility.md §11, Canvas's Poll and PollSession policies), in one place:
 * - the author, or whoever manages a course the poll runs in, manages the poll (sees totals, edits choices and
 *   sessions); only the author edits or deletes the poll itself (spec: "only the current user's polls");
 * - a session is seen by its managers and by those who take part in it (active enrollment in its course/section);
 * - only students taking part answer, and only while the session is open.
 */
export class PollAccess {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async viewer(principal: Principal): Promise<PollViewer> {
    const { enrollments, courses } = this.#services.repos;
    const rows = await enrollments.find({ user_id: principal.userId });
    const courseById = await courses.getMany([...new Set(rows.map((row) => row.data.course_id))]);
    const active: ActiveEnrollment[] = [];
    for (const row of rows) {
      const course = courseById.get(row.data.course_id);
      if (!course || course.data.workflow_state === 'deleted') continue;
      if (effectiveEnrollmentState(row.data, course.data) !== 'active') continue;
      active.push({ courseId: row.data.course_id, sectionId: row.data.course_section_id, type: row.data.type });
    }
    return new PollViewer(this.#services, principal, active);
  }

  /** An active poll, else 404. */
  async poll(id: number): Promise<Poll> {
    const poll = await this.#services.repos.polls.get(id);
    if (!poll || poll.data.workflow_state !== 'active') throw new NotFoundError('poll');
    return poll;
  }

  /** A session of the poll, in a course that still exists, else 404. */
  async session(poll: Poll, id: number): Promise<PollSession> {
    const session = await this.#services.repos.pollSessions.get(id);
    if (!session || session.data.workflow_state !== 'active' || session.data.poll_id !== poll.id) throw new NotFoundError('poll session');
    if (!(await this.#courseExists(session.data.course_id))) throw new NotFoundError('poll session');
    return session;
  }

  /** The poll's sessions in courses that still exist, oldest first. */
  async sessionsOf(pollId: number): Promise<PollSession[]> {
    const sessions = await this.#services.repos.pollSessions.find({ parent_id: pollId, 'data.workflow_state': 'active' });
    return this.#inLiveCourses(sessions);
  }

  async manages(viewer: PollViewer, poll: Poll): Promise<boolean> {
    if (poll.data.user_id === viewer.userId) return true;
    for (const session of await this.sessionsOf(poll.id)) if (await viewer.managesCourse(session.data.course_id)) return true;
    return false;
  }

  async canRead(viewer: PollViewer, poll: Poll): Promise<boolean> {
    if (await this.manages(viewer, poll)) return true;
    return (await this.sessionsOf(poll.id)).some((session) => viewer.takesPart(session.data));
  }

  async canReadSession(viewer: PollViewer, poll: Poll, session: PollSession): Promise<boolean> {
    return viewer.takesPart(session.data) || (await this.manages(viewer, poll));
  }

  /** Canvas's `:submit`: the session is open and the caller takes part as a student (no one else's vote counts). */
  canSubmit(viewer: PollViewer, session: PollSession): boolean {
    return session.data.is_published && viewer.takesPart(session.data, STUDENTS);
  }

  /** Sessions of every poll open (or closed) to the caller: Canvas's `available_for`, for the opened/closed lists. */
  async availableSessions(viewer: PollViewer, published: boolean): Promise<PollSession[]> {
    const courseIds = [...new Set(viewer.enrollments.map((e) => e.courseId))];
    const sessions = await this.#services.repos.pollSessions.find({
      course_id: { $in: courseIds },
      'data.workflow_state': 'active',
      'data.is_published': published,
    });
    const mine = sessions.filter((session) => viewer.takesPart(session.data));
    const polls = await this.#services.repos.polls.getMany([...new Set(mine.map((s) => s.data.poll_id))]);
    return mine.filter((session) => polls.get(session.data.poll_id)?.data.workflow_state === 'active');
  }

  async #courseExists(courseId: number): Promise<boolean> {
    const course = await this.#services.repos.courses.get(courseId);
    return course !== undefined && course.data.workflow_state !== 'deleted';
  }

  async #inLiveCourses(sessions: PollSession[]): Promise<PollSession[]> {
    const courses = await this.#services.repos.courses.getMany([...new Set(sessions.map((s) => s.data.course_id))]);
    return sessions.filter((s) => {
      const course = courses.get(s.data.course_id);
      return course !== undefined && course.data.workflow_state !== 'deleted';
    });
  }
}
