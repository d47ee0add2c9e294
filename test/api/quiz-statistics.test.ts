import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixtureUser } from '../helpers/api-fixtures.ts';
import { enrollFixtureUser, expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { answerQuestions, createQuizWithQuestions, startAttempt, takeQuiz } from '../helpers/quiz-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Json = Record<string, unknown> & { id: number };
type AnswerStats = { id: number | string; text: string; correct: boolean; responses: number };
type QuestionStats = Json & { responses: number; answers?: AnswerStats[]; answer_sets?: Array<{ id: string; text: string; answers: AnswerStats[] }> };
type Statistics = Json & { question_statistics: QuestionStats[]; submission_statistics: Record<string, unknown> };

const answersOf = (q: Json) => q.answers as Array<{ id: number; text: string; blank_id?: string; left?: string; match_id?: number }>;
/** Each answer's text → how many chose it, with its correct flag: what a chart and its table show. */
const tally = (answers: AnswerStats[] | undefined) => Object.fromEntries((answers ?? []).map((a) => [a.text, [a.responses, a.correct]]));

describe('quiz statistics', () => {
  let server: TestServer;
  let course: RosterCourse;
  let quiz: Json;
  let questions: Json[];
  const statsPath = () => `/api/v1/courses/${course.id}/quizzes/${quiz.id}/statistics`;
  const statistics = async (token: string) => {
    const res = await api(server, token, 'GET', statsPath());
    expect(res.status).toBe(200);
    const body = res.json as { quiz_statistics: Statistics[] };
    expect(body.quiz_statistics).toHaveLength(1);
    return body.quiz_statistics[0]!;
  };

  beforeAll(async () => {
    server = await startTestServer({ adminToken: 'quiz-statistics-admin' });
    course = await createRosterCourse(server, 'Quiz statistics');
    ({ quiz, questions } = await createQuizWithQuestions(server, course, [
      { question_type: 'multiple_choice_question', points_possible: 2, answers: [{ answer_text: 'Evaporation', answer_weight: 100 }, { answer_text: 'Erosion' }, { answer_text: 'Melting' }] },
      { question_type: 'multiple_answers_question', points_possible: 2, answers: [{ answer_text: 'Rain', answer_weight: 100 }, { answer_text: 'Snow', answer_weight: 100 }, { answer_text: 'Sand' }] },
      { question_type: 'short_answer_question', points_possible: 1, answers: [{ answer_text: 'Condensation' }] },
      { question_type: 'numerical_question', points_possible: 1, answers: [{ numerical_answer_type: 'exact_answer', exact: 100, margin: 1 }] },
      { question_type: 'fill_in_multiple_blanks_question', question_text: '<p>Water boils at [b] degrees</p>', points_possible: 1, answers: [{ answer_text: '100', blank_id: 'b', answer_weight: 100 }] },
      { question_type: 'multiple_dropdowns_question', question_text: '<p>Ice is [s]</p>', points_possible: 1, answers: [{ answer_text: 'solid', blank_id: 's', answer_weight: 100 }, { answer_text: 'gas', blank_id: 's' }] },
      { question_type: 'matching_question', points_possible: 2, answers: [{ answer_match_left: 'Ice', answer_match_right: 'solid' }, { answer_match_left: 'Steam', answer_match_right: 'gas' }] },
      { question_type: 'essay_question', points_possible: 3 },
    ]));
  });
  afterAll(() => server.stop());

  it('a quiz nobody has finished: every question with no responses, and no scores', async () => {
    const stats = await statistics(course.teacher.token);
    expect(stats).toMatchObject({ id: quiz.id, includes_all_versions: false, multiple_attempts_exist: false, points_possible: 13 });
    expect(stats.url).toMatch(new RegExp(`/api/v1/courses/${course.id}/quizzes/${quiz.id}/statistics$`));
    expect(stats.question_statistics.map((q) => [q.id, q.position, q.responses])).toEqual(questions.map((q, i) => [q.id, i + 1, 0]));
    expect(tally(stats.question_statistics[0]!.answers)).toEqual({ Evaporation: [0, true], Erosion: [0, false], Melting: [0, false] });
    expect(stats.submission_statistics).toMatchObject({ unique_count: 0, score_average: null, score_high: null, score_low: null, duration_average: null, scores: {} });
  });

  it('counts each student’s latest finished attempt: who chose which answer, right or wrong, and the scores', async () => {
    const [mc, ma, short, num, blanks, dropdowns, matching, essay] = questions as [Json, Json, Json, Json, Json, Json, Json, Json];
    const [evaporation, erosion] = answersOf(mc);
    const [rain, snow, sand] = answersOf(ma);
    const [solid] = answersOf(dropdowns);
    const [ice, steam] = answersOf(matching);
    // Student A gets everything right (the essay waits for a grader).
    await takeQuiz(server, course.studentA.token, course.id, quiz.id, [
      { id: mc.id, answer: evaporation!.id },
      { id: ma.id, answer: [rain!.id, snow!.id] },
      { id: short.id, answer: ' condensation ' },
      { id: num.id, answer: 100.5 },
      { id: blanks.id, answer: { b: '100' } },
      { id: dropdowns.id, answer: { s: solid!.id } },
      { id: matching.id, answer: [{ answer_id: ice!.id, match_id: ice!.match_id }, { answer_id: steam!.id, match_id: steam!.match_id }] },
      { id: essay.id, answer: '<p>Because.</p>' },
    ]);
    // Student B gets things wrong or leaves them blank.
    await takeQuiz(server, course.studentB.token, course.id, quiz.id, [
      { id: mc.id, answer: erosion!.id },
      { id: ma.id, answer: [rain!.id, sand!.id] },
      { id: short.id, answer: 'freezing' },
      { id: num.id, answer: 50 },
      { id: matching.id, answer: [{ answer_id: ice!.id, match_id: steam!.match_id }] },
    ]);
    // Neither a student still in their attempt nor the teacher trying the quiz out counts.
    const late = await createFixtureUser(server, 'Still answering');
    await enrollFixtureUser(server, course.id, late.id, 'StudentEnrollment');
    const running = await startAttempt(server, late.token, course.id, quiz.id);
    expect((await answerQuestions(server, late.token, running, [{ id: mc.id, answer: erosion!.id }])).status).toBe(200);
    await takeQuiz(server, course.teacher.token, course.id, quiz.id, [{ id: mc.id, answer: erosion!.id }]);

    const stats = await statistics(course.teacher.token);
    const byId = new Map(stats.question_statistics.map((q) => [q.id, q]));
    expect(byId.get(mc.id)).toMatchObject({ question_type: 'multiple_choice_question', responses: 2, correct_student_count: 1, incorrect_student_count: 1 });
    expect(tally(byId.get(mc.id)!.answers)).toEqual({ Evaporation: [1, true], Erosion: [1, false], Melting: [0, false] });
    expect(byId.get(ma.id)).toMatchObject({ responses: 2, correct_student_count: 1, partially_correct_student_count: 0, incorrect_student_count: 1 });
    expect(tally(byId.get(ma.id)!.answers)).toEqual({ Rain: [2, true], Snow: [1, true], Sand: [1, false] });
    expect(tally(byId.get(short.id)!.answers)).toEqual({ Condensation: [1, true], Other: [1, false] });
    expect(byId.get(num.id)!.answers).toEqual([
      { id: answersOf(num)[0]!.id, text: '', correct: true, responses: 1, numerical_answer_type: 'exact_answer', exact: 100, margin: 1 },
      { id: 'other', text: 'Other', correct: false, responses: 1 },
    ]);
    expect(byId.get(blanks.id)).toMatchObject({ responses: 1 });
    expect(byId.get(blanks.id)!.answer_sets!.map((s) => [s.id, tally(s.answers)])).toEqual([['b', { '100': [1, true], 'No Answer': [1, false] }]]);
    expect(byId.get(dropdowns.id)!.answer_sets!.map((s) => [s.id, tally(s.answers)])).toEqual([['s', { solid: [1, true], gas: [0, false], 'No Answer': [1, false] }]]);
    expect(byId.get(matching.id)!.answer_sets!.map((s) => [s.text, tally(s.answers)])).toEqual([
      ['Ice', { solid: [1, true], gas: [1, false] }],
      ['Steam', { solid: [0, false], gas: [1, true], 'No Answer': [1, false] }],
    ]);
    expect(byId.get(essay.id)).toMatchObject({ responses: 1, graded: 0, full_credit: 0, point_distribution: [] });

    // A: 2 + 2 + 1 + 1 + 1 + 1 + 2 = 10; B: 0 + 0 (one right, one wrong) + 0 + 0 + 0 + 0 + 0 = 0.
    expect(stats.submission_statistics).toMatchObject({ unique_count: 2, score_average: 5, score_high: 10, score_low: 0, score_stdev: 5, scores: { '0': 1, '77': 1 } });
    expect(stats.submission_statistics.correct_count_average).toBe(3.5);
    expect(stats.submission_statistics.duration_average).toEqual(expect.any(Number));
  });

  it('an essay scored by hand shows in its point distribution', async () => {
    const essay = questions[7]!;
    const [subA] = ((await api(server, course.teacher.token, 'GET', `/api/v1/courses/${course.id}/quizzes/${quiz.id}/submissions?per_page=100`)).json as { quiz_submissions: Json[] }).quiz_submissions.filter(
      (s) => s.user_id === course.studentA.id,
    );
    const graded = await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/quizzes/${quiz.id}/submissions/${subA!.id}`, {
      quiz_submissions: [{ attempt: 1, questions: { [essay.id]: { score: 3 } } }],
    });
    expect(graded.status).toBe(200);
    const stats = await statistics(course.teacher.token);
    expect(stats.question_statistics.find((q) => q.id === essay.id)).toMatchObject({ graded: 1, full_credit: 1, point_distribution: [{ score: 3, count: 1 }] });
    expect(stats.submission_statistics).toMatchObject({ score_high: 13, score_average: 6.5 });
  });

  it('a TA limited to a section counts that section’s students only', async () => {
    const stats = await statistics(course.ta.token);
    expect(stats.submission_statistics).toMatchObject({ unique_count: 1, score_high: 0 });
    expect(tally(stats.question_statistics[0]!.answers)).toEqual({ Evaporation: [0, true], Erosion: [1, false], Melting: [0, false] });
  });

  it('only graders: no token, students, observers, designers and outsiders are refused; an unknown quiz is a 404; bad parameters a 400', async () => {
    expectInvalidToken(await api(server, undefined, 'GET', statsPath()));
    for (const [who, user] of Object.entries({ student: course.studentA, observer: course.observer, designer: course.designer, outsider: course.outsider })) {
      expectUnauthorized(await api(server, user.token, 'GET', statsPath()), who);
    }
    expectNotFound(await api(server, course.teacher.token, 'GET', `/api/v1/courses/${course.id}/quizzes/999999999/statistics`));
    expect((await api(server, course.teacher.token, 'GET', `${statsPath()}?all_versions=true`)).status).toBe(200);
    expect((await api(server, course.teacher.token, 'GET', `${statsPath()}?all_versions[x]=1`)).status).toBe(400);
  });
});
