import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireRecord } from '../../src/server/sync/sync-partitions.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createQuizWithQuestions, startAttempt, takeQuiz } from '../helpers/quiz-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { pullAll } from '../helpers/sync-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

const QUESTIONS = [
  { question_type: 'multiple_choice_question', points_possible: 1, correct_comments: 'Yes!', answers: [{ answer_text: 'right', answer_weight: 100, answer_comments: 'why' }, { answer_text: 'wrong' }] },
  { question_type: 'short_answer_question', points_possible: 1, answers: [{ answer_text: 'photosynthesis', answer_weight: 100 }] },
  { question_type: 'numerical_question', points_possible: 1, answers: [{ numerical_answer_type: 'exact_answer', exact: 42, margin: 0, answer_weight: 100 }] },
  {
    question_type: 'matching_question',
    points_possible: 1,
    matching_answer_incorrect_matches: 'Moon',
    answers: [{ answer_match_left: 'Star', answer_match_right: 'Sun', answer_weight: 100 }, { answer_match_left: 'Planet', answer_match_right: 'Earth', answer_weight: 100 }],
  },
];

/**
 * Decision 0120: a taker's device holds the questions of the quizzes they may start, as the attempt shows them to a
 * taker (nothing that tells the right answer), and their own quiz submissions as the quiz submissions API shows
 * them (results withheld as `hide_results` says); graders hold everyone's they see, without the owner's token.
 */
