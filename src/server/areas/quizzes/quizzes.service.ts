import type { CoreServices } from '../../core-services.ts';
import type { AssignmentData, QuizData, QuizType } from '../../domain/records/content-records.ts';
import { retryStale, writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { AssignmentsService, MANAGE_ASSIGNMENTS, type LinkedAssignment } from '../assignments/assignments.service.ts';
import { isoOrNull } from '../common/api-values.ts';
import { contentViewer, dateOrderErrors, isVisibleContent, matchesSearch, visibleInCourse, type ContentViewer } from '../common/course-content.ts';
import type { Principal } from '../../domain/principal.ts';
import type { NewQuiz, QuizFields } from './quizzes.params.ts';

/** Quiz types graded through an assignment (Canvas's `graded?`); practice quizzes and surveys have none. */
const GRADED_TYPES: ReadonlySet<QuizType> = new Set(['assignment', 'graded_survey']);

/** The Classic Quizzes settings a PUT copies as given (dates as ISO strings). */
const SETTING_KEYS = [
  'scoring_policy', 'show_correct_answers', 'show_correct_answers_at', 'hide_correct_answers_at', 'show_correct_answers_last_attempt',
  'one_question_at_a_time', 'cant_go_back', 'access_code', 'hide_results',
] as const satisfies ReadonlyArray<keyof QuizFields & keyof QuizData>;

/** The quiz after a create or PUT: absent fields keep their value, explicit nulls clear. */
function applyQuizFields(current: QuizData, f: QuizFields): QuizData {
  const next: QuizData = { ...current };
  if (f.title !== undefined) next.title = f.title;
  if (f.description !== undefined) next.description = f.description;
  if (f.quiz_type !== undefined) next.quiz_type = f.quiz_type;
  // Once the quiz has questions its points are theirs (quiz-questions.service.ts keeps them); Canvas ignores the field then.
  if (f.points_possible !== undefined && (current.question_count ?? 0) === 0) next.points_possible = f.points_possible;
  if (f.due_at !== undefined) next.due_at = isoOrNull(f.due_at);
  if (f.unlock_at !== undefined) next.unlock_at = isoOrNull(f.unlock_at);
  if (f.lock_at !== undefined) next.lock_at = isoOrNull(f.lock_at);
  if (f.time_limit !== undefined) next.time_limit = f.time_limit;
  if (f.allowed_attempts !== undefined) next.allowed_attempts = f.allowed_attempts;
  if (f.shuffle_answers !== undefined) next.shuffle_answers = f.shuffle_answers;
  if (f.published !== undefined && current.workflow_state !== 'deleted') next.workflow_state = f.published ? 'published' : 'unpublished';
  for (const key of SETTING_KEYS) {
    const value = f[key];
    if (value !== undefined) Object.assign(next, { [key]: value instanceof Date ? isoOrNull(value) : value });
  }
  return next;
}

/** What a graded quiz gives the `online_quiz` assignment it is graded through. */
function linkedAssignment(quiz: QuizData): LinkedAssignment {
  return {
    name: quiz.title,
    points_possible: quiz.points_possible,
    due_at: quiz.due_at,
    unlock_at: quiz.unlock_at,
    lock_at: quiz.lock_at,
    published: quiz.workflow_state === 'published',
    submission_types: ['online_quiz'],
  };
}

/** The assignment's copy of the fields a quiz shares with it. */
function withQuizFields(assignment: AssignmentData, quiz: QuizData): AssignmentData {
  const { name, points_possible, due_at, unlock_at, lock_at } = linkedAssignment(quiz);
  return { ...assignment, name, points_possible, due_at, unlock_at, lock_at, workflow_state: quiz.workflow_state };
}

/** Minimal classic quizzes: enough for module items to point at and for a graded quiz to have its assignment. */
export class QuizzesService {
  readonly #services: CoreServices;
  readonly #assignments: AssignmentsService;

  constructor(services: CoreServices) {
    this.#services = services;
    this.#assignments = new AssignmentsService(services);
  }

  async list(viewer: ContentViewer, searchTerm: string | undefined): Promise<Stored<QuizData>[]> {
    const all = await this.#services.repos.quizzes.find({ course_id: viewer.courseId });
    return all.filter((q) => isVisibleContent(q.data.workflow_state, viewer) && matchesSearch(q.data.title, searchTerm));
  }

  /** The assignment group each graded quiz sits in, through its assignment (absent: none, or not known). */
  async assignmentGroups(list: readonly Stored<QuizData>[]): Promise<Map<number, number | null>> {
    const assignments = await this.#services.repos.assignments.getMany(list.flatMap((q) => (q.data.assignment_id === null ? [] : [q.data.assignment_id])));
    return new Map(list.map((q) => [q.id, (q.data.assignment_id === null ? undefined : assignments.get(q.data.assignment_id))?.data.assignment_group_id ?? null]));
  }

  /** The quiz a course route names, as the caller may see it (drafts only for those who manage assignments). */
  async forCaller(principal: Principal, courseId: number, id: number): Promise<Stored<QuizData>> {
    return this.get(await contentViewer(this.#services, principal, courseId, MANAGE_ASSIGNMENTS), id);
  }

  async get(viewer: ContentViewer, id: number): Promise<Stored<QuizData>> {
    return visibleInCourse(await this.#services.repos.quizzes.get(id), viewer, 'quiz');
  }

  /** A graded quiz and its `online_quiz` assignment are written together, each pointing at the other. */
  async create(courseId: number, input: NewQuiz, stamp: WriteStamp): Promise<Stored<QuizData>> {
    const blank: QuizData = {
      course_id: courseId,
      title: input.title,
      description: null,
      // Canvas's default: a graded quiz.
      quiz_type: 'assignment',
      points_possible: null,
      due_at: null,
      unlock_at: null,
      lock_at: null,
      time_limit: null,
      allowed_attempts: 1,
      shuffle_answers: false,
      workflow_state: 'unpublished',
      assignment_id: null,
    };
    const data = applyQuizFields(blank, input);
    const invalid = dateOrderErrors(data);
    if (invalid) throw invalid;
    const { quizzes, assignments } = this.#services.repos;
    if (!GRADED_TYPES.has(data.quiz_type)) return quizzes.create(data, stamp);

    const draft = await this.#assignments.buildLinked(courseId, linkedAssignment(data), stamp);
    const quiz = await quizzes.build({ ...data, assignment_id: draft.id }, stamp);
    const assignment = await this.#assignments.buildLinked(courseId, { ...linkedAssignment(data), quiz_id: quiz.id }, stamp, draft.id);
    // Both or neither: a failed write never leaves a quiz without its assignment.
    await writeTogether([quizzes.insertion(quiz), assignments.insertion(assignment)]);
    return quiz;
  }

  /**
   * Canvas's quiz update: the named fields change, and the assignment a graded quiz is graded through follows in
   * the same transaction. Turning a practice quiz or survey into a graded one gives it an assignment; the reverse
   * deletes the assignment (softly), as Canvas does.
   */
  async update(viewer: ContentViewer, id: number, input: QuizFields, stamp: WriteStamp): Promise<Stored<QuizData>> {
    const { quizzes, assignments } = this.#services.repos;
    return retryStale(async () => {
      const current = await this.get(viewer, id);
      const next = applyQuizFields(current.data, input);
      const invalid = dateOrderErrors(next);
      if (invalid) throw invalid;
      const linked = current.data.assignment_id === null ? undefined : await assignments.get(current.data.assignment_id);
      const live = linked?.data.workflow_state === 'deleted' ? undefined : linked;
      let write: PlannedWrite<QuizData>;
      const others: PlannedWrite[] = [];
      if (!GRADED_TYPES.has(next.quiz_type)) {
        write = quizzes.replacement(current, { ...next, assignment_id: null }, stamp);
        if (live) others.push(assignments.replacement(live, { ...live.data, workflow_state: 'deleted', quiz_id: null }, stamp));
      } else if (live) {
        write = quizzes.replacement(current, next, stamp);
        others.push(assignments.replacement(live, withQuizFields(live.data, next), stamp));
      } else {
        const assignment = await this.#assignments.buildLinked(viewer.courseId, { ...linkedAssignment(next), quiz_id: current.id }, stamp);
        write = quizzes.replacement(current, { ...next, assignment_id: assignment.id }, stamp);
        others.push(assignments.insertion(assignment));
      }
      await writeTogether([write, ...others]);
      return write.record;
    });
  }
}
