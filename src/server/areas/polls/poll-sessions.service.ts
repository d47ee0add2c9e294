import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import type { PollSessionData, PollSubmissionData } from '../../domain/records/poll-records.ts';
import { retryStale, writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import type { IdResolver } from '../common/id-lookup.ts';
import type { Poll, PollAccess, PollSession, PollViewer } from './poll-access.ts';
import { deleteSubmissions, deletions } from './poll-removal.ts';
import type { SessionFields } from './polls.params.ts';
import { countByChoice, sessionJson } from './polls.serializer.ts';
import { firstOf } from './polls.service.ts';

const sectionOutsideCourse = () =>
  ValidationError.field('base', 'That course section does not belong to the existing course.', 'invalid');

/** Runs of a poll in a course (or one section of it): created closed, opened and closed by the poll's managers. */
export class PollSessionsService {
  readonly #services: CoreServices;
  readonly #access: PollAccess;
  readonly #ids: IdResolver;

  constructor(services: CoreServices, access: PollAccess, ids: IdResolver) {
    this.#services = services;
    this.#access = access;
    this.#ids = ids;
  }

  /** The session's course must be one the caller manages (Canvas: course `:update`). */
  async create(viewer: PollViewer, poll: Poll, list: readonly SessionFields[] | undefined, stamp: WriteStamp): Promise<PollSession> {
    const fields = firstOf(list, 'poll_sessions');
    if (fields.course_id === undefined || fields.course_id.trim() === '') throw ValidationError.field('course_id', "can't be blank", 'blank');
    const courseId = await this.#managedCourse(viewer, fields.course_id);
    const sectionId = fields.course_section_id ?? null;
    await this.#checkSection(courseId, sectionId);
    const data: PollSessionData = {
      poll_id: poll.id,
      course_id: courseId,
      course_section_id: sectionId,
      is_published: false,
      has_public_results: fields.has_public_results ?? false,
      workflow_state: 'active',
      created_at: new Date(stamp.now).toISOString(),
    };
    return this.#services.repos.pollSessions.create(data, stamp);
  }

  /** Moving a session to another course needs the same right there; the section must belong to the course. */
  async update(viewer: PollViewer, session: PollSession, list: readonly SessionFields[] | undefined, stamp: WriteStamp): Promise<PollSession> {
    const fields = firstOf(list, 'poll_sessions');
    const movesCourse = fields.course_id !== undefined && fields.course_id.trim() !== '';
    const courseId = movesCourse ? await this.#managedCourse(viewer, fields.course_id!) : session.data.course_id;
    const sectionId = fields.course_section_id === undefined ? session.data.course_section_id : fields.course_section_id;
    await this.#checkSection(courseId, sectionId);
    return this.#change(session, stamp, (current) => ({
      ...current,
      course_id: courseId,
      course_section_id: sectionId,
      has_public_results: fields.has_public_results ?? current.has_public_results,
    }));
  }

  /** Opens (publishes) or closes the session for answers. */
  setOpen(session: PollSession, open: boolean, stamp: WriteStamp): Promise<PollSession> {
    return this.#change(session, stamp, (current) => ({ ...current, is_published: open }));
  }

  async delete(session: PollSession, stamp: WriteStamp): Promise<void> {
    const repo = this.#services.repos.pollSessions;
    await retryStale(async () => {
      const current = await repo.get(session.id);
      if (current?.data.workflow_state === 'active') await writeTogether(deletions(repo, [current], stamp));
    });
    await deleteSubmissions(this.#services, { session: session.id }, stamp);
  }

  /**
   * Sessions as the viewer sees them (Canvas's PollSessionSerializer): managers, and everyone once results are
   * public, see `results`, `has_public_results` and every answer; others see only their own answer.
   */
  async json(viewer: PollViewer, sessions: readonly PollSession[]): Promise<Record<string, unknown>[]> {
    const polls = await this.#services.repos.polls.getMany([...new Set(sessions.map((s) => s.data.poll_id))]);
    return Promise.all(
      sessions.map(async (session) => {
        const poll = polls.get(session.data.poll_id);
        const answers: Stored<PollSubmissionData>[] = await this.#services.repos.pollSubmissions.find({
          parent_id: session.id,
          'data.workflow_state': 'active',
        });
        const canViewResults = session.data.has_public_results || (poll !== undefined && (await this.#access.manages(viewer, poll)));
        const own = answers.filter((a) => a.data.user_id === viewer.userId);
        return sessionJson(session, {
          canViewResults,
          submissions: canViewResults ? answers : own,
          hasSubmitted: own.length > 0,
          results: countByChoice(answers),
        });
      }),
    );
  }

  async #managedCourse(viewer: PollViewer, rawCourseId: string): Promise<number> {
    const courseId = await this.#ids.courseId(rawCourseId);
    const course = await this.#services.repos.courses.get(courseId);
    if (!course || course.data.workflow_state === 'deleted') throw new NotFoundError('course');
    if (!(await viewer.managesCourse(courseId))) throw new UnauthorizedError();
    return courseId;
  }

  async #checkSection(courseId: number, sectionId: number | null): Promise<void> {
    if (sectionId === null) return;
    const section = await this.#services.repos.sections.get(sectionId);
    if (!section || section.data.workflow_state !== 'active' || section.data.course_id !== courseId) throw sectionOutsideCourse();
  }

  async #change(session: PollSession, stamp: WriteStamp, change: (current: PollSessionData) => PollSessionData): Promise<PollSession> {
    return (await this.#services.repos.pollSessions.update(session.id, stamp, change)) ?? session;
  }
}