describe('what a device pulls of quizzes', () => {
  let hub: TestServer;
  let c: RosterCourse;
  let quiz: Json;
  let hidden: Json;
  let questions: Json[];
  let attempts: { shown: Json; hidden: Json };

  const pull = async (token: string, collection: string) => (await pullAll(hub, token, collection)).byKey;
  const live = (records: Map<string, WireRecord>, key: string) => {
    const found = records.get(key);
    return found && !found._deleted ? found : undefined;
  };

  beforeAll(async () => {
    hub = await startTestServer();
    c = await createRosterCourse(hub, 'Quiz pull 101');
    ({ quiz, questions } = await createQuizWithQuestions(hub, c, QUESTIONS, { title: 'Open quiz', allowed_attempts: 2 }));
    const group = await api(hub, c.teacher.token, 'POST', `/api/v1/courses/${c.id}/quizzes/${quiz.id}/groups`, { quiz_groups: [{ name: 'Secret pool name', pick_count: 1, question_points: 2 }] });
    expect(group.status).toBe(200);
    const choice = questions[0] as unknown as { id: number; answers: Array<{ id: number }> };
    const shown = await takeQuiz(hub, c.studentA.token, c.id, quiz.id, [{ id: choice.id, answer: choice.answers[0]!.id }]);
    const other = await createQuizWithQuestions(hub, c, [QUESTIONS[0]!], { title: 'Results hidden', hide_results: 'always' });
    hidden = other.quiz;
    const hiddenChoice = other.questions[0] as unknown as { id: number; answers: Array<{ id: number }> };
    const hiddenAttempt = await takeQuiz(hub, c.studentA.token, c.id, hidden.id, [{ id: hiddenChoice.id, answer: hiddenChoice.answers[0]!.id }]);
    attempts = { shown: shown as unknown as Json, hidden: hiddenAttempt as unknown as Json };
  }, 60_000);
  afterAll(() => hub.stop());

  it('a student’s device gets the questions as a taker sees them: choices without weights, comments, accepted answers or pairs', async () => {
    const content = await pull(c.studentB.token, 'course');
    const [choice, short, numerical, matching] = questions.map((q) => live(content, `quiz_question:${q.id}`)?.data);
    expect(choice).toMatchObject({ question_type: 'multiple_choice_question', answers_withheld: true });
    expect(choice!.answers).toEqual((questions[0]!.answers as Json[]).map((a) => ({ id: a.id, text: a.text })));
    for (const data of [choice, short, numerical, matching]) {
      for (const field of ['correct_comments', 'incorrect_comments', 'neutral_comments', 'matching_answer_incorrect_matches']) expect(data).not.toHaveProperty(field);
      for (const answer of data!.answers as Json[]) expect(Object.keys(answer).sort()).toEqual(expect.arrayContaining(['id', 'text']));
      for (const answer of data!.answers as Json[]) for (const field of ['weight', 'comments', 'right', 'match_id', 'exact', 'margin']) expect(answer).not.toHaveProperty(field);
    }
    expect(short!.answers).toEqual([]);
    expect(numerical!.answers).toEqual([]);
    // A matching question shows its left sides and every right side, never which belongs to which.
    expect((matching!.answers as Json[]).map((a) => a.text)).toEqual(['Star', 'Planet']);
    expect((matching!.matches as Array<{ text: string }>).map((m) => m.text).sort()).toEqual(['Earth', 'Moon', 'Sun']);
    // Nothing in the whole pull names a correct answer's text it was not shown.
    expect(JSON.stringify([...content.values()])).not.toContain('photosynthesis');
    const group = [...content.values()].find((d) => d.type === 'quiz_group' && !d._deleted);
    expect(group?.data).toMatchObject({ pick_count: 1, question_points: 2, name: '' });
  });

  it('once a finished attempt shows the correct answers, as its questions API then does, its owner’s device gets the questions whole', async () => {
    const choice = live(await pull(c.studentA.token, 'course'), `quiz_question:${questions[0]!.id}`)!.data;
    expect((choice.answers as Json[]).map((a) => a.weight)).toEqual([100, 0]);
    const rest = await api(hub, c.studentA.token, 'GET', `/api/v1/quiz_submissions/${attempts.shown.id}/questions?include[]=quiz_question`);
    const shown = (rest.json as { quiz_submission_questions: Array<{ id: number; quiz_question: Json }> }).quiz_submission_questions.find((q) => q.id === questions[0]!.id)!;
    expect((shown.quiz_question.answers as Json[]).map((a) => a.weight)).toEqual([100, 0]);
  });

  it('the teacher’s device gets the questions whole', async () => {
    const content = await pull(c.teacher.token, 'course');
    const choice = live(content, `quiz_question:${questions[0]!.id}`)!.data;
    expect(choice).toMatchObject({ correct_comments: 'Yes!' });
    expect((choice.answers as Json[]).map((a) => a.weight)).toEqual([100, 0]);
    expect(choice).not.toHaveProperty('answers_withheld');
  });

  it('a student’s own quiz submissions come as the API shows them to them; results hidden by the quiz stay hidden', async () => {
    const work = await pull(c.studentA.token, 'course_user');
    const shown = live(work, `quiz_submission:${attempts.shown.id}`)!.data;
    expect(shown).toMatchObject({ score: 1, kept_score: 1, validation_token: attempts.shown.validation_token });
    expect(Object.keys(shown.results as Json)).not.toHaveLength(0);
    const hiddenOne = live(work, `quiz_submission:${attempts.hidden.id}`)!.data;
    expect(hiddenOne).toMatchObject({ score: null, kept_score: null, results: {}, fudge_points: 0 });
    expect((hiddenOne.history as Json[]).map((h) => h.score)).toEqual([0]);
    const rest = await api(hub, c.studentA.token, 'GET', `/api/v1/courses/${c.id}/quizzes/${hidden.id}/submissions`);
    expect((rest.json as { quiz_submissions: Json[] }).quiz_submissions[0]).toMatchObject({ score: null, kept_score: null });
  });

  it('a classmate and an observer get no one’s quiz submissions; the teacher gets them without the owner’s token', async () => {
    const key = `quiz_submission:${attempts.shown.id}`;
    expect(live(await pull(c.studentB.token, 'course_user'), key)).toBeUndefined();
    expect(live(await pull(c.observer.token, 'course_user'), key)).toBeUndefined();
    const teachers = live(await pull(c.teacher.token, 'course_user'), key)!.data;
    expect(teachers).toMatchObject({ score: 1 });
    expect(teachers).not.toHaveProperty('validation_token');
  });

  it('questions of a draft or not yet unlocked quiz stay on the hub; unlocking sends them', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const { quiz: later, questions: laterQuestions } = await createQuizWithQuestions(hub, c, [QUESTIONS[0]!], { title: 'Tomorrow', unlock_at: future });
    const { questions: draftQuestions } = await createQuizWithQuestions(hub, c, [QUESTIONS[0]!], { title: 'Draft', published: false });
    const first = await pullAll(hub, c.studentA.token, 'course');
    expect(first.byKey.has(`quiz_question:${laterQuestions[0]!.id}`)).toBe(false);
    expect(first.byKey.has(`quiz_question:${draftQuestions[0]!.id}`)).toBe(false);
    expect((await api(hub, c.teacher.token, 'PUT', `/api/v1/courses/${c.id}/quizzes/${later.id}`, { quiz: { unlock_at: null } })).status).toBe(200);
    // The question was not written: the changed scope makes the device's next pull start over and send it.
    const next = await pullAll(hub, c.studentA.token, 'course', 100, first.checkpoint);
    expect(live(next.byKey, `quiz_question:${laterQuestions[0]!.id}`)?.data).toMatchObject({ answers_withheld: true });
  });

  it('a running attempt reaches its owner’s device with what answering it needs: its token and drawn questions', async () => {
    const started = await startAttempt(hub, c.studentB.token, c.id, quiz.id);
    const onHub = await hub.core.services.repos.quizSubmissions.get(started.id);
    const work = await pull(c.studentB.token, 'course_user');
    expect(live(work, `quiz_submission:${started.id}`)!.data).toMatchObject({ workflow_state: 'untaken', validation_token: started.validation_token, questions: onHub!.data.questions });
  });
});
