import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { QuizData } from '../../domain/records/content-records.ts';
import type { QuizGroupData, QuizQuestionData } from '../../domain/records/quiz-records.ts';
import { writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import { storedAnswers } from './question-answers.ts';
import type { GroupFields, QuestionFields, ReorderEntry } from './quiz-questions.params.ts';

export type StoredQuestion = Stored<QuizQuestionData>;
export type StoredGroup = Stored<QuizGroupData>;

const byPosition = <T extends { position: number }>(a: Stored<T>, b: Stored<T>) => a.data.position - b.data.position || a.id - b.id;

/**
 * What a quiz is worth and how many questions an attempt draws: questions outside groups as they are, and from
 * each group as many as it picks (at most as many as it holds) at its question_points. Text-only questions are
 * worth nothing.
 */
export function quizTotals(questions: readonly StoredQuestion[], groups: readonly StoredGroup[]) {
  const groupIds = new Set(groups.map((g) => g.id));
  let points = 0;
  let count = 0;
  for (const q of questions) {
    if (q.data.quiz_group_id !== null && groupIds.has(q.data.quiz_group_id)) continue;
    count += 1;
    if (q.data.question_type !== 'text_only_question') points += q.data.points_possible;
  }
  for (const g of groups) {
    const drawn = Math.min(g.data.pick_count, questions.filter((q) => q.data.quiz_group_id === g.id).length);
    count += drawn;
    points += drawn * g.data.question_points;
  }
  return { points_possible: Math.round(points * 100) / 100, question_count: count, question_types: [...new Set(questions.map((q) => q.data.question_type))].sort() };
}

/**
 * A quiz's questions and question groups. Every write also rewrites the quiz's totals (points, question count and
 * types) and its assignment's points in the same transaction, so the gradebook never shows a quiz worth what its
 * questions are not. Writes to one quiz run one at a time.
 */
export class QuizQuestionsService {
  readonly #services: CoreServices;
  readonly #queue = new KeyedQueue();

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async questions(quizId: number): Promise<StoredQuestion[]> {
    const all = await this.#services.repos.quizQuestions.find({ parent_id: quizId });
    return all.filter((q) => q.data.workflow_state === 'active').sort(byPosition);
  }

  async groups(quizId: number): Promise<StoredGroup[]> {
    const all = await this.#services.repos.quizGroups.find({ parent_id: quizId });
    return all.filter((g) => g.data.workflow_state === 'active').sort(byPosition);
  }

  async question(quiz: Stored<QuizData>, id: number): Promise<StoredQuestion> {
    const q = await this.#services.repos.quizQuestions.get(id);
    if (!q || q.data.quiz_id !== quiz.id || q.data.workflow_state !== 'active') throw new NotFoundError('quiz question');
    return q;
  }

  async group(quiz: Stored<QuizData>, id: number): Promise<StoredGroup> {
    const g = await this.#services.repos.quizGroups.get(id);
    if (!g || g.data.quiz_id !== quiz.id || g.data.workflow_state !== 'active') throw new NotFoundError('quiz group');
    return g;
  }

  createQuestion(quiz: Stored<QuizData>, f: QuestionFields, stamp: WriteStamp): Promise<StoredQuestion> {
    return this.#serialized(quiz, stamp, async (questions, groups) => {
      const blank: QuizQuestionData = {
        course_id: quiz.data.course_id,
        quiz_id: quiz.id,
        quiz_group_id: null,
        position: Math.max(0, ...questions.map((q) => q.data.position)) + 1,
        question_name: 'Question',
        question_text: '',
        question_type: 'multiple_choice_question',
        points_possible: 0,
        correct_comments: '',
        incorrect_comments: '',
        neutral_comments: '',
        answers: [],
        matches: [],
        workflow_state: 'active',
      };
      const record = await this.#services.repos.quizQuestions.build(this.#applied(blank, f, groups, true), stamp);
      return { record, writes: [this.#services.repos.quizQuestions.insertion(record)], questions: [...questions, record], groups };
    });
  }

  updateQuestion(quiz: Stored<QuizData>, id: number, f: QuestionFields, stamp: WriteStamp): Promise<StoredQuestion> {
    return this.#serialized(quiz, stamp, async (questions, groups) => {
      const read = await this.question(quiz, id);
      // A new type or new answers store the answers again; otherwise they stay as they are.
      const write = this.#services.repos.quizQuestions.replacement(read, this.#applied(read.data, f, groups, f.answers !== undefined || f.question_type !== undefined), stamp);
      return { record: write.record, writes: [write], questions: questions.map((q) => (q.id === id ? write.record : q)), groups };
    });
  }

  deleteQuestion(quiz: Stored<QuizData>, id: number, stamp: WriteStamp): Promise<StoredQuestion> {
    return this.#serialized(quiz, stamp, async (questions, groups) => {
      const read = await this.question(quiz, id);
      // Kept as deleted, not removed: finished attempts still show the question they answered.
      const write = this.#services.repos.quizQuestions.replacement(read, { ...read.data, workflow_state: 'deleted' }, stamp);
      return { record: write.record, writes: [write], questions: questions.filter((q) => q.id !== id), groups };
    });
  }

  createGroup(quiz: Stored<QuizData>, f: GroupFields, stamp: WriteStamp): Promise<StoredGroup> {
    return this.#serialized(quiz, stamp, async (questions, groups) => {
      const data: QuizGroupData = {
        course_id: quiz.data.course_id,
        quiz_id: quiz.id,
        name: f.name ?? '',
        pick_count: f.pick_count ?? 1,
        question_points: f.question_points ?? 1,
        position: f.position ?? Math.max(0, ...groups.map((g) => g.data.position)) + 1,
        workflow_state: 'active',
      };
      const record = await this.#services.repos.quizGroups.build(data, stamp);
      return { record, writes: [this.#services.repos.quizGroups.insertion(record)], questions, groups: [...groups, record] };
    });
  }

  updateGroup(quiz: Stored<QuizData>, id: number, f: GroupFields, stamp: WriteStamp): Promise<StoredGroup> {
    return this.#serialized(quiz, stamp, async (questions, groups) => {
      const read = await this.group(quiz, id);
      const next: QuizGroupData = { ...read.data };
      if (f.name !== undefined) next.name = f.name;
      if (f.pick_count !== undefined) next.pick_count = f.pick_count;
      if (f.question_points !== undefined) next.question_points = f.question_points;
      if (f.position !== undefined) next.position = f.position;
      const write = this.#services.repos.quizGroups.replacement(read, next, stamp);
      return { record: write.record, writes: [write], questions, groups: groups.map((g) => (g.id === id ? write.record : g)) };
    });
  }

  /** The group goes; its questions stay in the quiz, outside any group (nothing written by the teacher is lost). */
  deleteGroup(quiz: Stored<QuizData>, id: number, stamp: WriteStamp): Promise<StoredGroup> {
    return this.#serialized(quiz, stamp, async (questions, groups) => {
      const read = await this.group(quiz, id);
      const { quizGroups, quizQuestions } = this.#services.repos;
      const freed = questions.filter((q) => q.data.quiz_group_id === id).map((q) => quizQuestions.replacement(q, { ...q.data, quiz_group_id: null }, stamp));
      const write = quizGroups.replacement(read, { ...read.data, workflow_state: 'deleted' }, stamp);
      const after = questions.map((q) => freed.find((f) => f.record.id === q.id)?.record ?? q);
      return { record: write.record, writes: [write, ...freed], questions: after, groups: groups.filter((g) => g.id !== id) };
    });
  }

  /**
   * Puts the quiz's questions and groups in the given order (positions 1, 2, …), groups and the questions outside
   * them sharing one sequence, as an attempt draws them. Items not named keep their place after those named.
   */
  reorder(quiz: Stored<QuizData>, order: readonly ReorderEntry[], stamp: WriteStamp): Promise<Stored<QuizData>> {
    return this.#serialized(quiz, stamp, async (questions, groups) => {
      const { quizQuestions, quizGroups } = this.#services.repos;
      const items = [
        ...questions.filter((q) => q.data.quiz_group_id === null).map((q) => ({ type: 'question' as const, id: q.id, position: q.data.position })),
        ...groups.map((g) => ({ type: 'group' as const, id: g.id, position: g.data.position })),
      ];
      const known = new Set(items.map((i) => `${i.type}:${i.id}`));
      const named = order.map((o) => `${o.type}:${o.id}`);
      const unknown = named.find((key) => !known.has(key));
      if (unknown) throw ValidationError.field('order', `${unknown.replace(':', ' ')} is not in this quiz (outside a group)`, 'invalid');
      const rest = items.filter((i) => !named.includes(`${i.type}:${i.id}`)).sort((a, b) => a.position - b.position || a.id - b.id).map((i) => `${i.type}:${i.id}`);
      const positions = new Map([...new Set([...named, ...rest])].map((key, index) => [key, index + 1]));
      const movedQuestions = questions.filter((q) => positions.has(`question:${q.id}`) && positions.get(`question:${q.id}`) !== q.data.position);
      const movedGroups = groups.filter((g) => positions.get(`group:${g.id}`) !== g.data.position);
      const writes = [
        ...quizQuestions.replacements(movedQuestions.map((q) => ({ read: q, data: { ...q.data, position: positions.get(`question:${q.id}`)! } })), stamp),
        ...quizGroups.replacements(movedGroups.map((g) => ({ read: g, data: { ...g.data, position: positions.get(`group:${g.id}`)! } })), stamp),
      ];
      return { record: quiz, writes, questions, groups };
    });
  }

  #applied(current: QuizQuestionData, f: QuestionFields, groups: readonly StoredGroup[], answersAgain: boolean): QuizQuestionData {
    const next: QuizQuestionData = { ...current };
    if (f.question_name !== undefined) next.question_name = f.question_name;
    if (f.question_text !== undefined) next.question_text = f.question_text ?? '';
    if (f.question_type !== undefined) next.question_type = f.question_type;
    if (f.position !== undefined) next.position = f.position;
    if (f.points_possible !== undefined) next.points_possible = f.points_possible;
    if (f.correct_comments !== undefined) next.correct_comments = f.correct_comments;
    if (f.incorrect_comments !== undefined) next.incorrect_comments = f.incorrect_comments;
    if (f.neutral_comments !== undefined) next.neutral_comments = f.neutral_comments;
    if (f.quiz_group_id !== undefined) {
      if (f.quiz_group_id !== null && !groups.some((g) => g.id === f.quiz_group_id)) throw ValidationError.field('quiz_group_id', 'is not a group of this quiz', 'invalid');
      next.quiz_group_id = f.quiz_group_id;
    }
    if (next.question_type === 'text_only_question') next.points_possible = 0;
    if (answersAgain) {
      const sent = f.answers ?? current.answers.map((a) => ({ ...a, answer_text: a.text, answer_weight: a.weight, answer_match_left: a.left, answer_match_right: a.right }));
      const incorrect = f.matching_answer_incorrect_matches ?? current.matching_answer_incorrect_matches;
      delete next.matching_answer_incorrect_matches;
      Object.assign(next, storedAnswers(next.question_type, sent, incorrect));
    }
    return next;
  }

  /**
   * Runs a question or group change of the quiz, then writes it with the quiz's new totals (and its assignment's
   * points) in one transaction.
   */
  #serialized<T extends object>(
    quiz: Stored<QuizData>,
    stamp: WriteStamp,
    change: (questions: StoredQuestion[], groups: StoredGroup[]) => Promise<{ record: Stored<T>; writes: PlannedWrite[]; questions: StoredQuestion[]; groups: StoredGroup[] }>,
  ): Promise<Stored<T>> {
    return this.#queue.run(`quiz:${quiz.id}`, async () => {
      const { quizzes, assignments } = this.#services.repos;
      const current = (await quizzes.get(quiz.id)) ?? quiz;
      const planned = await change(await this.questions(quiz.id), await this.groups(quiz.id));
      const totals = quizTotals(planned.questions.filter((q) => q.data.workflow_state === 'active'), planned.groups);
      const writes: PlannedWrite[] = [...planned.writes, quizzes.replacement(current, { ...current.data, ...totals }, stamp)];
      const assignment = current.data.assignment_id === null ? undefined : await assignments.get(current.data.assignment_id);
      if (assignment && assignment.data.workflow_state !== 'deleted' && assignment.data.points_possible !== totals.points_possible) {
        writes.push(assignments.replacement(assignment, { ...assignment.data, points_possible: totals.points_possible }, stamp));
      }
      await writeTogether(writes);
      return planned.record;
    });
  }
}
