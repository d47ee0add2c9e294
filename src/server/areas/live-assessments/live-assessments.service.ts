import type { CoreServices } from '../../core-services.ts';
import { BadRequestError, NotFoundError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { LiveAssessmentData, LiveAssessmentResultData } from '../../domain/records/live-assessment-records.ts';
import { writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import { storagePages, type RecordPages } from '../common/record-pages.ts';
import type { AssessmentFields, ResultFields } from './live-assessments.params.ts';

export type Assessment = Stored<LiveAssessmentData>;
export type AssessmentResult = Stored<LiveAssessmentResultData>;

/** Canvas's `reject!` guards: a hand-written 400 with `{"message": …}`. */
const missingKey = (key: string) => new BadRequestError(`missing required key :${key}`);
const keyOf = (courseId: number, key: string) => `live_assessment:${courseId}:${key}`;
const isBlank = (text: string) => text.trim() === '';

/**
 * Live assessments (beta): pass/fail checks a teacher records for students in class. Every element of a request
 * is validated before anything is written, and a request's records are written in one transaction.
 */
export class LiveAssessmentsService {
  readonly #services: CoreServices;
  /** Serializes upserts per course, so two requests cannot both create the same key. */
  readonly #queue = new KeyedQueue();

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /** The course's assessments by id, counted and paged in the storage: the course's index range decides both. */
  list(courseId: number): RecordPages<LiveAssessmentData> {
    return storagePages(this.#services.repos.liveAssessments, { course_id: courseId });
  }

  async get(courseId: number, id: number): Promise<Assessment> {
    const assessment = await this.#services.repos.liveAssessments.get(id);
    if (!assessment || assessment.data.course_id !== courseId) throw new NotFoundError('live assessment');
    return assessment;
  }

  /**
   * Creates or finds each assessment by key and sets its title. Outcomes are not modelled yet, so an outcome
   * link (which needs manage_outcomes) can never name an outcome linked to the course: 400, as Canvas answers.
   */
  async upsert(principal: Principal, courseId: number, list: readonly AssessmentFields[] | undefined, stamp: WriteStamp): Promise<Assessment[]> {
    if (!list) throw missingKey('assessments');
    const wanted: { key: string; title: string }[] = [];
    for (const fields of list) {
      if (fields.links?.outcome !== undefined) {
        if (!(await this.#services.access.can(principal, 'manage_outcomes', { type: 'course', courseId }))) throw new UnauthorizedError();
        throw new BadRequestError('outcome must be linked to the context');
      }
      const { key, title } = fields;
      if (title === undefined || isBlank(title)) throw missingKey('title');
      if (key === undefined || isBlank(key)) throw missingKey('key');
      wanted.push({ key, title });
    }
    // Canvas saves them in order, so a key given twice ends with its last title.
    const titles = new Map(wanted.map((w) => [w.key, w.title]));
    const repo = this.#services.repos.liveAssessments;
    return this.#queue.run(String(courseId), async () => {
      const byKey = new Map<string, Assessment>();
      const writes: PlannedWrite[] = [];
      for (const [key, title] of titles) {
        const known = await repo.byLookup(keyOf(courseId, key));
        const write = known
          ? repo.replacement(known, { ...known.data, title }, stamp)
          : repo.insertion(await repo.build({ course_id: courseId, key, title, created_at: new Date(stamp.now).toISOString() }, stamp));
        writes.push(write);
        byKey.set(key, write.record);
      }
      await writeTogether(writes);
      return wanted.map((w) => byKey.get(w.key)).filter((a): a is Assessment => a !== undefined);
    });
  }

  /** Results for the assessment by the caller; each assessed user must be enrolled in the course. */
  async record(principal: Principal, assessment: Assessment, list: readonly ResultFields[] | undefined, stamp: WriteStamp): Promise<AssessmentResult[]> {
    if (!list) throw missingKey('results');
    const rows: LiveAssessmentResultData[] = [];
    for (const fields of list) {
      const rawUser = fields.links?.user;
      if (rawUser === undefined || rawUser.trim() === '') throw missingKey('user');
      const userId = await this.#enrolledUser(assessment.data.course_id, rawUser);
      if (fields.passed === undefined) throw ValidationError.field('passed', 'is not included in the list', 'inclusion');
      if (!fields.assessed_at) throw ValidationError.field('assessed_at', "can't be blank", 'blank');
      rows.push({
        assessment_id: assessment.id,
        course_id: assessment.data.course_id,
        user_id: userId,
        assessor_id: principal.userId,
        passed: fields.passed,
        assessed_at: fields.assessed_at.toISOString(),
        created_at: new Date(stamp.now).toISOString(),
      });
    }
    const repo = this.#services.repos.liveAssessmentResults;
    const records = await Promise.all(rows.map((row) => repo.build(row, stamp)));
    await writeTogether(records.map((record) => repo.insertion(record)));
    return records;
  }

  /** The assessment's results, oldest first, optionally for one user; counted and paged in the storage. */
  /** The results of the students the reader sees (`visibleStudents`: a section-limited grader, their sections'). */
  results(assessment: Assessment, userId: number | undefined, visible: 'all' | ReadonlySet<number>): RecordPages<LiveAssessmentResultData> {
    const seen = visible === 'all' ? undefined : [...visible].filter((id) => userId === undefined || id === userId);
    const users = seen ? { user_id: { $in: seen } } : userId === undefined ? {} : { user_id: userId };
    return storagePages(this.#services.repos.liveAssessmentResults, { parent_id: assessment.id, ...users });
  }

  async #enrolledUser(courseId: number, raw: string): Promise<number> {
    const notInCourse = () => new BadRequestError('user must be in the context');
    if (!/^\d{1,16}$/.test(raw.trim())) throw notInCourse();
    const userId = Number(raw.trim());
    const enrollments = await this.#services.repos.enrollments.find({ course_id: courseId, user_id: userId });
    if (!enrollments.some((e) => e.data.workflow_state !== 'deleted')) throw notInCourse();
    return userId;
  }
}
