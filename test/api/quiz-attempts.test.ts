import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser } from '../helpers/api-fixtures.ts';
import { createContentCourse, createQuiz, type ContentCourse } from '../helpers/content-fixtures.ts';
import { enrollFixtureUser, expectInvalidToken, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { answerQuestions, completeAttempt, createQuizWithQuestions, startAttempt, takeQuiz, type QuizAttempt } from '../helpers/quiz-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createRosterCourse } from '../helpers/enrollment-fixtures.ts';
import { failWritesOf } from '../helpers/write-faults.ts';
import { createItem, createPublishedModule } from '../helpers/module-fixtures.ts';

type SubmissionQuestion = { id: number; flagged: boolean; answer: unknown; points?: number; correct?: string; quiz_question?: Record<string, unknown> };

const choice = (points = 2) => ({
  question_type: 'multiple_choice_question',
  points_possible: points,
  answers: [{ answer_text: 'right', answer_weight: 100 }, { answer_text: 'wrong', answer_weight: 0 }],
});
const answerIds = (q: Record<string, unknown>) => (q.answers as Array<{ id: number }>).map((a) => a.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('taking quizzes', () => {
  let server: TestServer;
  let course: ContentCourse;
  const quizPath = (id: number) => `/api/v1/courses/${course.id}/quizzes/${id}`;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'quiz-attempts-admin' });
    course = await createContentCourse(server, 'Quiz taking');
  });
  afterAll(() => server.stop());

  const questionsOf = async (token: string, attempt: { id: number }, include = true) => {
    const res = await api(server, token, 'GET', `/api/v1/quiz_submissions/${attempt.id}/questions${include ? '?include[]=quiz_question' : ''}`);
    expect(res.status).toBe(200);
    return (res.json as { quiz_submission_questions: SubmissionQuestion[] }).quiz_submission_questions;
  };
  const gradebookSubmission = async (assignmentId: number) =>
    (await api(server, course.teacher.token, 'GET', `/api/v1/courses/${course.id}/assignments/${assignmentId}/submissions/${course.student.id}`)).json as Record<string, unknown>;

  it('an attempt from start to grade: answers saved as given, weights never shown, essays pending_review, the grade in the gradebook', async () => {
    const { quiz, questions } = await createQuizWithQuestions(server, course, [
      choice(2),
      { question_type: 'short_answer_question', points_possible: 1, answers: [{ answer_text: 'Paris' }] },
      { question_type: 'essay_question', points_possible: 3 },
    ]);
    const [mc, short, essay] = questions as [Record<string, unknown> & { id: number }, Record<string, unknown> & { id: number }, Record<string, unknown> & { id: number }];
    const attempt = await startAttempt(server, course.student.token, course.id, quiz.id);
    expect(attempt).toMatchObject({ attempt: 1, workflow_state: 'untaken', quiz_id: quiz.id, user_id: course.student.id, end_at: null });
    expect(attempt.validation_token).toMatch(/^[0-9a-f]{48}$/);

    // What the student sees of the questions tells nothing of the right answers.
    const seen = await questionsOf(course.student.token, attempt);
    expect(seen.map((q) => q.id)).toEqual([mc.id, short.id, essay.id]);
    expect(JSON.stringify(seen)).not.toMatch(/weight|Paris|comments/);
    expect(seen[0]!.quiz_question).toMatchObject({ question_type: 'multiple_choice_question', points_possible: 2, answers: [{ text: 'right' }, { text: 'wrong' }] });
    expect(seen[1]!.quiz_question).toMatchObject({ answers: [] });

    const saved = await answerQuestions(server, course.student.token, attempt, [{ id: mc.id, answer: answerIds(mc)[0] }, { id: essay.id, answer: '<p>Long</p><script>x()</script>' }]);
    expect(saved.status).toBe(200);
    expect((saved.json as { quiz_submission_questions: SubmissionQuestion[] }).quiz_submission_questions.map((q) => q.answer)).toEqual([answerIds(mc)[0], null, '<p>Long</p>']);
    // A second request adds to the first: nothing answered before is lost.
    expect((await answerQuestions(server, course.student.token, attempt, [{ id: short.id, answer: ' paris ' }])).status).toBe(200);
    expect((await api(server, course.student.token, 'PUT', `/api/v1/quiz_submissions/${attempt.id}/questions/${short.id}/flag`, { attempt: 1, validation_token: attempt.validation_token })).status).toBe(204);
    const during = await questionsOf(course.student.token, attempt, false);
    expect(during.map((q) => [q.answer, q.flagged])).toEqual([[answerIds(mc)[0], false], [' paris ', true], ['<p>Long</p>', false]]);
    expect(during[0]).not.toHaveProperty('quiz_question');
    await api(server, course.student.token, 'PUT', `/api/v1/quiz_submissions/${attempt.id}/questions/${short.id}/unflag`, { attempt: 1, validation_token: attempt.validation_token });
    expect((await questionsOf(course.student.token, attempt, false))[1]!.flagged).toBe(false);

    const done = await completeAttempt(server, course.student.token, course.id, quiz.id, attempt);
    expect(done).toMatchObject({ workflow_state: 'pending_review', score: 3, kept_score: 3, attempt: 1, attempts_left: 0 });
    expect(done.finished_at).toEqual(expect.any(String));
    let graded = await gradebookSubmission(quiz.assignment_id as number);
    expect(graded).toMatchObject({ submission_type: 'online_quiz', workflow_state: 'pending_review', score: 3, grader_id: -quiz.id, attempt: 1 });
    expect(done.submission_id).toBe(graded.id);

    // The teacher scores the essay and adds fudge points: complete, and the gradebook follows.
    const put = await api(server, course.teacher.token, 'PUT', `${quizPath(quiz.id)}/submissions/${attempt.id}`, {
      quiz_submissions: [{ attempt: 1, fudge_points: -0.5, questions: { [essay.id]: { score: 2.5, comment: 'Good' } } }],
    });
    expect(put.status).toBe(200);
    expect((put.json as { quiz_submissions: QuizAttempt[] }).quiz_submissions[0]).toMatchObject({ workflow_state: 'complete', score: 5, kept_score: 5, fudge_points: -0.5 });
    graded = await gradebookSubmission(quiz.assignment_id as number);
    expect(graded).toMatchObject({ workflow_state: 'graded', score: 5, grade: '5', attempt: 1 });
    // And the course totals, the quiz being the course's only graded work so far: 5 of 6 points.
    const enrollments = (await api(server, course.teacher.token, 'GET', `/api/v1/courses/${course.id}/enrollments?type[]=StudentEnrollment&per_page=100`)).json as Array<{ user_id: number; grades: Record<string, unknown> }>;
    expect(enrollments.find((e) => e.user_id === course.student.id)!.grades).toMatchObject({ current_score: 83.33 });
    const results = await questionsOf(course.teacher.token, attempt);
    expect(results.map((q) => [q.points, q.correct])).toEqual([[2, 'true'], [1, 'true'], [2.5, 'undefined']]);
    expect(results[2]).toMatchObject({ comment: 'Good' });
    // After the attempt the student sees the correct answers (show_correct_answers defaults to true).
    expect((await questionsOf(course.student.token, attempt))[0]!.quiz_question).toMatchObject({ answers: [{ text: 'right', weight: 100 }, { text: 'wrong', weight: 0 }] });
  });

  it('attempt limits: 409 while one is open and when none is left; extensions add attempts; the kept score follows scoring_policy', async () => {
    for (const [policy, kept] of [['keep_highest', 2], ['keep_latest', 0], ['keep_average', 1]] as const) {
      const { quiz, questions } = await createQuizWithQuestions(server, course, [choice(2)], { allowed_attempts: 2, scoring_policy: policy });
      const [right, wrong] = answerIds(questions[0]!);
      const first = await startAttempt(server, course.student.token, course.id, quiz.id);
      const open = await api(server, course.student.token, 'POST', `${quizPath(quiz.id)}/submissions`, {});
      expect(open.status).toBe(409);
      await answerQuestions(server, course.student.token, first, [{ id: questions[0]!.id, answer: right }]);
      await completeAttempt(server, course.student.token, course.id, quiz.id, first);
      const second = await takeQuiz(server, course.student.token, course.id, quiz.id, [{ id: questions[0]!.id, answer: wrong }]);
      expect(second).toMatchObject({ id: first.id, attempt: 2, score: 0, kept_score: kept, attempts_left: 0 });
      expect((await gradebookSubmission(quiz.assignment_id as number)).score, policy).toBe(kept);
      expect((await api(server, course.student.token, 'POST', `${quizPath(quiz.id)}/submissions`, {})).status).toBe(409);
      if (policy !== 'keep_highest') continue;
      const ext = await api(server, course.teacher.token, 'POST', `${quizPath(quiz.id)}/extensions`, { quiz_extensions: [{ user_id: course.student.id, extra_attempts: 1 }] });
      expect(ext.json).toMatchObject({ quiz_extensions: [{ user_id: course.student.id, extra_attempts: 1, quiz_id: quiz.id }] });
      expect((await startAttempt(server, course.student.token, course.id, quiz.id)).attempt).toBe(3);
      expectUnauthorized(await api(server, course.student.token, 'POST', `${quizPath(quiz.id)}/extensions`, { quiz_extensions: [{ user_id: course.student.id, extra_attempts: 5 }] }));
    }
  });

  it('access codes, unpublished and locked quizzes, and the proof an answer needs', async () => {
    const { quiz, questions } = await createQuizWithQuestions(server, course, [choice(1)], { access_code: 'sesame' });
    expect((await api(server, course.student.token, 'GET', quizPath(quiz.id))).json).not.toHaveProperty('access_code');
    expect((await api(server, course.teacher.token, 'GET', quizPath(quiz.id))).json).toMatchObject({ access_code: 'sesame', has_access_code: true });
    expect((await api(server, course.student.token, 'POST', `${quizPath(quiz.id)}/submissions`, { access_code: 'nope' })).status).toBe(401);
    const attempt = await startAttempt(server, course.student.token, course.id, quiz.id, { access_code: 'sesame' });
    const qid = questions[0]!.id;
    expect((await answerQuestions(server, course.student.token, { ...attempt, validation_token: 'forged' }, [{ id: qid, answer: 1 }])).status).toBe(401);
    expect((await answerQuestions(server, course.student.token, { ...attempt, attempt: 2 }, [{ id: qid, answer: 1 }])).status).toBe(400);
    expect((await answerQuestions(server, course.student.token, attempt, [{ id: 999999, answer: 1 }])).status).toBe(400);
    // A malformed answer is refused whole: the good answer beside it is not saved either.
    const bad = await answerQuestions(server, course.student.token, attempt, [{ id: qid, answer: { nonsense: true } }]);
    expect(bad.status).toBe(400);
    expect((await questionsOf(course.student.token, attempt, false))[0]!.answer).toBeNull();
    // Nobody else answers, reads or turns in the student's attempt.
    const other = await createFixtureUser(server, 'Other student');
    await enrollFixtureUser(server, course.id, other.id, 'StudentEnrollment', { sectionId: course.sectionId });
    expectUnauthorized(await answerQuestions(server, other.token, attempt, [{ id: qid, answer: 1 }]));
    expectUnauthorized(await api(server, other.token, 'GET', `/api/v1/quiz_submissions/${attempt.id}/questions`));
    expect((await api(server, other.token, 'GET', `${quizPath(quiz.id)}/submissions/${attempt.id}`)).status).toBe(404);
    expect((await api(server, other.token, 'POST', `${quizPath(quiz.id)}/submissions/${attempt.id}/complete`, { attempt: 1, validation_token: attempt.validation_token })).status).toBe(404);
    expectInvalidToken(await api(server, undefined, 'GET', `/api/v1/quiz_submissions/${attempt.id}/questions`));
    expectUnauthorized(await api(server, course.outsider.token, 'POST', `${quizPath(quiz.id)}/submissions`, {}));
    // Each student lists their own; the teacher everyone's.
    await startAttempt(server, other.token, course.id, quiz.id, { access_code: 'sesame' });
    const mine = (await api(server, course.student.token, 'GET', `${quizPath(quiz.id)}/submissions`)).json as { quiz_submissions: QuizAttempt[] };
    expect(mine.quiz_submissions.map((s) => s.user_id)).toEqual([course.student.id]);
    const all = (await api(server, course.teacher.token, 'GET', `${quizPath(quiz.id)}/submissions`)).json as { quiz_submissions: QuizAttempt[] };
    expect(all.quiz_submissions.map((s) => s.user_id).sort()).toEqual([course.student.id, other.id].sort());
    expect(all.quiz_submissions[0]).not.toHaveProperty('validation_token');

    const draft = await createQuiz(server, course.teacher.token, course.id, { title: 'Draft' });
    expect((await api(server, course.student.token, 'POST', `${quizPath(draft.id)}/submissions`, {})).status).toBe(404);
    const closed = await createQuiz(server, course.teacher.token, course.id, { title: 'Closed', published: true, lock_at: '2020-01-01T00:00:00Z' });
    expect((await api(server, course.student.token, 'POST', `${quizPath(closed.id)}/submissions`, {})).status).toBe(400);
  });

  it('time runs out: the attempt ends at its end with what was answered, and takes no more answers', async () => {
    const lockAt = new Date(Math.ceil((Date.now() + 3000) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    const { quiz, questions } = await createQuizWithQuestions(server, course, [choice(2), choice(3)], { time_limit: 30, lock_at: lockAt });
    const attempt = await startAttempt(server, course.student.token, course.id, quiz.id);
    expect(attempt.end_at).toBe(lockAt);
    const time = (await api(server, course.student.token, 'GET', `${quizPath(quiz.id)}/submissions/${attempt.id}/time`)).json as { end_at: string; time_left: number };
    expect(time.end_at).toBe(lockAt);
    expect(time.time_left).toBeGreaterThan(0);
    expect(time.time_left).toBeLessThanOrEqual(4);
    await answerQuestions(server, course.student.token, attempt, [{ id: questions[0]!.id, answer: answerIds(questions[0]!)[0] }]);
    await sleep(Date.parse(lockAt) - Date.now() + 300);
    const late = await answerQuestions(server, course.student.token, attempt, [{ id: questions[1]!.id, answer: answerIds(questions[1]!)[0] }]);
    expect(late.status).toBe(400);
    const shown = (await api(server, course.student.token, 'GET', `${quizPath(quiz.id)}/submissions/${attempt.id}`)).json as { quiz_submissions: QuizAttempt[] };
    expect(shown.quiz_submissions[0]).toMatchObject({ workflow_state: 'complete', score: 2, finished_at: lockAt });
    expect((await gradebookSubmission(quiz.assignment_id as number)).score).toBe(2);
  });

  it('a time limit sets end_at; extra time and extensions of the running attempt move it', async () => {
    const { quiz } = await createQuizWithQuestions(server, course, [choice(1)], { time_limit: 10, allowed_attempts: -1 });
    const student = await createFixtureUser(server, 'Timed student');
    await enrollFixtureUser(server, course.id, student.id, 'StudentEnrollment', { sectionId: course.sectionId });
    await api(server, course.teacher.token, 'POST', `${quizPath(quiz.id)}/extensions`, { quiz_extensions: [{ user_id: student.id, extra_time: 5 }] });
    const attempt = await startAttempt(server, student.token, course.id, quiz.id);
    expect(Date.parse(attempt.end_at as string) - Date.parse(attempt.started_at as string)).toBe(15 * 60_000);
    // The same student twice: the entries add up, written together.
    const ext = await api(server, course.teacher.token, 'POST', `${quizPath(quiz.id)}/extensions`, { quiz_extensions: [{ user_id: student.id, extra_attempts: 2 }, { user_id: student.id, extend_from_end_at: 10 }] });
    expect(ext.json).toMatchObject({ quiz_extensions: [{ user_id: student.id, extra_attempts: 2, extra_time: 5 }] });
    expect((ext.json as { quiz_extensions: Array<{ end_at: string }> }).quiz_extensions[0]!.end_at).toBe(new Date(Date.parse(attempt.end_at as string) + 10 * 60_000).toISOString().replace('.000Z', 'Z'));
  });

  it('a finished attempt and its grade are written together or not at all', async () => {
    const { quiz, questions } = await createQuizWithQuestions(server, course, [choice(2)]);
    const attempt = await startAttempt(server, course.student.token, course.id, quiz.id);
    await answerQuestions(server, course.student.token, attempt, [{ id: questions[0]!.id, answer: answerIds(questions[0]!)[0] }]);
    const restore = failWritesOf(server, (doc) => doc.type === 'course_score', server.core.db.collections.course_user);
    const failed = await api(server, course.student.token, 'POST', `${quizPath(quiz.id)}/submissions/${attempt.id}/complete`, { attempt: 1, validation_token: attempt.validation_token });
    restore();
    expect(failed.status).toBe(500);
    // Still running, with its answer: turning it in again works.
    expect((await questionsOf(course.student.token, attempt, false))[0]!.answer).toBe(answerIds(questions[0]!)[0]);
    expect((await api(server, course.student.token, 'GET', `${quizPath(quiz.id)}/submissions/${attempt.id}`)).json).toMatchObject({ quiz_submissions: [{ workflow_state: 'untaken' }] });
    expect((await gradebookSubmission(quiz.assignment_id as number)).workflow_state).toBe('unsubmitted');
    expect(await completeAttempt(server, course.student.token, course.id, quiz.id, attempt)).toMatchObject({ workflow_state: 'complete', score: 2 });
  });

  it('fulfils module requirements: min_score on a graded quiz (its kept score), must_submit on a practice quiz', async () => {
    const graded = await createQuizWithQuestions(server, course, [choice(2)], { allowed_attempts: 2 });
    const practice = await createQuizWithQuestions(server, course, [choice(1)], { quiz_type: 'practice_quiz' });
    const module = await createPublishedModule(server, course.teacher.token, course.id, { name: 'Quizzes' });
    const items = [
      await createItem(server, course.teacher.token, course.id, module.id, { type: 'Quiz', content_id: graded.quiz.id, completion_requirement: { type: 'min_score', min_score: 2 } }),
      await createItem(server, course.teacher.token, course.id, module.id, { type: 'Quiz', content_id: practice.quiz.id, completion_requirement: { type: 'must_submit' } }),
    ];
    for (const item of items) await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/modules/${module.id}/items/${item.id}`, { module_item: { published: true } });
    const completed = async () =>
      ((await api(server, course.student.token, 'GET', `/api/v1/courses/${course.id}/modules/${module.id}/items`)).json as Array<{ completion_requirement: { completed: boolean } }>).map((i) => i.completion_requirement.completed);
    expect(await completed()).toEqual([false, false]);
    const [right, wrong] = answerIds(graded.questions[0]!);
    await takeQuiz(server, course.student.token, course.id, graded.quiz.id, [{ id: graded.questions[0]!.id, answer: wrong }]);
    await takeQuiz(server, course.student.token, course.id, practice.quiz.id, []);
    expect(await completed()).toEqual([false, true]);
    await takeQuiz(server, course.student.token, course.id, graded.quiz.id, [{ id: graded.questions[0]!.id, answer: right }]);
    expect(await completed()).toEqual([true, true]);
  });

  it('an upload answer must name the student’s own files; an upload leaves the attempt pending_review', async () => {
    const { quiz, questions } = await createQuizWithQuestions(server, course, [{ question_type: 'file_upload_question', points_possible: 4 }]);
    const attempt = await startAttempt(server, course.student.token, course.id, quiz.id);
    const foreign = await answerQuestions(server, course.student.token, attempt, [{ id: questions[0]!.id, answer: [999999] }]);
    expect(foreign.status).toBe(400);
    expect(foreign.json).toEqual({ message: 'No valid file ids given for the answer' });
    expect((await answerQuestions(server, course.student.token, attempt, [{ id: questions[0]!.id, answer: [] }])).status).toBe(200);
    expect(await completeAttempt(server, course.student.token, course.id, quiz.id, attempt)).toMatchObject({ workflow_state: 'pending_review', score: 0 });
  });

  it('answers sent at once are all saved: none overwrites another', async () => {
    const { quiz, questions } = await createQuizWithQuestions(server, course, [1, 2, 3, 4, 5, 6].map(() => choice(1)));
    const attempt = await startAttempt(server, course.student.token, course.id, quiz.id);
    const sent = await Promise.all(questions.map((q) => answerQuestions(server, course.student.token, attempt, [{ id: q.id, answer: answerIds(q)[0] }])));
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await questionsOf(course.student.token, attempt, false)).map((q) => q.answer)).toEqual(questions.map((q) => answerIds(q)[0]));
    expect((await completeAttempt(server, course.student.token, course.id, quiz.id, attempt)).score).toBe(6);
  });

  it('two starts at once make one attempt (the other is a 409)', async () => {
    const { quiz } = await createQuizWithQuestions(server, course, [choice(1)], { allowed_attempts: -1 });
    const starts = await Promise.all([0, 1, 2].map(() => api(server, course.student.token, 'POST', `${quizPath(quiz.id)}/submissions`, {})));
    expect(starts.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('shuffle_answers: each attempt has its own order of the choices, the same on every read', async () => {
    const many = { question_type: 'multiple_answers_question', points_possible: 1, answers: 'abcdefgh'.split('').map((t) => ({ answer_text: t, answer_weight: t === 'a' ? 100 : 0 })) };
    const { quiz } = await createQuizWithQuestions(server, course, [many], { shuffle_answers: true, allowed_attempts: -1 });
    const orderOf = async (attempt: { id: number }) =>
      ((await questionsOf(course.student.token, attempt))[0]!.quiz_question!.answers as Array<{ text: string }>).map((a) => a.text).join('');
    const first = await startAttempt(server, course.student.token, course.id, quiz.id);
    const order = await orderOf(first);
    expect(order.split('').sort().join('')).toBe('abcdefgh');
    expect(await orderOf(first)).toBe(order);
    await completeAttempt(server, course.student.token, course.id, quiz.id, first);
    const orders = new Set([order]);
    for (let i = 0; i < 3; i++) {
      const next = await startAttempt(server, course.student.token, course.id, quiz.id);
      orders.add(await orderOf(next));
      await completeAttempt(server, course.student.token, course.id, quiz.id, next);
    }
    // Four attempts, 8! orders: they all differ unless the order ignores the attempt.
    expect(orders.size).toBeGreaterThan(1);
  });

  it('a TA limited to their section sees and grades only that section’s attempts', async () => {
    const roster = await createRosterCourse(server, 'Quiz sections');
    const { quiz, questions } = await createQuizWithQuestions(server, roster, [{ question_type: 'essay_question', points_possible: 2 }]);
    const path = `/api/v1/courses/${roster.id}/quizzes/${quiz.id}`;
    const [a, b] = [
      await takeQuiz(server, roster.studentA.token, roster.id, quiz.id, [{ id: questions[0]!.id, answer: 'A' }]),
      await takeQuiz(server, roster.studentB.token, roster.id, quiz.id, [{ id: questions[0]!.id, answer: 'B' }]),
    ];
    const listed = (await api(server, roster.ta.token, 'GET', `${path}/submissions`)).json as { quiz_submissions: QuizAttempt[] };
    expect(listed.quiz_submissions.map((s) => s.user_id)).toEqual([roster.studentB.id]);
    expect((await api(server, roster.ta.token, 'GET', `${path}/submissions/${a.id}`)).status).toBe(404);
    expectUnauthorized(await api(server, roster.ta.token, 'GET', `/api/v1/quiz_submissions/${a.id}/questions`));
    expect((await api(server, roster.ta.token, 'GET', `/api/v1/quiz_submissions/${b.id}/questions`)).status).toBe(200);
    const grade = (id: number) => api(server, roster.ta.token, 'PUT', `${path}/submissions/${id}`, { quiz_submissions: [{ attempt: 1, questions: { [questions[0]!.id]: { score: 2 } } }] });
    expect((await grade(a.id)).status).toBe(404);
    expect((await grade(b.id)).json).toMatchObject({ quiz_submissions: [{ workflow_state: 'complete', score: 2 }] });
    expectUnauthorized(await api(server, roster.ta.token, 'POST', `${path}/extensions`, { quiz_extensions: [{ user_id: roster.studentA.id, extra_attempts: 1 }] }));
    expect((await api(server, roster.teacher.token, 'GET', `${path}/submissions`)).json).toMatchObject({ quiz_submissions: [{ user_id: roster.studentA.id }, { user_id: roster.studentB.id }] });
  });

  it('a graded survey gives its points for taking it, right or wrong, with nothing left to grade', async () => {
    const { quiz, questions } = await createQuizWithQuestions(server, course, [choice(2), { question_type: 'essay_question', points_possible: 3 }], { quiz_type: 'graded_survey' });
    const done = await takeQuiz(server, course.student.token, course.id, quiz.id, [{ id: questions[0]!.id, answer: answerIds(questions[0]!)[1] }]);
    expect(done).toMatchObject({ workflow_state: 'complete', score: 5 });
    expect(await gradebookSubmission(quiz.assignment_id as number)).toMatchObject({ workflow_state: 'graded', score: 5 });
  });

  it('hide_results always: the student sees neither scores nor answers’ correctness; the teacher does', async () => {
    const { quiz, questions } = await createQuizWithQuestions(server, course, [choice(2)], { hide_results: 'always' });
    const done = await takeQuiz(server, course.student.token, course.id, quiz.id, [{ id: questions[0]!.id, answer: answerIds(questions[0]!)[0] }]);
    expect(done).toMatchObject({ workflow_state: 'complete', score: null, kept_score: null });
    const seen = await questionsOf(course.student.token, done);
    expect(seen[0]).not.toHaveProperty('correct');
    expect(JSON.stringify(seen)).not.toContain('weight');
    const teacher = (await api(server, course.teacher.token, 'GET', `${quizPath(quiz.id)}/submissions/${done.id}`)).json as { quiz_submissions: QuizAttempt[] };
    expect(teacher.quiz_submissions[0]).toMatchObject({ score: 2, kept_score: 2 });
  });
});
