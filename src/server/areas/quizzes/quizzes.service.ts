import type { CoreServices } from '../../core-services.ts';
import type { QuizData, QuizType } from '../../domain/records/content-records.ts';
import { writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { AssignmentsService } from '../assignments/assignments.service.ts';
import { isoOrNull } from '../common/api-values.ts';
import { dateOrderErrors, isVisibleContent, matchesSearch, visibleInCourse, type ContentViewer } from '../common/course-content.ts';
import type { NewQuiz } from './quizzes.params.ts';

/** Quiz types graded through an assignment (Canvas's `graded?`); practice quizzes and surveys have none. */
const GRADED_TYPES: ReadonlySet<QuizType> = new Set(['assignment', 'graded_survey']);

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

  async get(viewer: ContentViewer, id: number): Promise<Stored<QuizData>> {
    return visibleInCourse(await this.#services.repos.quizzes.get(id), viewer, 'quiz');
  }

  /** A graded quiz and its `online_quiz` assignment are written together, each pointing at the other. */
  async create(courseId: number, input: NewQuiz, stamp: WriteStamp): Promise<Stored<QuizData>> {
    const data: QuizData = {
      course_id: courseId,
      title: input.title,
      description: input.description ?? null,
      quiz_type: input.quiz_type,
      points_possible: input.points_possible ?? null,
      due_at: isoOrNull(input.due_at ?? null),
      unlock_at: isoOrNull(input.unlock_at ?? null),
      lock_at: isoOrNull(input.lock_at ?? null),
      time_limit: input.time_limit ?? null,
      allowed_attempts: input.allowed_attempts ?? 1,
      shuffle_answers: input.shuffle_answers ?? false,
      workflow_state: input.published === true ? 'published' : 'unpublished',
      assignment_id: null,
    };
    const invalid = dateOrderErrors(data);
    if (invalid) throw invalid;
    const { quizzes, assignments } = this.#services.repos;
    if (!GRADED_TYPES.has(data.quiz_type)) return quizzes.create(data, stamp);

    const linked = {
      name: data.title,
      points_possible: data.points_possible,
      due_at: data.due_at,
      unlock_at: data.unlock_at,
      lock_at: data.lock_at,
      published: data.workflow_state === 'published',
      submission_types: ['online_quiz' as const],
    };
    const draft = await this.#assignments.buildLinked(courseId, linked, stamp);
    const quiz = await quizzes.build({ ...data, assignment_id: draft.id }, stamp);
    const assignment = await this.#assignments.buildLinked(courseId, { ...linked, quiz_id: quiz.id }, stamp, draft.id);
    // Both or neither: a failed write never leaves a quiz without its assignment.
    await writeTogether([quizzes.insertion(quiz), assignments.insertion(assignment)]);
    return quiz;
  }
}
