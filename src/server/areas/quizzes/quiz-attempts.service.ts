import type { CoreServices } from '../../core-services.ts';
import { ConflictError, InvalidError, NotFoundError, RefusedError, UnauthorizedError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import { quizSettings, type QuizData } from '../../domain/records/content-records.ts';
import { quizSubmissionKey, type QuizQuestionData, type QuizSubmissionData } from '../../domain/records/quiz-records.ts';
import { attemptsLeft, canScore } from '../../domain/grading/quiz-taker-view.ts';
import { provenTime, type TimeEvidence } from '../../domain/time-evidence.ts';
import { writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import { SubmissionScopes } from '../submissions/submission-scope.ts';
import { SubmissionStore } from '../submissions/submission-store.ts';
import { IdResolver } from '../common/id-lookup.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import { canonicalAnswer } from './quiz-answer-formats.ts';
import { attemptEnd, attemptToken, blankSubmission, drawQuestions, finishAttempt, finishedByClock, finishUnscored, isOverdue } from './quiz-attempt-rules.ts';
import { QuizGradeFlow } from './quiz-grade-flow.ts';
import { QuizHandGrading } from './quiz-hand-grading.ts';
import type { GradeAttempt } from './quiz-submissions.params.ts';
import { QuizQuestionsService } from './quiz-questions.service.ts';

export type StoredQuizSubmission = Stored<QuizSubmissionData>;
type StoredQuiz = Stored<QuizData>;

/** Who may see everyone's attempts and grade them (Canvas's quiz grading rights). */
export const QUIZ_GRADERS = ['manage_grades', 'view_all_grades'] as const;

/** One student's entry of an extensions request. */
export interface Extension {
  user_id: number;
  extra_attempts?: number | undefined;
  extra_time?: number | undefined;
  extend_from_now?: number | undefined;
  extend_from_end_at?: number | undefined;
}

/** The entry's given fields only, so a later entry for the same student adds to an earlier one. */
function definedOnly(e: Extension): Extension {
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as unknown as Extension;
}

/** When the user acted: now, or for a device's write the hub replays, what bounds the device's time (decision 0120). */
type Made = TimeEvidence | undefined;
const actedAt = (made: Made, stamp: WriteStamp) => (made === undefined ? stamp.now : provenTime(made));

/** Proof that the caller is answering the attempt they started (Canvas's `attempt` and `validation_token`). */
export interface AttemptProof {
  attempt: number;
  validation_token: string;
}

/**
 * Taking a quiz: starting attempts, saving answers as they are given, flags, finishing (by the student, or by the
 * clock), extensions. An attempt past its end is finished with what was answered the next time anyone touches
 * it, at its end time. Writes for one student and quiz run one at a time.
 */
export class QuizAttemptsService {
  readonly #services: CoreServices;
  readonly #questions: QuizQuestionsService;
  readonly #store: SubmissionStore;
  readonly #scopes: SubmissionScopes;
  readonly #flow: QuizGradeFlow;
  readonly #hand: QuizHandGrading;
  readonly #queue = new KeyedQueue();

  constructor(services: CoreServices) {
    this.#services = services;
    this.#questions = new QuizQuestionsService(services);
    this.#store = new SubmissionStore(services);
    this.#scopes = new SubmissionScopes(services, new IdResolver(services));
    this.#flow = new QuizGradeFlow(services, this.#store);
    this.#hand = new QuizHandGrading(services, this.#flow);
  }

  get #repo() {
    return this.#services.repos.quizSubmissions;
  }

  isGrader(principal: Principal, courseId: number): Promise<boolean> {
    return this.#services.access.canAny(principal, QUIZ_GRADERS, { type: 'course', courseId });
  }

  /**
   * Which students' attempts the caller may see as a grader: those their grading rights reach (a TA limited to
   * their section sees that section's), as for assignment submissions. `permissions` narrows it (grading needs
   * manage_grades).
   */
  graderReach(principal: Principal, courseId: number, permissions: readonly PermissionName[] = QUIZ_GRADERS): Promise<(studentId: number) => boolean> {
    return this.#scopes.reach(principal, permissions, courseId);
  }

  /** The quiz's submissions the caller may see (a grader: their students'; a student: theirs), each brought up to date. */
  async list(principal: Principal, quiz: StoredQuiz, stamp: WriteStamp): Promise<StoredQuizSubmission[]> {
    const reach = await this.graderReach(principal, quiz.data.course_id);
    const all = (await this.isGrader(principal, quiz.data.course_id))
      ? (await this.#repo.find({ parent_id: quiz.id })).filter((s) => s.data.user_id === principal.userId || reach(s.data.user_id))
      : [await this.#repo.byLookup(quizSubmissionKey(quiz.id, principal.userId))].filter((s) => s !== undefined);
    const current = await Promise.all(all.filter((s) => s.data.workflow_state !== 'settings_only').map((s) => this.#upToDate(quiz, s, stamp)));
    return current.sort((a, b) => a.id - b.id);
  }

  /** One submission of the quiz: its owner's, or anyone's for a grader; 404 otherwise. */
  async one(principal: Principal, quiz: StoredQuiz, id: number, stamp: WriteStamp): Promise<StoredQuizSubmission> {
    const sub = await this.#repo.get(id);
    if (!sub || sub.data.quiz_id !== quiz.id || sub.data.workflow_state === 'settings_only') throw new NotFoundError('quiz submission');
    if (sub.data.user_id !== principal.userId && !(await this.graderReach(principal, quiz.data.course_id))(sub.data.user_id)) throw new NotFoundError('quiz submission');
    return this.#upToDate(quiz, sub, stamp);
  }

  /** The quiz a submission belongs to, for paths that name only the submission. */
  async quizOf(sub: StoredQuizSubmission): Promise<StoredQuiz> {
    const quiz = await this.#services.repos.quizzes.get(sub.data.quiz_id);
    if (!quiz || quiz.data.workflow_state === 'deleted') throw new NotFoundError('quiz');
    return quiz;
  }

  /**
   * Starts the caller's next attempt (Canvas's `create`): the quiz must be open, the code right and an attempt left.
   * A device's start replayed here (`made`) starts when the hub can prove it did, and keeps the device's own time.
   */
  async start(principal: Principal, quiz: StoredQuiz, accessCode: string | undefined, stamp: WriteStamp, made?: Made): Promise<StoredQuizSubmission> {
    const q = quiz.data;
    const at = actedAt(made, stamp);
    if (q.workflow_state !== 'published') throw new UnauthorizedError();
    if ((q.unlock_at !== null && Date.parse(q.unlock_at) > at) || (q.lock_at !== null && Date.parse(q.lock_at) <= at)) throw new InvalidError('quiz is locked');
    const code = quizSettings(q).access_code;
    if (code !== null && code !== accessCode) throw new RefusedError('invalid access code');
    return this.#queue.run(quizSubmissionKey(quiz.id, principal.userId), async () => {
      const found = await this.#repo.byLookup(quizSubmissionKey(quiz.id, principal.userId));
      const read = found ? await this.#finishIfOverdue(quiz, found, stamp) : undefined;
      if (read?.data.workflow_state === 'untaken') throw new ConflictError('a quiz submission already exists');
      // Turned in on this device and not yet scored by the hub: the next attempt waits for its result.
      if (read?.data.awaiting_sync === true) throw new ConflictError('the last attempt is waiting to be scored by the hub');
      if (attemptsLeft(q, read?.data) === 0) throw new ConflictError('a quiz submission already exists');
      const attempt = (read?.data.history.length ?? 0) + 1;
      const token = attemptToken(quiz.id, principal.userId, attempt);
      const drawn = drawQuestions(await this.#questions.questions(quiz.id), await this.#questions.groups(quiz.id), token);
      const extraTime = read?.data.extra_time ?? 0;
      const { device_started_at: _s, device_finished_at: _f, received_at: _r, awaiting_sync: _w, ...earlier } = read?.data ?? blankSubmission(quiz, principal.userId);
      const next: QuizSubmissionData = {
        ...earlier,
        ...(made === undefined ? {} : { device_started_at: isoSeconds(made.claimed), device_finished_at: null, received_at: null }),
        attempt,
        workflow_state: 'untaken',
        started_at: isoSeconds(at),
        end_at: attemptEnd(q, extraTime, at),
        finished_at: null,
        validation_token: token,
        questions: drawn,
        answers: {},
        flagged: [],
        results: {},
        score: null,
      };
      if (!read) return this.#repo.create(next, stamp);
      return (await this.#repo.replaceMany([{ read, data: next }], stamp))[0]!;
    });
  }

  /**
   * Saves answers as they are given; each must be in its question type's format, or nothing is saved. A device's
   * answers replayed here are judged at their proven time: one made past the attempt's end is refused.
   */
  answer(sub: StoredQuizSubmission, proof: AttemptProof, answers: ReadonlyArray<{ id: number; answer?: unknown }>, stamp: WriteStamp, made?: Made): Promise<StoredQuizSubmission> {
    return this.#changeOpen(sub, proof, stamp, actedAt(made, stamp), async (current) => {
      const questions = await this.#drawnQuestions(current.data);
      const given: Record<string, unknown> = { ...current.data.answers };
      for (const a of answers) {
        const question = questions.get(a.id);
        if (!question) throw ValidationError.field('quiz_questions', `question ${a.id} is not part of this attempt`, 'invalid');
        const answer = canonicalAnswer(question, a.answer);
        // An upload answer names files the student uploaded to the course, as a submission's attachments must.
        if (question.data.question_type === 'file_upload_question' && Array.isArray(answer) && answer.length > 0) {
          await this.#store.ownFiles(current.data.course_id, current.data.user_id, answer as number[], 'No valid file ids given for the answer');
        }
        given[String(a.id)] = answer;
      }
      return { ...current.data, answers: given };
    });
  }

  flag(sub: StoredQuizSubmission, proof: AttemptProof, questionId: number, flagged: boolean, stamp: WriteStamp, made?: Made): Promise<StoredQuizSubmission> {
    return this.#changeOpen(sub, proof, stamp, actedAt(made, stamp), async (current) => {
      if (!current.data.questions.some((d) => d.id === questionId)) throw new NotFoundError('quiz question');
      const others = current.data.flagged.filter((id) => id !== questionId);
      return { ...current.data, flagged: flagged ? [...others, questionId] : others };
    });
  }

  /**
   * Turns the attempt in (Canvas's `complete`): scored at once, its grade written through to the assignment. A
   * device's turn-in replayed here finishes at its proven time (never past the attempt's end), keeping the device's
   * own time and the hub's receipt.
   */
  complete(sub: StoredQuizSubmission, proof: AttemptProof, stamp: WriteStamp, made?: Made): Promise<StoredQuizSubmission> {
    return this.#queue.run(quizSubmissionKey(sub.data.quiz_id, sub.data.user_id), async () => {
      const current = await this.#fresh(sub);
      const quiz = await this.quizOf(current);
      if (current.data.workflow_state !== 'untaken') throw new InvalidError('quiz submission is already complete');
      this.#check(current.data, proof);
      if (made === undefined) return this.#finish(quiz, current, stamp, stamp.now);
      const at = actedAt(made, stamp);
      // The hub's receipt is kept where it differs from the finish at the API's one-second precision (as a submission's).
      const received = Math.abs(stamp.now - Math.min(at, Date.parse(current.data.end_at ?? '') || at)) >= 1000 ? isoSeconds(stamp.now) : null;
      return this.#finish(quiz, current, stamp, at, { device_finished_at: isoSeconds(made.claimed), received_at: received });
    });
  }

  /** A grader's scores for the attempt, in turn with the student's own writes to it. */
  grade(quiz: StoredQuiz, sub: StoredQuizSubmission, g: GradeAttempt, stamp: WriteStamp): Promise<StoredQuizSubmission> {
    return this.#queue.run(quizSubmissionKey(quiz.id, sub.data.user_id), async () => this.#hand.grade(quiz, await this.#fresh(sub), g, stamp));
  }

  /**
   * Extensions for students (Canvas's quiz extensions): extra attempts, extra minutes for later attempts, and the
   * running attempt's end moved from now or from its end. A student who has not started keeps them in a
   * `settings_only` submission. All of them are written in one transaction; a student named twice gets the later
   * entry's values over the earlier's.
   */
  async extend(principal: Principal, quiz: StoredQuiz, extensions: readonly Extension[], stamp: WriteStamp): Promise<StoredQuizSubmission[]> {
    const reach = await this.graderReach(principal, quiz.data.course_id, ['manage_grades']);
    if (extensions.some((e) => !reach(e.user_id))) throw new UnauthorizedError();
    const byUser = new Map<number, Extension>();
    for (const e of extensions) byUser.set(e.user_id, { ...byUser.get(e.user_id), ...definedOnly(e) });
    const userIds = [...byUser.keys()].sort((a, b) => a - b);
    return this.#lockedAll(quiz.id, userIds, async () => {
      const writes: PlannedWrite<QuizSubmissionData>[] = [];
      for (const userId of userIds) {
        const e = byUser.get(userId)!;
        const read = await this.#repo.byLookup(quizSubmissionKey(quiz.id, userId));
        const next = { ...(read?.data ?? blankSubmission(quiz, userId)) };
        if (e.extra_attempts !== undefined) next.extra_attempts = e.extra_attempts;
        if (e.extra_time !== undefined) next.extra_time = e.extra_time;
        if (next.workflow_state === 'untaken' && next.end_at !== null) {
          if (e.extend_from_now !== undefined) next.end_at = isoSeconds(stamp.now + e.extend_from_now * 60_000);
          else if (e.extend_from_end_at !== undefined) next.end_at = isoSeconds(Date.parse(next.end_at) + e.extend_from_end_at * 60_000);
        }
        writes.push(read ? this.#repo.replacement(read, next, stamp) : this.#repo.insertion(await this.#repo.build(next, stamp)));
      }
      await writeTogether(writes);
      return writes.map((w) => w.record);
    });
  }

  /** Runs `work` holding the write queue of each listed student's submission (in ascending order: no two wait on each other). */
  #lockedAll<T>(quizId: number, userIds: readonly number[], work: () => Promise<T>): Promise<T> {
    const [first, ...rest] = userIds;
    if (first === undefined) return work();
    return this.#queue.run(quizSubmissionKey(quizId, first), () => this.#lockedAll(quizId, rest, work));
  }

  /** The questions drawn for the attempt, by id (deleted ones included: the attempt already holds them). */
  async #drawnQuestions(sub: QuizSubmissionData): Promise<Map<number, Stored<QuizQuestionData>>> {
    return this.#services.repos.quizQuestions.getMany(sub.questions.map((d) => d.id));
  }

  async #fresh(sub: StoredQuizSubmission): Promise<StoredQuizSubmission> {
    return (await this.#repo.get(sub.id)) ?? sub;
  }

  #check(sub: QuizSubmissionData, proof: AttemptProof): void {
    if (proof.attempt !== sub.attempt) throw new InvalidError('the specified attempt is invalid');
    if (proof.validation_token !== sub.validation_token) throw new RefusedError('invalid token');
  }

  /** A change made at `at` to a running attempt: refused once it is finished or past its end (which finishes it). */
  #changeOpen(sub: StoredQuizSubmission, proof: AttemptProof, stamp: WriteStamp, at: number, change: (current: StoredQuizSubmission) => Promise<QuizSubmissionData>) {
    return this.#queue.run(quizSubmissionKey(sub.data.quiz_id, sub.data.user_id), async () => {
      const current = await this.#fresh(sub);
      if (current.data.workflow_state !== 'untaken') throw new InvalidError('quiz submission is already complete');
      this.#check(current.data, proof);
      if (isOverdue(current.data, at)) {
        await this.#finish(await this.quizOf(current), current, stamp, at);
        throw new InvalidError('quiz submission is overdue');
      }
      const next = await change(current);
      return (await this.#repo.replaceMany([{ read: current, data: next }], stamp))[0]!;
    });
  }

  async #upToDate(quiz: StoredQuiz, sub: StoredQuizSubmission, stamp: WriteStamp): Promise<StoredQuizSubmission> {
    if (!finishedByClock(sub, stamp.now)) return sub;
    return this.#queue.run(quizSubmissionKey(quiz.id, sub.data.user_id), async () => this.#finishIfOverdue(quiz, await this.#fresh(sub), stamp));
  }

  async #finishIfOverdue(quiz: StoredQuiz, sub: StoredQuizSubmission, stamp: WriteStamp): Promise<StoredQuizSubmission> {
    return finishedByClock(sub, stamp.now) ? this.#finish(quiz, sub, stamp, stamp.now) : sub;
  }

  /**
   * Scores the running attempt, finished at `at`, with what it holds and writes it, with its grade, in one
   * transaction. Where its questions are a taker's copies (a student's device) it is turned in unscored instead,
   * for the hub to score. `turnIn`: what a replayed turn-in keeps of the device's time.
   */
  async #finish(quiz: StoredQuiz, sub: StoredQuizSubmission, stamp: WriteStamp, at: number, turnIn: Partial<QuizSubmissionData> = {}): Promise<StoredQuizSubmission> {
    const questions = await this.#drawnQuestions(sub.data);
    if (![...questions.values()].every((q) => canScore(q.data))) return (await this.#repo.replaceMany([{ read: sub, data: finishUnscored(sub.data, at) }], stamp))[0]!;
    const finished = { ...finishAttempt(sub.data, quiz.data, questions, at), ...turnIn };
    return this.#flow.write(quiz, finished, { submitted: true, plan: (submissionId) => this.#repo.replacement(sub, { ...finished, submission_id: submissionId }, stamp) }, stamp);
  }
}
